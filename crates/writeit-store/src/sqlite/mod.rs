//! SQLite: the embedded default. WAL mode; one writer connection (SQLite allows one writer at a
//! time, so a single connection avoids lock contention) and a pool of readers.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

/// Reader connections: enough to keep both cores busy with concurrent syncs.
const READERS: u32 = 8;

/// A store in one SQLite file.
pub struct SqliteStore {
    read: SqlitePool,
    write: SqlitePool,
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
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("./migrations/sqlite").run(&write).await?;
        let read = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_with(options.read_only(true))
            .await?;
        Ok(SqliteStore { read, write })
    }
}

crate::sql_store::sql_store!(SqliteStore, sqlx::Sqlite, sqlite);
crate::identity_store::identity_store!(SqliteStore, sqlx::Sqlite);
