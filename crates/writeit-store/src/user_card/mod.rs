//! A learner's card: never written by a client, always rebuilt here from the card's reviews.

use sqlx::Executor;
use writeit_core::entity::UserCard;
use writeit_core::paging::PageInput;

use crate::dialect::{Bind, Dialect};
use crate::{page, rows, Result};

const GET: &str = include_str!("get.sql");
const UPSERT: &str = include_str!("upsert.sql");
const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// `user`'s card by id.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    id: &str,
) -> Result<Option<UserCard>> {
    let row = D::query(GET).arg(user).arg(id).fetch_optional(ex).await?;
    row.as_ref().map(rows::user_card).transpose()
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

/// A page of `user`'s cards.
pub(crate) async fn page<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    page: &PageInput,
) -> Result<Vec<UserCard>> {
    page::of_user(ex, PAGE, user, page, rows::user_card).await
}
