//! The embedded identity service at `/identity/v1/` (DESIGN §5, docs/identity.md): endpoints and
//! JSON mirror the hosted identity REST API (accounts:signUp, …, the securetoken `token` refresh),
//! over the store's [`writeit_store::IdentityStore`].
//!
//! `accounts` (sign-up, sign-in, lookup, update, delete, sign-out), `oob` (mailed codes),
//! `session` (ID and refresh tokens, JWKS), `mfa` (TOTP), `limits` (rate limits in the database),
//! `password`, `mail`, `users` (the `writeit users` CLI). Handlers take [`IdentityState`], the
//! part of the application's state they use, so this module does not depend on the application.

mod accounts;
mod error;
mod limits;
mod mail;
pub mod mfa;
mod oob;
pub mod password;
mod sealed;
mod secrets;
mod session;
pub mod users;
mod wire;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::Router;
use writeit_store::SharedStore;

use crate::auth::{StatusCache, Verifier};
pub use error::IdError;
pub use mail::{Mail, Mailer};
pub use sealed::Sealer;
pub use session::{issue_session, Session};

/// Largest request body an identity endpoint reads.
const BODY_LIMIT: usize = 16 * 1024;

/// Rate limits (DESIGN §5), counted in the database so every instance shares them.
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// Sign-in, sign-up, code and reset requests per client address per window.
    pub per_address: i64,
    pub address_window_secs: i64,
    /// Failed password or second-factor checks per account (by email) per window.
    pub failures_per_account: i64,
    pub account_window_secs: i64,
    /// Mails to one address per window.
    pub mails_per_account: i64,
    pub mail_window_secs: i64,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            per_address: 100,
            address_window_secs: 600,
            failures_per_account: 10,
            account_window_secs: 900,
            mails_per_account: 5,
            mail_window_secs: 3600,
        }
    }
}

/// How the identity service is set up (from `serve` flags).
#[derive(Clone, Debug)]
pub struct IdentityConfig {
    /// Base URL of the web app that mailed links point at (`{public_url}/signin?mode=…`).
    pub public_url: String,
    /// ID-token lifetime (DESIGN §5: 15 to 60 minutes).
    pub id_token_ttl_secs: i64,
    /// A refresh token unused this long expires (each rotation starts it again).
    pub refresh_ttl_secs: i64,
    /// Lifetime of mailed one-time codes.
    pub code_ttl_secs: i64,
    /// How long after signing in a session may change its email, password or second factor, or
    /// delete the account, without signing in again (upstream: 5 minutes).
    pub recent_sign_in_secs: i64,
    pub limits: RateLimits,
    /// How long a request may trust a cached account status (disabled, role, revocations).
    pub status_ttl: Duration,
    /// Take the client address from the last `X-Forwarded-For` hop (behind a proxy).
    pub trust_forwarded_for: bool,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Where messages go without SMTP.
    pub outbox_dir: PathBuf,
    /// Password hashes computed at once (each holds 19 MiB of memory and one core).
    pub hash_concurrency: usize,
    /// Hash requests that may wait for a slot beyond those; more are answered 503 at once.
    pub hash_queue: usize,
    /// Longest wait for a slot before 503.
    pub hash_wait: Duration,
    /// Accept development tokens (`writeit token`) whose subject has no account
    /// (`--dev-tokens`; tests and benchmarks only).
    pub dev_tokens: bool,
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            public_url: "http://127.0.0.1:8080".into(),
            id_token_ttl_secs: 30 * 60,
            refresh_ttl_secs: 90 * 24 * 3600,
            code_ttl_secs: 3600,
            recent_sign_in_secs: 5 * 60,
            limits: RateLimits::default(),
            status_ttl: Duration::from_secs(5),
            trust_forwarded_for: false,
            smtp_url: None,
            mail_from: "WriteIt <noreply@localhost>".into(),
            outbox_dir: PathBuf::from("data/outbox"),
            dev_tokens: false,
            hash_concurrency: cores(),
            hash_queue: 4 * cores(),
            hash_wait: Duration::from_secs(2),
        }
    }
}

/// CPU cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The identity service's shared parts.
pub struct Identity {
    pub config: IdentityConfig,
    pub mailer: Mailer,
    /// Seals TOTP secrets at rest.
    pub sealer: Sealer,
    /// Password hashes computed at once (each holds 19 MiB).
    hashing: tokio::sync::Semaphore,
    /// Requests waiting for `hashing`.
    hash_waiting: std::sync::atomic::AtomicUsize,
    dummy_hash: tokio::sync::OnceCell<String>,
}

impl Identity {
    /// The service as configured, sealing TOTP secrets with `sealer`; fails on a bad SMTP URL or
    /// sender.
    pub fn new(config: IdentityConfig, sealer: Sealer) -> anyhow::Result<Identity> {
        let mailer = Mailer::new(
            config.smtp_url.as_deref(),
            &config.mail_from,
            config.outbox_dir.clone(),
        )?;
        password::return_freed_memory();
        Ok(Identity {
            hashing: tokio::sync::Semaphore::new(config.hash_concurrency.max(1)),
            hash_waiting: std::sync::atomic::AtomicUsize::new(0),
            config,
            mailer,
            sealer,
            dummy_hash: tokio::sync::OnceCell::new(),
        })
    }
}

/// What the identity endpoints use of the application's state: the store, the token verifier
/// (minting, JWKS), the account statuses (forgotten on a change) and the identity service.
#[derive(Clone)]
pub struct IdentityState {
    pub store: SharedStore,
    pub verifier: Arc<Verifier>,
    pub statuses: Arc<StatusCache>,
    pub identity: Arc<Identity>,
}

/// The routes under `/identity/v1/`, in any application whose state holds an [`IdentityState`].
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    IdentityState: FromRef<S>,
{
    let v1 = Router::new()
        .route("/accounts:signUp", post(accounts::sign_up))
        .route("/accounts:signInWithPassword", post(accounts::sign_in))
        .route("/accounts:lookup", post(accounts::lookup))
        .route("/accounts:update", post(accounts::update))
        .route("/accounts:delete", post(accounts::delete))
        .route("/accounts:signOut", post(accounts::sign_out))
        .route("/accounts:createAuthUri", post(accounts::create_auth_uri))
        .route("/accounts:sendOobCode", post(oob::send_oob_code))
        .route("/accounts:resetPassword", post(oob::reset_password))
        .route(
            "/accounts:signInWithEmailLink",
            post(oob::sign_in_with_email_link),
        )
        .route("/token", post(session::token))
        .route("/jwks.json", get(session::jwks))
        .route("/mfaEnrollment:start", post(mfa::enrollment_start))
        .route("/mfaEnrollment:finalize", post(mfa::enrollment_finalize))
        .route("/mfaEnrollment:withdraw", post(mfa::enrollment_withdraw))
        .route("/mfaSignIn:start", post(mfa::sign_in_start))
        .route("/mfaSignIn:finalize", post(mfa::sign_in_finalize))
        .fallback(|| async { IdError::not_found() })
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    Router::new().nest("/identity/v1", v1)
}

/// The client's address, for rate limits: the peer, or behind a trusted proxy the last
/// `X-Forwarded-For` hop (the one the proxy added, which the client cannot forge).
#[derive(Clone, Debug)]
pub struct ClientAddr(pub String);

impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    IdentityState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if IdentityState::from_ref(state)
            .identity
            .config
            .trust_forwarded_for
        {
            let hop = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .filter_map(|s| s.parse::<IpAddr>().ok())
                .next_back();
            if let Some(ip) = hop {
                return Ok(ClientAddr(ip.to_string()));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(a)| a.ip().to_string())
            .unwrap_or_else(|| "unknown".into());
        Ok(ClientAddr(peer))
    }
}
