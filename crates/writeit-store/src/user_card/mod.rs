//! A learner's card: never written by a client, always rebuilt here from the card's reviews.

use sqlx::Executor;
use writeit_core::entity::UserCard;

use crate::dialect::{Bind, Dialect};
use crate::rows::{kind, small, Row};
use crate::{Result, StoreError};

const GET: &str = include_str!("get.sql");
const UPSERT: &str = include_str!("upsert.sql");
const OF_USER: &str = include_str!("of_user.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// `user`'s card by id.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    id: &str,
) -> Result<Option<UserCard>> {
    let found = D::query(GET).arg(user).arg(id).fetch_optional(ex).await?;
    found.as_ref().map(row).transpose()
}

/// All of `user`'s live cards.
pub(crate) async fn of_user<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
) -> Result<Vec<UserCard>> {
    D::query(OF_USER)
        .arg(user)
        .fetch_all(ex)
        .await?
        .iter()
        .map(row)
        .collect()
}

/// Upserts `user`'s card `c` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    c: &UserCard,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(&c.id)
        .arg(&c.entry_id)
        .arg(c.kind.as_str())
        .arg(c.due)
        .arg(c.stability)
        .arg(c.difficulty)
        .arg(i64::from(c.elapsed_days))
        .arg(i64::from(c.scheduled_days))
        .arg(i64::from(c.learning_steps))
        .arg(i64::from(c.reps))
        .arg(i64::from(c.lapses))
        .arg(i64::from(c.state))
        .arg(c.last_review)
        .arg(stamp)
        .arg(c.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// A row as `get.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<UserCard> {
    Ok(UserCard {
        id: r.text(0)?,
        entry_id: r.text(1)?,
        kind: kind(r, 2)?,
        due: r.int(3)?,
        stability: r.real(4)?,
        difficulty: r.real(5)?,
        elapsed_days: small(r.int(6)?, "elapsed_days")?,
        scheduled_days: small(r.int(7)?, "scheduled_days")?,
        learning_steps: small(r.int(8)?, "learning_steps")?,
        reps: small(r.int(9)?, "reps")?,
        lapses: small(r.int(10)?, "lapses")?,
        state: u8::try_from(r.int(11)?).map_err(|_| StoreError::Corrupt("card state".into()))?,
        last_review: r.opt_int(12)?,
        updated_at: r.int(13)?,
        deleted: r.flag(14)?,
    })
}
