//! Recovery codes of a TOTP factor, stored by hash, each usable once.

use sqlx::Executor;

use crate::dialect::{Affected, Bind, Dialect};
use crate::rows::Row;
use crate::Result;

const DELETE: &str = include_str!("delete.sql");
const INSERT: &str = include_str!("insert.sql");
const USE: &str = include_str!("use.sql");
const LEFT: &str = include_str!("left.sql");

/// Removes all of the user's codes.
pub(crate) async fn delete<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
) -> Result<()> {
    D::query(DELETE).arg(user_id).execute(ex).await?;
    Ok(())
}

/// Stores a code by its hash.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    hash: &str,
) -> Result<()> {
    D::query(INSERT).arg(user_id).arg(hash).execute(ex).await?;
    Ok(())
}

/// Uses code `hash` at `now`; false when unknown or used.
pub(crate) async fn use_code<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    hash: &str,
    now: i64,
) -> Result<bool> {
    let done = D::query(USE)
        .arg(user_id)
        .arg(hash)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Unused codes left.
pub(crate) async fn left<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
) -> Result<i64> {
    D::query(LEFT).arg(user_id).fetch_one(ex).await?.int(0)
}
