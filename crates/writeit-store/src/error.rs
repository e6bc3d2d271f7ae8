//! The store's one error type; the server maps it onto tRPC codes in one place.

use writeit_core::ErrorReason;

/// Why a store call failed. The refusals (`Invalid`, `Forbidden`, `Conflict`) name the input field
/// they are about, as the camelCase JSON path the caller sent.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The input refers to something that does not exist, or breaks a rule only the store can check.
    #[error("{message}")]
    Invalid {
        field: String,
        reason: ErrorReason,
        message: String,
    },
    /// The caller may not write this row.
    #[error("{message}")]
    Forbidden { field: String, message: String },
    /// The write contradicts what is stored (e.g. a review id reused for another answer).
    #[error("{message}")]
    Conflict {
        field: Option<String>,
        message: String,
    },
    /// The write would pass a stated limit of the caller's (the media quota): 413.
    #[error("{message}")]
    TooLarge { field: String, message: String },
    /// The store cannot be opened as configured.
    #[error("{0}")]
    Config(String),
    /// A stored row cannot be read back (bad JSON in a column, an unknown enum value).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The database failed.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// A migration failed.
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// The database cannot be reached now (no connection within the pool's wait, a dropped
    /// connection, PostgreSQL shutting down or starting up): worth retrying later, unlike a
    /// failed statement.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Database(e) => match e {
                sqlx::Error::PoolTimedOut
                | sqlx::Error::PoolClosed
                | sqlx::Error::Io(_)
                | sqlx::Error::Tls(_)
                | sqlx::Error::WorkerCrashed => true,
                // SQLSTATE class 08: connection exception; 57P01-57P03: admin shutdown, crash
                // shutdown, cannot connect now.
                // 53300: too many connections.
                sqlx::Error::Database(db) => db.code().is_some_and(|c| {
                    c.starts_with("08") || matches!(&*c, "57P01" | "57P02" | "57P03" | "53300")
                }),
                _ => false,
            },
            _ => false,
        }
    }

    /// The write failed for lack of disk space: SQLite's SQLITE_FULL (13, a full disk or
    /// `max_page_count`), PostgreSQL's disk_full (53100), or ENOSPC / EDQUOT from a file.
    pub fn is_disk_full(&self) -> bool {
        const ENOSPC: i32 = 28;
        const EDQUOT: i32 = 122;
        match self {
            StoreError::Database(sqlx::Error::Database(db)) => {
                db.code().is_some_and(|c| matches!(&*c, "13" | "53100"))
            }
            StoreError::Database(sqlx::Error::Io(e)) => {
                matches!(e.raw_os_error(), Some(ENOSPC | EDQUOT))
            }
            _ => false,
        }
    }

    /// `Invalid` for an input naming a row that does not exist (the message names `field`).
    pub fn not_found(field: &str, message: impl std::fmt::Display) -> Self {
        StoreError::Invalid {
            field: field.into(),
            reason: ErrorReason::NotFound,
            message: format!("{field}: {message}"),
        }
    }

    /// `Invalid` from a failed input check, keeping its field and reason.
    pub fn invalid(e: writeit_core::RpcError) -> Self {
        StoreError::Invalid {
            field: e.field.unwrap_or_default(),
            reason: e.reason.unwrap_or(ErrorReason::InvalidFormat),
            message: e.message,
        }
    }
}
