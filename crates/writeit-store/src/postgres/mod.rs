//! PostgreSQL: for scale-out, several `writeit serve` instances sharing one database.

use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::Connection;

/// Connections per instance.
const CONNECTIONS: u32 = 16;

/// A store in a PostgreSQL database.
pub struct PostgresStore {
    read: PgPool,
    write: PgPool,
}

impl PostgresStore {
    /// Connects to `url` and migrates the database; a call waits at most `acquire_timeout` for a
    /// connection.
    pub async fn open(url: &str, acquire_timeout: Duration) -> crate::Result<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(CONNECTIONS)
            .acquire_timeout(acquire_timeout)
            // Never hand out a connection sqlx still counts inside a transaction (see sqlite/).
            .after_release(|conn, _| Box::pin(async move { Ok(!conn.is_in_transaction()) }))
            .connect(url)
            .await?;
        sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        Ok(PostgresStore {
            read: pool.clone(),
            write: pool,
        })
    }
}

impl crate::store::SqlStore for PostgresStore {
    type Db = sqlx::Postgres;
    fn read(&self) -> &PgPool {
        &self.read
    }
    fn write(&self) -> &PgPool {
        &self.write
    }
}
