//! `writeit serve`: open the store (seeding an empty one), load the signing key, listen, and shut
//! down gracefully on Ctrl-C or SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::app::{app_with_origins, AppState};
use crate::auth::{SigningKeys, Verifier};
use crate::identity::{Identity, IdentityConfig};

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
    #[command(flatten)]
    pub identity: IdentityFlags,
}

/// The identity service's flags (docs/identity.md).
#[derive(Clone, Debug, clap::Args)]
pub struct IdentityFlags {
    /// Base URL of the web app for mailed links (default: http://{addr}).
    #[arg(long, env = "WRITEIT_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// SMTP relay for mail, e.g. smtp://user:pass@host:587?tls=required; unset: .eml files in
    /// DATA_DIR/outbox, links logged.
    #[arg(long, env = "WRITEIT_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of mail.
    #[arg(
        long,
        env = "WRITEIT_MAIL_FROM",
        default_value = "WriteIt <noreply@localhost>"
    )]
    pub mail_from: String,
    /// ID-token lifetime in minutes (15 to 60).
    #[arg(long, env = "WRITEIT_ID_TOKEN_MINUTES", default_value_t = 30, value_parser = clap::value_parser!(i64).range(15..=60))]
    pub id_token_minutes: i64,
    /// Seconds after signing in during which a session may change its email, password or second
    /// factor, or delete the account; later the user is asked to sign in again.
    #[arg(long, env = "WRITEIT_RECENT_SIGN_IN_SECONDS", default_value_t = 300, value_parser = clap::value_parser!(i64).range(1..=86_400))]
    pub recent_sign_in_seconds: i64,
    /// Behind a proxy: rate-limit by the last X-Forwarded-For hop instead of the peer address.
    #[arg(long, env = "WRITEIT_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Also accept ID tokens of this OpenID issuer (its `iss`); needs --oidc-jwks-url.
    #[arg(long, env = "WRITEIT_OIDC_ISSUER")]
    pub oidc_issuer: Option<String>,
    /// The external issuer's JWKS (RS256 and ES256 keys).
    #[arg(long, env = "WRITEIT_OIDC_JWKS_URL")]
    pub oidc_jwks_url: Option<String>,
    /// The `aud` the external issuer's tokens must carry.
    #[arg(long, env = "WRITEIT_OIDC_AUDIENCE", default_value = "writeit")]
    pub oidc_audience: String,
    /// Accept development tokens (`writeit token`) for users with no account, with the role they
    /// claim. For tests and benchmarks only: never in production.
    #[arg(long, env = "WRITEIT_DEV_TOKENS")]
    pub dev_tokens: bool,
}

/// The token verifier: this server's key, and the external issuer when configured. Its JWKS is
/// fetched now and every 10 minutes.
pub async fn verifier(keys: &SigningKeys, flags: &IdentityFlags) -> anyhow::Result<Verifier> {
    let verifier = Verifier::new(keys);
    let (issuer, url) = match (&flags.oidc_issuer, &flags.oidc_jwks_url) {
        (None, None) => return Ok(verifier),
        (Some(i), Some(u)) if !i.is_empty() && !u.is_empty() => (i, u),
        _ => anyhow::bail!("set both WRITEIT_OIDC_ISSUER and WRITEIT_OIDC_JWKS_URL, or neither"),
    };
    let external = std::sync::Arc::new(
        crate::auth::ExternalIssuer::load(issuer, &flags.oidc_audience, url)
            .await
            .with_context(|| format!("cannot read the external issuer's JWKS at {url}"))?,
    );
    tracing::info!(%issuer, jwks = %url, "accepting ID tokens of an external issuer");
    let refreshing = external.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(600)).await;
            if let Err(e) = refreshing.refresh().await {
                tracing::warn!(error = %e, "cannot refresh the external issuer's JWKS");
            }
        }
    });
    Ok(verifier.with_external(external))
}

impl IdentityFlags {
    /// The identity set-up for a server listening on `addr` with data in `data_dir`.
    pub fn config(&self, addr: SocketAddr, data_dir: &std::path::Path) -> IdentityConfig {
        IdentityConfig {
            public_url: self
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{addr}"))
                .trim_end_matches('/')
                .to_string(),
            smtp_url: self.smtp_url.clone().filter(|u| !u.is_empty()),
            mail_from: self.mail_from.clone(),
            id_token_ttl_secs: self.id_token_minutes * 60,
            recent_sign_in_secs: self.recent_sign_in_seconds,
            trust_forwarded_for: self.trust_forwarded_for,
            outbox_dir: data_dir.join("outbox"),
            dev_tokens: self.dev_tokens,
            ..Default::default()
        }
    }
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
    let listener = TcpListener::bind(config.addr).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
            "cannot listen on {}: the port is already in use (stop the other server, or set --addr / WRITEIT_ADDR)",
            config.addr
        ),
        _ => anyhow::anyhow!("cannot listen on {}: {e}", config.addr),
    })?;
    let addr = listener.local_addr()?;
    let identity = Identity::new(
        config.identity.config(addr, &config.common.data_dir),
        crate::identity::Sealer::load_or_create(&config.common.data_dir)?,
    )?;
    match &identity.config.smtp_url {
        Some(url) => tracing::info!(smtp = %redact(url), "mail goes through SMTP"),
        None => {
            tracing::info!(outbox = %identity.config.outbox_dir.display(), "no WRITEIT_SMTP_URL: mail is written to the outbox")
        }
    }
    if identity.config.dev_tokens {
        tracing::warn!("--dev-tokens: `writeit token` tokens are accepted with the role they claim; never use this in production");
    }
    let verifier = verifier(&keys, &config.identity).await?;
    let state = AppState::with_identity(store, verifier, identity);
    tracing::info!(%addr, database = %redact(&config.common.database_url()), "listening");
    println!("WriteIt is running at http://{addr}/");
    let origins: Vec<&str> = config.cors_origins.iter().map(String::as_str).collect();
    axum::serve(
        listener,
        app_with_origins(state, Some(config.web_dir), &origins)
            .into_make_service_with_connect_info::<SocketAddr>(),
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
