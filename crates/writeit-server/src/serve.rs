//! `writeit serve`: open the store (seeding an empty one), load the signing key, listen, and shut
//! down gracefully on Ctrl-C or SIGTERM, within a deadline. Slow clients are bounded: headers and
//! each part of a body must arrive in time, and a body at a minimum average rate. Overload is
//! bounded by admission control (`admission/`): connections and requests in flight are capped,
//! beyond them a fast 503.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;

use crate::admission::{AdmissionFlags, Connections, Gate, Requests};
use crate::app::app_with_origins;
use crate::auth::{SigningKeys, Verifier};
use crate::database::{redact, CommonConfig};
use crate::identity::{Identity, IdentityConfig};
use crate::state::AppState;
use writeit_store::SharedStore;

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
    pub keys: KeyFlags,
    #[command(flatten)]
    pub identity: IdentityFlags,
    #[command(flatten)]
    pub limits: TimeLimits,
    #[command(flatten)]
    pub admission: AdmissionFlags,
}

/// Where the keys come from: every instance serving one database needs the same ones
/// (docs/identity.md, "Keys"). Global, as [`crate::database::CommonConfig`]: `writeit keys list
/// --keys-dir …` as well as `writeit keys --keys-dir … list`.
#[derive(Clone, Debug, clap::Args)]
pub struct KeyFlags {
    /// Folder of the ID-token signing keys and the TOTP secrets key, shared by every instance
    /// serving one database (default: DATA_DIR/keys).
    #[arg(long, env = "WRITEIT_KEYS_DIR", global = true)]
    pub keys_dir: Option<PathBuf>,
    /// ID-token keys instead of the folder's: base64 PKCS#8 documents (`writeit keys new`),
    /// comma-separated; the first signs, the others only verify. Best given in the environment.
    #[arg(
        long,
        env = "WRITEIT_ID_TOKEN_KEYS",
        hide_env_values = true,
        global = true
    )]
    pub id_token_keys: Option<KeyDocuments>,
}

/// The text of `WRITEIT_ID_TOKEN_KEYS`: private keys, never printed.
#[derive(Clone)]
pub struct KeyDocuments(pub String);

impl std::str::FromStr for KeyDocuments {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(KeyDocuments(s.to_string()))
    }
}

impl std::fmt::Debug for KeyDocuments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyDocuments(…)")
    }
}

impl KeyFlags {
    /// The keys folder for data folder `data_dir`.
    pub fn dir(&self, data_dir: &std::path::Path) -> PathBuf {
        self.keys_dir
            .clone()
            .unwrap_or_else(|| data_dir.join("keys"))
    }

    /// The text of `WRITEIT_ID_TOKEN_KEYS`, unless unset or blank.
    pub fn documents(&self) -> Option<&str> {
        self.id_token_keys
            .as_ref()
            .map(|k| k.0.as_str())
            .filter(|k| !k.trim().is_empty())
    }

    /// The ID-token keys: from `WRITEIT_ID_TOKEN_KEYS` when set, else the folder's (made on
    /// first use).
    pub fn signing_keys(&self, data_dir: &std::path::Path) -> anyhow::Result<SigningKeys> {
        match self.documents() {
            Some(documents) => SigningKeys::from_documents(documents),
            None => SigningKeys::load_or_create(&self.dir(data_dir)),
        }
    }
}

/// How long the server waits for clients, and for itself to stop.
#[derive(Clone, Debug, clap::Args)]
pub struct TimeLimits {
    /// Seconds after a learner's last review before the background fitter looks at them.
    #[arg(long, env = "WRITEIT_FIT_SETTLE_SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub fit_settle_seconds: u64,
    /// Seconds to finish requests in flight after SIGTERM or Ctrl-C; then the server exits anyway.
    #[arg(long, env = "WRITEIT_SHUTDOWN_TIMEOUT", default_value_t = 10)]
    pub shutdown_timeout: u64,
    /// Seconds a client has to send a request's headers; then the connection is closed.
    #[arg(long, env = "WRITEIT_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout: u64,
    /// Seconds a request body may go without sending any data; then the request fails (408).
    #[arg(long, env = "WRITEIT_BODY_TIMEOUT", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout: u64,
}

/// The identity service's flags (docs/identity.md).
#[derive(Clone, Debug, clap::Args)]
pub struct IdentityFlags {
    /// Base URL of the web app for mailed links (default: http://{addr}).
    #[arg(long, env = "WRITEIT_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// SMTP relay for mail, e.g. smtp://user:pass@host:587?tls=required; unset: .eml files in
    /// the outbox folder, links logged.
    #[arg(long, env = "WRITEIT_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Folder mail is written to without SMTP (default: DATA_DIR/outbox); with several instances,
    /// one shared folder (file names are unique) or SMTP.
    #[arg(long, env = "WRITEIT_OUTBOX_DIR")]
    pub outbox_dir: Option<PathBuf>,
    /// Sender of mail.
    #[arg(
        long,
        env = "WRITEIT_MAIL_FROM",
        default_value = "WriteIt <noreply@localhost>"
    )]
    pub mail_from: String,
    /// ID-token lifetime in minutes (15 to 60).
    #[arg(long, env = "WRITEIT_ID_TOKEN_MINUTES", default_value_t = 30, value_parser = clap::value_parser!(i64).range(15..=crate::auth::LIFETIME_MAX_SECS / 60))]
    pub id_token_minutes: i64,
    /// Seconds after signing in during which a session may change its email, password or second
    /// factor, or delete the account; later the user is asked to sign in again.
    #[arg(long, env = "WRITEIT_RECENT_SIGN_IN_SECONDS", default_value_t = 300, value_parser = clap::value_parser!(i64).range(1..=86_400))]
    pub recent_sign_in_seconds: i64,
    /// Seconds an instance may trust its copy of an account's state (disabled, deleted, role,
    /// signed out everywhere) before reading it again; a change made through another instance or
    /// the CLI applies within this time. 0: read on every request.
    #[arg(long, env = "WRITEIT_ACCOUNT_STATUS_SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=60))]
    pub account_status_seconds: u64,
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

/// Records, every ten minutes, the characters used by entries an older instance saved without
/// recording them (during a rolling upgrade, after this one opened the store): a learner's next
/// delta then brings the other languages' characters those entries write (docs/sync.md). The open
/// did it for what came before; each run reads only the entries stamped since the last.
fn record_character_uses_periodically(store: SharedStore) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(600)).await;
            match store.record_character_uses().await {
                Ok(0) => {}
                Ok(added) => tracing::info!(added, "recorded the characters entries use"),
                Err(e) => tracing::warn!(error = %e, "cannot record the characters entries use"),
            }
        }
    });
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
            status_ttl: Duration::from_secs(self.account_status_seconds),
            outbox_dir: self
                .outbox_dir
                .clone()
                .unwrap_or_else(|| data_dir.join("outbox")),
            dev_tokens: self.dev_tokens,
            ..Default::default()
        }
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
    crate::admission::open_files::raise_and_log(config.admission.max_connections);
    let store = config.common.open_writable_store().await?;
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
    let keys = config.keys.signing_keys(&config.common.data_dir)?;
    match keys.folder() {
        Some(dir) => {
            tracing::info!(keys = %dir.display(), kid = %keys.signer().kid, "ID-token keys from the keys folder")
        }
        None => {
            tracing::info!(kid = %keys.signer().kid, "ID-token keys from WRITEIT_ID_TOKEN_KEYS")
        }
    }
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
        crate::identity::Sealer::load_or_create(&config.keys.dir(&config.common.data_dir))?,
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
    let settle = Duration::from_secs(config.limits.fit_settle_seconds);
    record_character_uses_periodically(store.clone());
    crate::disk::log_free_space(
        &store
            .data_folder()
            .unwrap_or(config.common.data_dir.clone()),
    );
    let state = AppState::with_fitter(store, verifier, identity, settle);
    state.fitter.resume();
    crate::media_collector::start(
        state.store.clone(),
        state.media,
        crate::media_collector::EVERY,
    );
    let shutdown = shutdown_signal();
    tracing::info!(%addr, database = %redact(&config.common.database_url()), "listening");
    println!("WriteIt is running at http://{addr}/");
    tracing::info!(
        max_connections = config.admission.max_connections,
        max_requests = config.admission.max_requests,
        min_body_rate = config.admission.min_body_rate,
        "admission limits"
    );
    let origins: Vec<&str> = config.cors_origins.iter().map(String::as_str).collect();
    let app = app_with_origins(state, Some(config.web_dir), &origins);
    run(listener, app, &config.limits, &config.admission, shutdown).await;
    Ok(())
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets requests in flight finish for
/// at most `shutdown_timeout` seconds. Its own accept loop rather than `axum::serve`, which sets
/// no header-read timeout (hyper's needs a timer) and no admission control: a client could hold a
/// connection forever, and a flood of them would be taken on without limit.
pub async fn run(
    listener: TcpListener,
    app: axum::Router,
    limits: &TimeLimits,
    admission: &AdmissionFlags,
    shutdown: impl std::future::Future<Output = ()>,
) {
    // An idle timeout between body frames, not one for the whole body: a large import on a slow
    // link keeps going as long as it moves, at the minimum average rate.
    let app = app
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            Duration::from_secs(limits.body_timeout),
        ))
        .layer(axum::middleware::from_fn_with_state(
            admission.body_rate(),
            crate::admission::enforce_body_rate,
        ));
    let header_timeout = Duration::from_secs(limits.header_timeout);
    let mut builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let connections = Connections::new(admission.max_connections);
    let gate = Gate {
        app,
        requests: Requests::new(admission.max_requests),
        rate: admission.body_rate(),
        silence: Duration::from_secs(limits.body_timeout),
    };
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let Some(admitted) = connections.admit() else {
            connections.refuse(stream);
            continue;
        };
        let gate = gate.clone();
        let this_connection = admitted.handle();
        let service = hyper::service::service_fn(move |request| {
            let pass = gate.clone().pass(this_connection.clone(), remote, request);
            async move { Ok::<_, std::convert::Infallible>(pass.await) }
        });
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            tokio::pin!(connection);
            let silent = tokio::time::sleep(header_timeout);
            tokio::pin!(silent);
            let mut listening = true;
            loop {
                tokio::select! {
                    ended = &mut connection => {
                        if let Err(e) = ended {
                            tracing::debug!(error = %e, %remote, "connection ended with an error");
                        }
                        break;
                    }
                    // Idle, and given up for a newcomer at the cap: dropping it closes it.
                    _ = admitted.given_up() => break,
                    // Never began a request: closed, as hyper closes one slow to send headers.
                    _ = &mut silent, if listening => {
                        if !admitted.spoke() {
                            break;
                        }
                        listening = false;
                    }
                }
            }
            drop(admitted);
        });
    }
    drop(listener);
    let deadline = Duration::from_secs(limits.shutdown_timeout);
    tokio::select! {
        _ = graceful.shutdown() => tracing::info!("stopped"),
        _ = tokio::time::sleep(deadline) => {
            tracing::warn!(seconds = limits.shutdown_timeout, "requests still in flight at the shutdown deadline: stopping anyway");
        }
    }
}

/// The first SIGINT or SIGTERM. The handlers are installed when this is called, not when the
/// future is first polled: called before "running at" is printed, a signal sent as soon as that
/// line appears drains the server instead of killing it (the docs test caught the race).
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let (int, term) = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::interrupt()).ok(),
            signal(SignalKind::terminate()).ok(),
        )
    };
    async move {
        #[cfg(unix)]
        {
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! { _ = wait(int) => {}, _ = wait(term) => {} }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        tracing::info!("shutting down: finishing requests in flight");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        keys: KeyFlags,
        #[command(flatten)]
        identity: IdentityFlags,
    }

    #[test]
    fn keys_and_outbox_default_to_the_data_folder() {
        let data = std::path::Path::new("/srv/writeit");
        let addr: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let flags = Flags::parse_from(["writeit"]);
        let config = flags.identity.config(addr, data);
        assert_eq!(flags.keys.dir(data), data.join("keys"));
        assert_eq!(config.outbox_dir, data.join("outbox"));
        assert_eq!(config.status_ttl, Duration::from_secs(5));

        let flags = Flags::parse_from([
            "writeit",
            "--keys-dir",
            "/shared/keys",
            "--outbox-dir",
            "/shared/outbox",
            "--account-status-seconds",
            "0",
        ]);
        let config = flags.identity.config(addr, data);
        assert_eq!(flags.keys.dir(data), PathBuf::from("/shared/keys"));
        assert_eq!(config.outbox_dir, PathBuf::from("/shared/outbox"));
        assert!(config.status_ttl.is_zero());
        assert!(Flags::try_parse_from(["writeit", "--account-status-seconds", "61"]).is_err());
    }
}
