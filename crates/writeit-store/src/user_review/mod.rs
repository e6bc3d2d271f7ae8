//! A learner's reviews: immutable answers, idempotent by id, taken back by a tombstone. What an
//! arriving one means, and the time it is stored at, is decided in `writeit_core::decide::review`.

use sqlx::Executor;
use writeit_core::decide::review::StoredReview;
use writeit_core::entity::UserReview;

use crate::dialect::{Bind, Dialect};
use crate::rows::{kind, Row};
use crate::{Result, StoreError};

const GET: &str = include_str!("get.sql");
const INSERT: &str = include_str!("insert.sql");
const DELETE: &str = include_str!("delete.sql");
const OF_CARD: &str = include_str!("of_card.sql");
const OF_USER: &str = include_str!("of_user.sql");
const COUNT: &str = include_str!("count.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// `user`'s review by id, with the time its device claimed when it was clamped.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    id: &str,
) -> Result<Option<StoredReview>> {
    let found = D::query(GET).arg(user).arg(id).fetch_optional(ex).await?;
    found
        .map(|r| {
            Ok(StoredReview {
                review: row(&r)?,
                claimed_reviewed_at: r.opt_int(11)?,
            })
        })
        .transpose()
}

/// Stores `user`'s review `s` stamped `stamp`, as decided (a tombstone when it comes deleted).
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    s: &StoredReview,
    stamp: i64,
) -> Result<()> {
    let r = &s.review;
    D::query(INSERT)
        .arg(user)
        .arg(&r.id)
        .arg(&r.card_id)
        .arg(&r.entry_id)
        .arg(r.kind.as_str())
        .arg(i64::from(r.rating))
        .arg(r.reviewed_at)
        .arg(r.duration_ms)
        .arg(r.score)
        .arg(r.desired_retention)
        .arg(stamp)
        .arg(r.deleted)
        .arg(s.claimed_reviewed_at)
        .execute(ex)
        .await?;
    Ok(())
}

/// Takes `user`'s review `id` back: a tombstone stamped `stamp`.
pub(crate) async fn delete<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    id: &str,
    stamp: i64,
) -> Result<()> {
    D::query(DELETE)
        .arg(user)
        .arg(id)
        .arg(stamp)
        .execute(ex)
        .await?;
    Ok(())
}

/// `user`'s reviews of card `card_id` (live ones, as `of_card.sql` selects).
pub(crate) async fn of_card<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    card_id: &str,
) -> Result<Vec<UserReview>> {
    D::query(OF_CARD)
        .arg(user)
        .arg(card_id)
        .fetch_all(ex)
        .await?
        .iter()
        .map(row)
        .collect()
}

/// All of `user`'s live reviews, card by card in replay order (the fitter's log). Streamed, so
/// only the reviews are held, not the database's rows as well.
pub(crate) async fn of_user<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
) -> Result<Vec<UserReview>> {
    let mut out = Vec::new();
    for_each_card(ex, user, |card| out.extend(card)).await?;
    Ok(out)
}

/// `user`'s live reviews handed over one card at a time, in replay order, streamed: a learner's
/// whole log is never in memory at once.
pub(crate) async fn for_each_card<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    mut each: impl FnMut(Vec<UserReview>),
) -> Result<()> {
    use futures::TryStreamExt;
    let mut rows = D::query(OF_USER).arg(user).fetch(ex);
    let mut card: Vec<UserReview> = Vec::new();
    while let Some(r) = rows.try_next().await? {
        let review = row(&r)?;
        if card.first().is_some_and(|c| c.card_id != review.card_id) {
            each(std::mem::take(&mut card));
        }
        card.push(review);
    }
    if !card.is_empty() {
        each(card);
    }
    Ok(())
}

/// How many live reviews `user` has.
pub(crate) async fn count<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
) -> Result<u32> {
    let n = D::query(COUNT).arg(user).fetch_one(ex).await?.int(0)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// A row as `get.sql` (its first 11 columns), `of_card.sql`, `of_user.sql` and `page.sql` select
/// it.
pub(crate) fn row(r: &impl Row) -> Result<UserReview> {
    Ok(UserReview {
        id: r.text(0)?,
        card_id: r.text(1)?,
        entry_id: r.text(2)?,
        kind: kind(r, 3)?,
        rating: u8::try_from(r.int(4)?).map_err(|_| StoreError::Corrupt("rating".into()))?,
        reviewed_at: r.int(5)?,
        duration_ms: r.int(6)?,
        score: r.opt_real(7)?,
        desired_retention: r.opt_real(8)?,
        updated_at: r.int(9)?,
        deleted: r.flag(10)?,
    })
}
