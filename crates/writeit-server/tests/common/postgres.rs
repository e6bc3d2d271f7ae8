//! A PostgreSQL database of a test's own on the server `WRITEIT_TEST_POSTGRES_URL` names.

#![allow(dead_code)]

use sqlx::Connection;

/// A fresh database, dropped by [`Database::drop`].
pub struct Database {
    /// Its URL.
    pub url: String,
    server: String,
    name: String,
}

impl Database {
    /// A new database named `prefix_…`, or `None` (the test is skipped) when no server is named,
    /// unless `WRITEIT_REQUIRE_POSTGRES=1`.
    pub async fn create(prefix: &str) -> Option<Database> {
        let server = match std::env::var("WRITEIT_TEST_POSTGRES_URL") {
            Ok(url) if !url.is_empty() => url,
            _ => {
                assert_ne!(
                    std::env::var("WRITEIT_REQUIRE_POSTGRES").as_deref(),
                    Ok("1"),
                    "WRITEIT_REQUIRE_POSTGRES=1 but WRITEIT_TEST_POSTGRES_URL is not set"
                );
                return None;
            }
        };
        let name = format!("{prefix}_{}", uuid::Uuid::now_v7().simple());
        Self::run(&server, &format!("CREATE DATABASE {name}")).await;
        let (base, _) = server.rsplit_once('/').unwrap();
        Some(Database {
            url: format!("{base}/{name}"),
            server,
            name,
        })
    }

    /// Drops the database, with whoever is still connected.
    pub async fn drop(self) {
        Self::run(
            &self.server,
            &format!("DROP DATABASE {} WITH (FORCE)", self.name),
        )
        .await;
    }

    async fn run(server: &str, statement: &str) {
        let mut admin = sqlx::PgConnection::connect(server).await.unwrap();
        sqlx::query(statement).execute(&mut admin).await.unwrap();
        let _ = admin.close().await;
    }
}
