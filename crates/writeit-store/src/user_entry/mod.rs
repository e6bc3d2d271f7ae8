//! A learner's switch for an entry (studied or not).

use sqlx::Executor;
use writeit_core::entity::UserEntry;
use writeit_core::paging::PageInput;

use crate::dialect::{Bind, Dialect};
use crate::{page, rows, Result};

const UPSERT: &str = include_str!("upsert.sql");
const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// Upserts `user`'s row `e` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    e: &UserEntry,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(&e.id)
        .arg(e.enabled)
        .arg(stamp)
        .arg(e.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// A page of `user`'s rows.
pub(crate) async fn page<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    page: &PageInput,
) -> Result<Vec<UserEntry>> {
    page::of_user(ex, PAGE, user, page, rows::user_entry).await
}
