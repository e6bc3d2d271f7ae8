//! Per-request account checks: a valid signature is not enough once an account is disabled, its
//! role changed, its sessions revoked, or the token's own session ended. Each request looks its caller up in the `users` table
//! through a short-lived cache (entries live `ttl`: `--account-status-seconds`, default 5 s), so a
//! change made by any instance or by the CLI takes effect everywhere within that time, and a hit costs a hash-map lookup.
//! [`Authenticator`] bundles the token check and this one, so every API route finds its caller
//! the same way.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap};
use writeit_store::{AccountStatus, Role, SharedStore, Store};

use super::caller::Caller;
use super::tokens::Verifier;
use super::verified::{TokenError, Verified};

/// Entries kept; the cache is emptied when full.
const CACHE_MAX: usize = 100_000;

/// Recently read account statuses (`None`: the subject has no account: deleted, or a
/// development token's made-up subject).
pub struct StatusCache {
    ttl: Duration,
    entries: Mutex<HashMap<String, (Option<AccountStatus>, Instant)>>,
    /// Whether development tokens (`dev` claim) naming no account are accepted (`--dev-tokens`).
    dev_tokens: bool,
}

impl StatusCache {
    /// A cache whose entries live `ttl` (zero: always read the database); development tokens
    /// naming no account are refused.
    pub fn new(ttl: Duration) -> StatusCache {
        StatusCache {
            ttl,
            entries: Mutex::new(HashMap::new()),
            dev_tokens: false,
        }
    }

    /// Also accepts development tokens whose subject has no account, with their claims.
    pub fn with_dev_tokens(mut self, accept: bool) -> StatusCache {
        self.dev_tokens = accept;
        self
    }

    /// The status of account `id`, from the cache or the store.
    pub async fn get(
        &self,
        store: &dyn Store,
        id: &str,
    ) -> writeit_store::Result<Option<AccountStatus>> {
        if !self.ttl.is_zero() {
            if let Some((status, at)) = self.entries.lock().ok().and_then(|e| e.get(id).cloned()) {
                if at.elapsed() < self.ttl {
                    return Ok(status);
                }
            }
        }
        let status = store.account_status(id).await?;
        if !self.ttl.is_zero() {
            if let Ok(mut entries) = self.entries.lock() {
                if entries.len() >= CACHE_MAX {
                    entries.clear();
                }
                entries.insert(id.to_string(), (status.clone(), Instant::now()));
            }
        }
        Ok(status)
    }

    /// Forgets `id` (this instance changed it; other instances wait out the TTL).
    pub fn forget(&self, id: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.remove(id);
        }
    }
}

/// What finding a request's caller needs: the token verifier, and the account statuses with the
/// store they are read from. `/api/trpc`, import, export and media all call [`Self::caller`].
#[derive(Clone)]
pub struct Authenticator {
    pub verifier: Arc<Verifier>,
    pub statuses: Arc<StatusCache>,
    pub store: SharedStore,
}

impl Authenticator {
    /// The caller of a request with these headers: a guest without a Bearer token.
    pub async fn caller(&self, headers: &HeaderMap) -> Result<Caller, TokenError> {
        let authorization = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        authenticate(
            &self.verifier,
            &self.statuses,
            &*self.store,
            authorization,
            crate::clock::now_secs(),
        )
        .await
    }
}

/// The caller of a request: the token checked by `verifier`, then the account by `statuses`.
/// Role and languages come from the account when there is one (the token's copy may be stale).
pub async fn authenticate(
    verifier: &Verifier,
    statuses: &StatusCache,
    store: &dyn Store,
    authorization: Option<&str>,
    now_secs: i64,
) -> Result<Caller, TokenError> {
    match verifier.verify_header(authorization, now_secs)? {
        None => Ok(Caller::Guest),
        Some(verified) => check_account(statuses, store, verified).await,
    }
}

/// Applies the account's current state to a verified token.
pub async fn check_account(
    statuses: &StatusCache,
    store: &dyn Store,
    verified: Verified,
) -> Result<Caller, TokenError> {
    let Caller::User {
        id,
        role,
        languages,
    } = verified.caller
    else {
        return Ok(Caller::Guest);
    };
    let mut status = read_status(statuses, store, &id).await?;
    // A generation above the cached one may be a revocation made on another instance within the
    // cache's lifetime (a password change answers a token of the new generation): read the
    // account again before refusing.
    if status
        .as_ref()
        .is_some_and(|s| verified.generation > s.token_generation)
    {
        statuses.forget(&id);
        status = read_status(statuses, store, &id).await?;
    }
    match status {
        // A subject with no account is a deleted account (its token must lose every power at
        // once) or a development token's made-up user, trusted only when the server says so.
        // The external issuer's users are plain users with no account by design.
        None if verified.external || (verified.dev && statuses.dev_tokens) => Ok(Caller::User {
            id,
            role,
            languages,
        }),
        None => Err(TokenError::NoAccount),
        Some(s) if s.disabled => Err(TokenError::Disabled),
        // Only a key holder mints a generation the account never had (issue 36).
        Some(s) if verified.generation > s.token_generation => {
            tracing::warn!(
                reason = "gen above the account's",
                user_id = %id,
                "ID token refused"
            );
            Err(TokenError::Invalid)
        }
        // The generation is exact; valid_since (seconds) still refuses tokens minted before
        // tokens carried a generation.
        Some(s)
            if verified.generation < s.token_generation || verified.issued_at < s.valid_since =>
        {
            Err(TokenError::Revoked)
        }
        // Its session was ended since (issue 37): on this instance at once, on others within
        // the cache's lifetime.
        Some(s)
            if verified
                .session
                .as_ref()
                .is_some_and(|sid| s.ended_sessions.contains(sid)) =>
        {
            Err(TokenError::SessionEnded)
        }
        Some(s) => Ok(Caller::User {
            id,
            languages: if s.role == Role::Editor {
                s.editor_languages
            } else {
                Vec::new()
            },
            role: s.role,
        }),
    }
}

/// The status of account `id`; a store failure is logged and answered as unavailable.
async fn read_status(
    statuses: &StatusCache,
    store: &dyn Store,
    id: &str,
) -> Result<Option<AccountStatus>, TokenError> {
    statuses.get(store, id).await.map_err(|e| {
        if e.is_unavailable() {
            tracing::warn!(error = %e, "cannot read the caller's account: database unavailable");
            TokenError::Unavailable
        } else {
            tracing::error!(error = %e, "cannot read the caller's account");
            TokenError::Unreadable
        }
    })
}
