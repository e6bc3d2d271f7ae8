//! The store's one error type; the server maps it onto tRPC codes in one place.

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The input refers to something that does not exist, or breaks a rule only the store can check.
    #[error("{0}")]
    Invalid(String),
    /// The caller may not write this row.
    #[error("{0}")]
    Forbidden(String),
    /// The write contradicts what is stored (e.g. a review id reused for another answer).
    #[error("{0}")]
    Conflict(String),
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
