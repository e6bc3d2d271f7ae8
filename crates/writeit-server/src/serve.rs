//! `writeit serve`: open the store (seeding an empty one), load the signing key, listen, and shut
//! down gracefully on Ctrl-C or SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::app::{app_with_origins, AppState};
use crate::auth::{SigningKeys, Verifier};

/// Everything `serve` needs, from flags or environment.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeConfig {
    /// Address to listen on.
    #[arg(long, env = "WRITEIT_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub common: CommonConfig,
    /// Folder of the built web app (served at /).
    #[arg(long, env = "WRITEIT_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Origins allowed to call the API cross-origin (the native shell's), comma-separated.
    #[arg(long, env = "WRITEIT_CORS_ORIGINS", value_delimiter = ',', default_values_t = crate::app::NATIVE_ORIGINS.map(String::from))]
    pub cors_origins: Vec<String>,
    /// Folder of the starter content loaded into an empty database.
    #[arg(long, env = "WRITEIT_STARTER_DIR", default_value = "data/starter")]
    pub starter_dir: PathBuf,
}

/// Flags every database command shares.
#[derive(Clone, Debug, clap::Args)]
pub struct CommonConfig {
    /// Folder for the SQLite database, keys and mail outbox.
    #[arg(long, env = "WRITEIT_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// `postgres://…` for PostgreSQL, or `sqlite:PATH`; default: SQLite in the data folder.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
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
        writeit_store::open(&url)
            .await
            .with_context(|| format!("cannot open the database {}", redact(&url)))
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

/// Runs the server until a shutdown signal.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    std::fs::create_dir_all(&config.common.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            config.common.data_dir.display()
        )
    })?;
    let store = config.common.open_store().await?;
    if store.public_counts().await?[0] == 0 {
        if config.starter_dir.join("languages.json").is_file() {
            let seeded = crate::seed::seed(&*store, &config.starter_dir).await?;
            tracing::info!(
                ?seeded,
                "loaded the starter content into the empty database"
            );
        } else {
            tracing::warn!(dir = %config.starter_dir.display(), "no starter content found; the database stays empty");
        }
    }
    let keys = SigningKeys::load_or_create(&config.common.data_dir)?;
    let state = AppState::new(store, Verifier::new(&keys));
    let listener = TcpListener::bind(config.addr).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
            "cannot listen on {}: the port is already in use (stop the other server, or set --addr / WRITEIT_ADDR)",
            config.addr
        ),
        _ => anyhow::anyhow!("cannot listen on {}: {e}", config.addr),
    })?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, database = %redact(&config.common.database_url()), "listening");
    println!("WriteIt is running at http://{addr}/");
    let origins: Vec<&str> = config.cors_origins.iter().map(String::as_str).collect();
    axum::serve(
        listener,
        app_with_origins(state, Some(config.web_dir), &origins),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await
    .context("server error")?;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down: finishing requests in flight");
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
