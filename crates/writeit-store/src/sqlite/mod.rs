//! SQLite: the embedded default. WAL mode; one writer connection (SQLite allows one writer at a
//! time, so a single connection avoids lock contention) and a pool of readers.

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Connection;

/// Reader connections: enough to keep both cores busy with concurrent syncs.
const READERS: u32 = 8;

/// A store in one SQLite file.
pub struct SqliteStore {
    read: SqlitePool,
    write: SqlitePool,
    /// `PRAGMA max_page_count` for every writer connection (0: SQLite's default), so tests can
    /// fill the "disk" (see [`SqliteStore::cap_pages`]).
    page_cap: Arc<AtomicU32>,
    /// The folder of the database file.
    folder: std::path::PathBuf,
}

impl SqliteStore {
    /// Opens (creating when missing) the database file at `path` and migrates it.
    pub async fn open(path: &str) -> crate::Result<Self> {
        if let Some(dir) = Path::new(path)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir).map_err(|e| {
                crate::StoreError::Config(format!("cannot create folder {}: {e}", dir.display()))
            })?;
        }
        let options = SqliteConnectOptions::from_str(&format!("sqlite:{path}"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true)
            // 8 MiB of page cache per connection: readers x this bounds the cache's share of RSS.
            .pragma("cache_size", "-8000");
        let page_cap = Arc::new(AtomicU32::new(0));
        let cap = page_cap.clone();
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .after_connect(move |conn, _| {
                let cap = cap.load(Ordering::Relaxed);
                Box::pin(async move {
                    if cap > 0 {
                        sqlx::query(&format!("PRAGMA max_page_count = {cap}"))
                            .execute(conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            // A failed COMMIT (a full disk) can leave SQLite back in autocommit while sqlx still
            // counts an open transaction: its next BEGIN becomes a SAVEPOINT that starts a
            // transaction no later COMMIT ends, and every save after it is acknowledged but never
            // committed. So a writer that is not in autocommit with no transaction counted once
            // released is closed (closing rolls back) and the pool opens a fresh one.
            .after_release(|conn, _| {
                Box::pin(async move {
                    let counted = conn.is_in_transaction();
                    // Goes through the worker's queue, so a rollback queued by a dropped
                    // transaction has run by now.
                    let mut handle = conn.lock_handle().await?;
                    // SAFETY: the handle is locked out from the worker thread while we hold it.
                    let open = unsafe {
                        libsqlite3_sys::sqlite3_get_autocommit(handle.as_raw_handle().as_ptr())
                    } == 0;
                    drop(handle);
                    let counted = counted || conn.is_in_transaction();
                    if counted || open {
                        tracing::warn!(
                            counted,
                            open,
                            "SQLite writer left inside a transaction: replacing it"
                        );
                    }
                    Ok(!counted && !open)
                })
            })
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("./migrations/sqlite").run(&write).await?;
        let read = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_with(options.read_only(true))
            .await?;
        let folder = match Path::new(path).parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        Ok(SqliteStore {
            read,
            write,
            page_cap,
            folder,
        })
    }

    /// Fault injection for tests: with `Some(n)`, the file may grow to `n` pages more than it has
    /// now, and a write that needs more fails with SQLITE_FULL, as on a full disk; `None` lifts
    /// the cap ("space freed"). Holds for writer connections opened later too.
    #[doc(hidden)]
    pub async fn cap_pages(&self, more: Option<u32>) -> crate::Result<()> {
        let mut conn = self.write.acquire().await?;
        let cap = match more {
            Some(more) => {
                let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
                    .fetch_one(&mut *conn)
                    .await?;
                u32::try_from(pages)
                    .unwrap_or(u32::MAX)
                    .saturating_add(more)
            }
            // SQLite's largest page count (an older default; larger values are clamped anyway).
            None => 1_073_741_823,
        };
        sqlx::query(&format!("PRAGMA max_page_count = {cap}"))
            .execute(&mut *conn)
            .await?;
        self.page_cap
            .store(if more.is_some() { cap } else { 0 }, Ordering::Relaxed);
        Ok(())
    }
}

impl crate::store::SqlStore for SqliteStore {
    type Db = sqlx::Sqlite;
    fn read(&self) -> &SqlitePool {
        &self.read
    }
    fn write(&self) -> &SqlitePool {
        &self.write
    }
    fn folder(&self) -> Option<std::path::PathBuf> {
        Some(self.folder.clone())
    }
}
