//! A learner's sessions (issue 37, WriteIt's own endpoints): `accounts:listSessions` lists the
//! account's live sessions with their device, `accounts:endSession` ends one,
//! `accounts:endOtherSessions` ends all but the caller's. Each takes the caller's `idToken` and
//! touches only that account's sessions; an ended session's refresh tokens are revoked and its
//! ID tokens refused (on this instance at once, elsewhere within the account-status window).

use axum::body::Bytes;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::device::describe;
use super::error::IdError;
use super::session::signed_in_session;
use super::state::IdentityState;
use super::wire;

type Answer = Result<Json<Value>, IdError>;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListRequest {
    id_token: Option<String>,
}

/// `accounts:listSessions`: `sessions: [{sessionId, browser, os, createdAt, lastUsedAt,
/// current}]`, the last used first (times in ms; an unknown browser or system is "").
pub async fn list(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: ListRequest = wire::parse(&body)?;
    let (account, current) = signed_in_session(&state, &req.id_token).await?;
    let sessions: Vec<Value> = state
        .store
        .sessions(&account.id)
        .await?
        .into_iter()
        .map(|s| {
            let device = describe(&s.user_agent);
            json!({
                "sessionId": s.id,
                "browser": device.browser,
                "os": device.os,
                "createdAt": s.created_at,
                "lastUsedAt": s.last_used_at,
                "current": current.as_deref() == Some(s.id.as_str()),
            })
        })
        .collect();
    Ok(Json(
        json!({"kind": "writeit#ListSessionsResponse", "sessions": sessions}),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndRequest {
    id_token: Option<String>,
    session_id: Option<String>,
}

/// `accounts:endSession {idToken, sessionId}`: ends one of the caller's sessions (their own
/// too: that is signing out). SESSION_NOT_FOUND when it is not theirs, or has ended.
pub async fn end(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: EndRequest = wire::parse(&body)?;
    let (account, _) = signed_in_session(&state, &req.id_token).await?;
    let id = wire::required(&req.session_id, "MISSING_SESSION_ID")?;
    if !state.store.end_session(&account.id, id).await? {
        return Err(IdError::bad("SESSION_NOT_FOUND"));
    }
    state.statuses.forget(&account.id);
    Ok(Json(json!({"kind": "writeit#EndSessionResponse"})))
}

/// `accounts:endOtherSessions {idToken}`: ends every session of the account but the caller's;
/// answers `ended`, how many. A token naming no session (minted before tokens named one) is
/// CREDENTIAL_TOO_OLD_LOGIN_AGAIN: the client signs in again, then asks again.
pub async fn end_others(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: ListRequest = wire::parse(&body)?;
    let (account, current) = signed_in_session(&state, &req.id_token).await?;
    let current = current.ok_or_else(|| IdError::bad("CREDENTIAL_TOO_OLD_LOGIN_AGAIN"))?;
    let ended = state
        .store
        .end_other_sessions(&account.id, &current)
        .await?;
    state.statuses.forget(&account.id);
    Ok(Json(
        json!({"kind": "writeit#EndOtherSessionsResponse", "ended": ended}),
    ))
}
