//! What the identity endpoints share: the identity service ([`Identity`]: set-up, mailer, sealer,
//! password hashing), the part of the application's state they use ([`IdentityState`]), and the
//! client address they rate-limit by ([`ClientAddr`]).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use writeit_store::SharedStore;

use super::config::IdentityConfig;
use super::mail::Mailer;
use super::password::Hashing;
use super::sealed::Sealer;
use crate::auth::{StatusCache, Verifier};

/// The identity service's shared parts.
pub struct Identity {
    pub config: IdentityConfig,
    pub mailer: Mailer,
    /// Seals TOTP secrets at rest.
    pub sealer: Sealer,
    /// Password hashes computed at once, and those waiting.
    pub hashing: Hashing,
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
        Ok(Identity {
            hashing: Hashing::new(&config),
            config,
            mailer,
            sealer,
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
