//! Sessions: an ID token (EdDSA JWT, `id_token_ttl_secs`) and a refresh token (32 random bytes,
//! stored as SHA-256, rotated on every use, a reused one revoking its family); the securetoken-
//! style `token` endpoint that refreshes them, and the JWKS that publishes the verification key.
//! A session is a refresh-token family, kept with the device it began on (`device.rs`); its ID
//! tokens name it (`sid`), so ending it (`sessions.rs`) refuses them too.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use writeit_store::{Account, NewSession, Role, Rotation};

use super::device::UserAgent;
use super::error::IdError;
use super::secrets::{random_token, sha256_hex};
use super::state::IdentityState;
use super::wire;
use crate::auth::{Claims, TokenError, AUDIENCE, ISSUER};

/// A signed-in session as the endpoints answer it.
#[derive(Clone, Debug)]
pub struct Session {
    pub id_token: String,
    pub refresh_token: String,
    /// Seconds the ID token lives.
    pub expires_in: i64,
}

impl Session {
    /// The upstream fields `idToken`, `refreshToken`, `expiresIn` (seconds, as text).
    pub fn fields(&self) -> Value {
        json!({
            "idToken": self.id_token,
            "refreshToken": self.refresh_token,
            "expiresIn": self.expires_in.to_string(),
        })
    }
}

/// The account `id` if it exists and is not disabled (USER_NOT_FOUND, USER_DISABLED otherwise).
pub async fn active_account(state: &IdentityState, id: &str) -> Result<Account, IdError> {
    let account = state
        .store
        .account(id)
        .await?
        .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?;
    if account.disabled {
        return Err(IdError::bad("USER_DISABLED"));
    }
    Ok(account)
}

/// Merges JSON objects (later keys win).
pub fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

/// The ID token of `account` in session `sid`: role and languages from the `users` row;
/// `auth_time` is when the session began (seconds).
pub fn id_token(state: &IdentityState, account: &Account, auth_time: i64, sid: &str) -> String {
    let now = crate::clock::now_secs();
    let claims = Claims {
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
        sub: account.id.clone(),
        iat: now,
        exp: now + state.identity.config.id_token_ttl_secs,
        auth_time,
        email: account.email.clone(),
        role: account.role.as_str().into(),
        langs: if account.role == Role::Editor {
            account.editor_languages.clone()
        } else {
            Vec::new()
        },
        email_verified: account.email_verified,
        dev: false,
        gen: account.token_generation,
        sid: sid.to_string(),
    };
    state.verifier.mint(&claims)
}

/// Starts a new session (a new refresh-token family) for `account` on the device `agent` names.
pub async fn issue_session(
    state: &IdentityState,
    account: &Account,
    agent: &UserAgent,
) -> Result<Session, IdError> {
    let refresh = random_token();
    let session = NewSession {
        id: uuid::Uuid::now_v7().to_string(),
        user_id: account.id.clone(),
        user_agent: agent.0.clone(),
    };
    let expires = crate::clock::now_ms() + state.identity.config.refresh_ttl_secs * 1000;
    state
        .store
        .start_session(&session, &sha256_hex(&refresh), expires)
        .await?;
    state.store.record_login(&account.id).await?;
    Ok(Session {
        id_token: id_token(state, account, crate::clock::now_secs(), &session.id),
        refresh_token: refresh,
        expires_in: state.identity.config.id_token_ttl_secs,
    })
}

/// New tokens for a signed-in change that answers a session (a second factor added or removed,
/// a new password or email): the caller's session goes on, so the device keeps one entry in the
/// list of sessions, unless it has ended (a new password or email ends every session), when a
/// new one begins. `id_token` is the caller's, already checked.
pub async fn continue_session(
    state: &IdentityState,
    account: &Account,
    id_token_field: &Option<String>,
    agent: &UserAgent,
) -> Result<Session, IdError> {
    let sid = id_token_field
        .as_deref()
        .and_then(|t| state.verifier.verify(t, crate::clock::now_secs()).ok())
        .and_then(|v| v.session);
    let Some(sid) = sid else {
        return issue_session(state, account, agent).await;
    };
    let refresh = random_token();
    let expires = crate::clock::now_ms() + state.identity.config.refresh_ttl_secs * 1000;
    let continued = state
        .store
        .continue_session(&sid, &account.id, &sha256_hex(&refresh), expires)
        .await?;
    if !continued {
        return issue_session(state, account, agent).await;
    }
    Ok(Session {
        id_token: id_token(state, account, crate::clock::now_secs(), &sid),
        refresh_token: refresh,
        expires_in: state.identity.config.id_token_ttl_secs,
    })
}

/// When a session began: the time in its refresh-token family's id (a UUIDv7 made at sign-in),
/// seconds; 0 (long ago) for an id that is not one.
fn session_start(family: &str) -> i64 {
    uuid::Uuid::parse_str(family)
        .ok()
        .and_then(|u| u.get_timestamp())
        .map(|t| t.to_unix().0 as i64)
        .unwrap_or(0)
}

/// The account an `idToken` field names, refusing expired, forged, revoked and disabled ones.
pub async fn signed_in(
    state: &IdentityState,
    id_token: &Option<String>,
) -> Result<Account, IdError> {
    Ok(verified_account(state, id_token).await?.0)
}

/// As [`signed_in`], with the session the token names (`None` for a token minted before tokens
/// named one).
pub async fn signed_in_session(
    state: &IdentityState,
    id_token: &Option<String>,
) -> Result<(Account, Option<String>), IdError> {
    let (account, _, sid) = verified_account(state, id_token).await?;
    Ok((account, sid))
}

/// As [`signed_in`], for a security-sensitive change (email, password, second factor, deleting
/// the account): the session must have begun within `recent_sign_in_secs`, or the answer is
/// CREDENTIAL_TOO_OLD_LOGIN_AGAIN, as upstream, and the client asks for the password again.
pub async fn signed_in_recently(
    state: &IdentityState,
    id_token: &Option<String>,
) -> Result<Account, IdError> {
    let (account, auth_time, _) = verified_account(state, id_token).await?;
    if crate::clock::now_secs() - auth_time > state.identity.config.recent_sign_in_secs {
        return Err(IdError::bad("CREDENTIAL_TOO_OLD_LOGIN_AGAIN"));
    }
    Ok(account)
}

/// The account, the session's `auth_time` and the session the token names.
async fn verified_account(
    state: &IdentityState,
    id_token: &Option<String>,
) -> Result<(Account, i64, Option<String>), IdError> {
    let token = wire::required(id_token, "INVALID_ID_TOKEN")?;
    let verified = state
        .verifier
        .verify(token, crate::clock::now_secs())
        .map_err(|e| match e {
            TokenError::Expired => IdError::bad("TOKEN_EXPIRED"),
            _ => IdError::bad("INVALID_ID_TOKEN"),
        })?;
    let id = verified.caller.user_id().unwrap_or_default();
    let account = active_account(state, id).await?;
    if verified.generation < account.token_generation || verified.issued_at < account.valid_since {
        return Err(IdError::bad("TOKEN_EXPIRED"));
    }
    // Only a key holder mints a generation the account never had (issue 36).
    if verified.generation > account.token_generation {
        tracing::warn!(reason = "gen above the account's", user_id = %id, "ID token refused");
        return Err(IdError::bad("INVALID_ID_TOKEN"));
    }
    // Its session ended (issue 37): read now, not through the per-request cache.
    if let Some(sid) = &verified.session {
        let status = state.store.account_status(id).await?;
        if status.is_some_and(|s| s.ended_sessions.contains(sid)) {
            return Err(IdError::bad("TOKEN_EXPIRED"));
        }
    }
    Ok((account, verified.auth_time, verified.session))
}

#[derive(Deserialize)]
struct RefreshRequest {
    grant_type: Option<String>,
    refresh_token: Option<String>,
}

/// `POST /identity/v1/token`: `grant_type=refresh_token&refresh_token=…` (form or JSON).
pub async fn token(
    State(state): State<IdentityState>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    match refresh(&state, &headers, &body).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn refresh(
    state: &IdentityState,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Value, IdError> {
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let req: RefreshRequest = if is_json {
        wire::parse(body)?
    } else {
        let mut r = RefreshRequest {
            grant_type: None,
            refresh_token: None,
        };
        for (k, v) in form_urlencoded::parse(body) {
            match &*k {
                "grant_type" => r.grant_type = Some(v.into_owned()),
                "refresh_token" => r.refresh_token = Some(v.into_owned()),
                _ => {}
            }
        }
        r
    };
    match req.grant_type.as_deref() {
        Some("refresh_token") => {}
        None | Some("") => return Err(IdError::bad("MISSING_GRANT_TYPE")),
        Some(_) => return Err(IdError::bad("INVALID_GRANT_TYPE")),
    }
    let old = wire::required(&req.refresh_token, "MISSING_REFRESH_TOKEN")?;
    let new = random_token();
    let expires = crate::clock::now_ms() + state.identity.config.refresh_ttl_secs * 1000;
    let rotation = state
        .store
        .rotate_refresh_token(&sha256_hex(old), &sha256_hex(&new), expires)
        .await?;
    let (user_id, family) = match rotation {
        Rotation::Rotated { user_id, family } => (user_id, family),
        Rotation::Unknown => return Err(IdError::bad("INVALID_REFRESH_TOKEN")),
        Rotation::Reused => {
            tracing::warn!("a used refresh token came back: its family is revoked");
            return Err(IdError::bad("TOKEN_EXPIRED"));
        }
        Rotation::Revoked => return Err(IdError::bad("TOKEN_EXPIRED")),
    };
    let account = active_account(state, &user_id).await?;
    // A refreshed token is no fresh proof of identity: it keeps the session's sign-in time.
    let id_token = id_token(state, &account, session_start(&family), &family);
    let ttl = state.identity.config.id_token_ttl_secs.to_string();
    Ok(json!({
        "access_token": id_token,
        "expires_in": ttl,
        "token_type": "Bearer",
        "refresh_token": new,
        "id_token": id_token,
        "user_id": account.id,
        "project_id": "writeit",
    }))
}

/// `GET /identity/v1/jwks.json`: every Ed25519 key ID tokens are verified with (RFC 8037 OKP).
/// Cached briefly: a rotation's new key signs at once, so a verifier elsewhere should fetch again
/// soon, or on a `kid` it does not know.
pub async fn jwks(State(state): State<IdentityState>) -> Response {
    (
        [(header::CACHE_CONTROL, "public, max-age=300")],
        Json(state.verifier.jwks()),
    )
        .into_response()
}
