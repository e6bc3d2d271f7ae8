//! Rate-limit counters: hits on a key in a fixed window, kept in the database so every server
//! instance counts alike.

use sqlx::Executor;

use crate::dialect::{Bind, Dialect};
use crate::rows::Row;
use crate::Result;

const HIT: &str = include_str!("hit.sql");
const PEEK: &str = include_str!("peek.sql");
const RELEASE: &str = include_str!("release.sql");
const PURGE: &str = include_str!("purge.sql");

/// Counts a hit on `key` at `now`, starting a new window when the current one began at or before
/// `stale`; answers (hits, window start).
pub(crate) async fn hit<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    key: &str,
    now: i64,
    stale: i64,
) -> Result<(i64, i64)> {
    let row = D::query(HIT)
        .arg(key)
        .arg(now)
        .arg(stale)
        .fetch_one(ex)
        .await?;
    Ok((row.int(0)?, row.int(1)?))
}

/// (hits, window start) of `key`'s window if it began after `stale`.
pub(crate) async fn peek<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    key: &str,
    stale: i64,
) -> Result<Option<(i64, i64)>> {
    let row = D::query(PEEK)
        .arg(key)
        .arg(stale)
        .fetch_optional(ex)
        .await?;
    row.map(|r| Ok((r.int(0)?, r.int(1)?))).transpose()
}

/// Takes back one hit on `key` if its window still starts at `window_start`.
pub(crate) async fn release<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    key: &str,
    window_start: i64,
) -> Result<()> {
    D::query(RELEASE)
        .arg(key)
        .arg(window_start)
        .execute(ex)
        .await?;
    Ok(())
}

/// Deletes counters whose window began before `before`.
pub(crate) async fn purge<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    before: i64,
) -> Result<()> {
    D::query(PURGE).arg(before).execute(ex).await?;
    Ok(())
}
