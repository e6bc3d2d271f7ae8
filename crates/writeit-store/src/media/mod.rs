//! Media files (an entry's audio), stored once under the SHA-256 of their bytes; who uploaded
//! each (`media_uploads`), which the per-account quota counts ([`charge`]); and the collector of
//! files no entry references once their last upload is older than the grace period
//! ([`unreferenced`], [`remove`]).

use sqlx::Executor;

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::Row;
use crate::{Media, MediaQuota, Result, StoreError, Uploader};

const GET: &str = include_str!("get.sql");
const INSERT: &str = include_str!("insert.sql");
const UPLOAD: &str = include_str!("upload.sql");
const USAGE: &str = include_str!("usage.sql");
const UPLOADED: &str = include_str!("uploaded.sql");
const UNREFERENCED: &str = include_str!("unreferenced.sql");
const DELETE: &str = include_str!("delete.sql");
const DELETE_UPLOADS: &str = include_str!("delete_uploads.sql");

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

/// Records that `uploader` uploaded `files` at `stamp`, refusing (nothing recorded) when the
/// files new to them would take them past their quota. A file they uploaded before counts once.
pub(crate) async fn charge<D: Dialect>(
    conn: &mut D::Connection,
    uploader: &Uploader,
    files: &[Media],
    stamp: i64,
) -> Result<()> {
    if let Some(quota) = &uploader.quota {
        let usage = D::query(USAGE)
            .arg(&uploader.user_id)
            .fetch_one(conn.ex())
            .await?;
        let (mut count, mut bytes) = (usage.int(0)? as u64, usage.int(1)? as u64);
        for m in files {
            let known = D::query(UPLOADED)
                .arg(&uploader.user_id)
                .arg(&m.id)
                .fetch_optional(conn.ex())
                .await?
                .is_some();
            if !known {
                count += 1;
                bytes += m.bytes.len() as u64;
            }
        }
        if count > quota.files || bytes > quota.bytes {
            return Err(over_quota(quota, count, bytes));
        }
    }
    for m in files {
        D::query(UPLOAD)
            .arg(&uploader.user_id)
            .arg(&m.id)
            .arg(m.bytes.len() as i64)
            .arg(stamp)
            .execute(conn.ex())
            .await?;
    }
    Ok(())
}

fn over_quota(quota: &MediaQuota, count: u64, bytes: u64) -> StoreError {
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    StoreError::TooLarge {
        field: "file".into(),
        message: format!(
            "file: this would take your recordings past the limit of {:.0} MiB and {} files per \
             account ({:.1} MiB in {count} files with it)",
            mib(quota.bytes),
            quota.files,
            mib(bytes)
        ),
    }
}

/// Up to `limit` files whose last upload was before `before` (ms) and that no entry's audio URL
/// names, tombstones included (a deleted entry may be restored), oldest first.
pub(crate) async fn unreferenced<D: Dialect>(
    conn: &mut D::Connection,
    before: i64,
    limit: u32,
) -> Result<Vec<String>> {
    D::query(UNREFERENCED)
        .arg(before)
        .arg(i64::from(limit))
        .fetch_all(conn.ex())
        .await?
        .iter()
        .map(|r| r.text(0))
        .collect()
}

/// Removes file `id` and its uploads.
pub(crate) async fn remove<D: Dialect>(conn: &mut D::Connection, id: &str) -> Result<()> {
    D::query(DELETE).arg(id).execute(conn.ex()).await?;
    D::query(DELETE_UPLOADS).arg(id).execute(conn.ex()).await?;
    Ok(())
}
