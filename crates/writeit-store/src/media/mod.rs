//! Media files (an entry's audio), stored once under the SHA-256 of their bytes.

use sqlx::Executor;

use crate::dialect::{Bind, Dialect};
use crate::rows::Row;
use crate::{Media, Result};

const GET: &str = include_str!("get.sql");
const INSERT: &str = include_str!("insert.sql");

/// A media file by id.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<Media>> {
    let row = D::query(GET).arg(id).fetch_optional(ex).await?;
    row.map(|r| {
        Ok(Media {
            id: id.to_string(),
            content_type: r.text(0)?,
            bytes: r.bytes(1)?,
        })
    })
    .transpose()
}

/// Stores `m` stamped `stamp`, unless a file is already stored under its id.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    m: &Media,
    stamp: i64,
) -> Result<()> {
    D::query(INSERT)
        .arg(&m.id)
        .arg(&m.content_type)
        .arg(&m.bytes)
        .arg(stamp)
        .execute(ex)
        .await?;
    Ok(())
}
