//! A SQLite database file of a test's own, removed (with its WAL files) on drop.

#![allow(dead_code)]

/// A fresh database file in the temporary folder.
pub struct SqliteFile {
    /// Its URL (`sqlite:PATH`).
    pub url: String,
    path: std::path::PathBuf,
}

impl SqliteFile {
    /// A file named `prefix-….db` (made when first opened).
    pub fn new(prefix: &str) -> SqliteFile {
        let path = std::env::temp_dir().join(format!("{prefix}-{}.db", uuid::Uuid::now_v7()));
        SqliteFile {
            url: format!("sqlite:{}", path.display()),
            path,
        }
    }
}

impl Drop for SqliteFile {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}
