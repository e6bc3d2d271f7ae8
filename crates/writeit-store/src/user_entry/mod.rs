//! A learner's switch for an entry (studied or not).

use sqlx::Executor;
use writeit_core::entity::UserEntry;

use crate::dialect::{Bind, Dialect};
use crate::rows::Row;
use crate::Result;

const UPSERT: &str = include_str!("upsert.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
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

/// A row as `page.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<UserEntry> {
    let id = r.text(0)?;
    Ok(UserEntry {
        entry_id: id.clone(),
        id,
        enabled: r.flag(1)?,
        updated_at: r.int(2)?,
        deleted: r.flag(3)?,
    })
}
