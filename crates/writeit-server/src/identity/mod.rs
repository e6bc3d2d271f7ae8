//! The embedded identity service at `/identity/v1/` (DESIGN §5, docs/identity.md): endpoints and
//! JSON mirror the hosted identity REST API (accounts:signUp, …, the securetoken `token` refresh),
//! over the store's [`writeit_store::IdentityStore`].
//!
//! `accounts` (sign-up, sign-in, lookup, update, delete, sign-out), `oob` (mailed codes),
//! `continue_url` (where a mailed link may lead), `session` (ID and refresh tokens, JWKS),
//! `sessions` (listing and ending them) with `device` (the device each began on), `mfa` (TOTP),
//! `limits` (rate limits in the database), `password` with `breached` (the breached-password
//! list) and `hash_queue` (its fair queue) and `known_device` (the cookie that puts a browser's
//! sign-ins ahead of anonymous ones), `mail`, `users` (the `writeit users` CLI); `state` (what
//! handlers share), `config`, `account_json` (accounts as answered), `wire` (reading bodies),
//! `error`. Handlers take [`IdentityState`], the part of the application's state they use, so
//! this module does not depend on the application. This file only declares the modules and
//! routes; each file names the sibling it uses, never this one.

mod account_json;
mod accounts;
mod breached;
mod config;
mod continue_url;
mod device;
mod error;
mod hash_queue;
mod known_device;
mod limits;
mod mail;
pub mod mfa;
mod oob;
pub mod password;
mod sealed;
mod secrets;
mod session;
mod sessions;
mod state;
pub mod users;
mod wire;

use axum::extract::{DefaultBodyLimit, FromRef};
use axum::routing::{get, post};
use axum::Router;

pub use config::{IdentityConfig, RateLimits};
pub use error::IdError;
pub use mail::{Mail, Mailer};
pub use sealed::Sealer;
pub use session::{issue_session, Session};
pub use state::{ClientAddr, Identity, IdentityState};

/// Largest request body an identity endpoint reads.
const BODY_LIMIT: usize = 16 * 1024;

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
        .route("/accounts:listSessions", post(sessions::list))
        .route("/accounts:endSession", post(sessions::end))
        .route("/accounts:endOtherSessions", post(sessions::end_others))
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
