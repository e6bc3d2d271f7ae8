//! The sync clock (docs/sync.md): one row whose stamp every write takes inside its transaction,
//! so stamps are commit-ordered. [`begin_write`] is the one way to write.

use sqlx::{Executor, Pool};

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::Row;
use crate::Result;

const READ: &str = include_str!("read.sql");

/// A write transaction.
pub(crate) type Tx<D> = sqlx::Transaction<'static, D>;

/// Wall-clock ms since the epoch; the sync clock never goes below it.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// The one way to write: a transaction holding the next sync-clock stamp. The clock row stays
/// locked until commit, so stamps are commit-ordered.
pub(crate) async fn begin_write<D: Dialect>(write: &Pool<D>) -> Result<(Tx<D>, i64)> {
    let mut tx = write.begin().await?;
    let row = D::query(D::CLOCK_NEXT)
        .arg(now_ms())
        .fetch_one(tx.ex())
        .await?;
    Ok((tx, row.int(0)?))
}

/// The stamp of the last committed write.
pub(crate) async fn read<'c, D: Dialect>(ex: impl Executor<'c, Database = D>) -> Result<i64> {
    D::query(READ).fetch_one(ex).await?.int(0)
}
