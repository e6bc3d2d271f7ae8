//! A learner's settings for a deck (new cards a day, desired retention).

use sqlx::Executor;
use writeit_core::entity::UserDeck;
use writeit_core::paging::PageInput;

use crate::dialect::{Bind, Dialect};
use crate::{page, rows, Result};

const UPSERT: &str = include_str!("upsert.sql");
const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// Upserts `user`'s row `d` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    d: &UserDeck,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(&d.id)
        .arg(i64::from(d.new_per_day))
        .arg(d.desired_retention)
        .arg(stamp)
        .arg(d.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// A page of `user`'s rows.
pub(crate) async fn page<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    page: &PageInput,
) -> Result<Vec<UserDeck>> {
    page::of_user(ex, PAGE, user, page, rows::user_deck).await
}
