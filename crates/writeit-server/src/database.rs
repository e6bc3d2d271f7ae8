//! The flags every database command shares ([`CommonConfig`]: data folder, database URL, pool
//! wait) and opening the store from them, with errors that say what to fix and never show a
//! password. Used by `serve`, `seed`, `migrate`, the import commands and the CLI.

use std::path::PathBuf;

use anyhow::Context;

/// Flags every database command shares. Global: a command with actions (`writeit users grant …`)
/// takes them before or after its action, as an admin types them.
#[derive(Clone, Debug, clap::Args)]
pub struct CommonConfig {
    /// Folder for the SQLite database, keys and mail outbox.
    #[arg(long, env = "WRITEIT_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,
    /// `postgres://…` for PostgreSQL, or `sqlite:PATH`; default: SQLite in the data folder.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// PostgreSQL: seconds a request waits for a database connection before answering 503.
    #[arg(
        long,
        env = "WRITEIT_DB_ACQUIRE_TIMEOUT",
        default_value_t = 2.0,
        global = true
    )]
    pub db_acquire_timeout: f64,
}

impl CommonConfig {
    /// The database URL to use.
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite:{}", self.data_dir.join("writeit.db").display()))
    }

    /// Opens (and migrates) the store, with an error that says what to fix.
    pub async fn open_store(&self) -> anyhow::Result<writeit_store::SharedStore> {
        let url = self.database_url();
        let options = writeit_store::OpenOptions {
            acquire_timeout: std::time::Duration::try_from_secs_f64(self.db_acquire_timeout)
                .ok()
                .filter(|d| !d.is_zero())
                .context("--db-acquire-timeout must be a positive number of seconds")?,
        };
        writeit_store::open_with(&url, &options)
            .await
            .with_context(|| format!("cannot open the database {}", redact(&url)))
    }

    /// [`CommonConfig::open_store`], then refuses a database that does not accept writes: such a
    /// server would answer reads and fail every save and sign-in.
    pub async fn open_writable_store(&self) -> anyhow::Result<writeit_store::SharedStore> {
        let store = self.open_store().await?;
        store.check_writable().await.with_context(|| {
            format!(
                "the database {} does not accept writes (read-only file, folder or mount, or a \
                 read-only PostgreSQL server or transaction mode)",
                redact(&self.database_url())
            )
        })?;
        Ok(store)
    }
}

/// Hides a password in a database URL.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let userinfo = &url[s + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            let masked = if userinfo.contains(':') {
                format!("{user}:***")
            } else {
                user.to_string()
            };
            format!("{}{masked}{}", &url[..s + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn redacts_passwords() {
        assert_eq!(
            super::redact("postgres://u:secret@h:5/db"),
            "postgres://u:***@h:5/db"
        );
        assert_eq!(super::redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(
            super::redact("sqlite:data/writeit.db"),
            "sqlite:data/writeit.db"
        );
    }
}
