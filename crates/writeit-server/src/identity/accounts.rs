//! Account endpoints: `accounts:signUp`, `signInWithPassword`, `lookup`, `update`, `delete`,
//! `signOut` (WriteIt's own) and `createAuthUri`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use writeit_store::{AccountChanges, NewAccount};

use super::account_json::user_info;
use super::device::UserAgent;
use super::error::IdError;
use super::password::Lane;
use super::session::{continue_session, issue_session, merge, signed_in, signed_in_recently};
use super::state::{ClientAddr, IdentityState};
use super::{known_device, limits, mfa, oob, password, secrets, wire};
use crate::admission::StepAside;

type Answer = Result<Json<Value>, IdError>;
/// An answer that may mark the device as known to the account (`known_device.rs`).
type Marking = Result<(HeaderMap, Json<Value>), IdError>;

/// The `Set-Cookie` header marking this device as known to `account_id`.
fn known_mark(state: &IdentityState, account_id: &str) -> HeaderMap {
    let secure = state.identity.config.public_url.starts_with("https://");
    let mut headers = HeaderMap::new();
    let now = crate::clock::now_secs();
    if let Some(cookie) = known_device::mark(&state.identity.sealer, account_id, now, secure) {
        headers.insert(header::SET_COOKIE, cookie);
    }
    headers
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignUpRequest {
    email: Option<String>,
    password: Option<String>,
    display_name: Option<String>,
}

/// `accounts:signUp`: creates an email and password account and signs it in (the device is
/// known to it from now on).
pub async fn sign_up(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    aside: StepAside,
    agent: UserAgent,
    body: Bytes,
) -> Marking {
    let req: SignUpRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let email = wire::email(req.email.as_deref(), "MISSING_EMAIL", "INVALID_EMAIL")?;
    let pw = req.password.as_deref().unwrap_or("");
    if pw.is_empty() {
        return Err(IdError::bad("MISSING_PASSWORD"));
    }
    password::check_policy(pw, &email)?;
    let display_name = wire::display_name(&req.display_name)?;
    aside.now();
    let hash = password::hash(&state.identity.hashing, Lane::Anonymous(addr.0), pw).await?;
    let account = state
        .store
        .create_account(&NewAccount {
            id: uuid::Uuid::now_v7().simple().to_string(),
            email,
            email_verified: false,
            display_name,
            password_hash: Some(hash),
        })
        .await?;
    let session = issue_session(&state, &account, &agent).await?;
    let answer = merge(
        json!({
            "kind": "identitytoolkit#SignupNewUserResponse",
            "localId": account.id,
            "email": account.email,
            "displayName": account.display_name.clone().unwrap_or_default(),
        }),
        session.fields(),
    );
    Ok((known_mark(&state, &account.id), Json(answer)))
}

#[derive(Deserialize)]
pub struct SignInRequest {
    email: Option<String>,
    password: Option<String>,
}

/// `accounts:signInWithPassword`. Every failure of email or password is the same
/// `INVALID_LOGIN_CREDENTIALS`, after the same argon2 work, so it reveals no account. The check
/// waits in the account's known lane when this device signed in to it before, else in the
/// address's; a right password marks the device as known.
pub async fn sign_in(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    aside: StepAside,
    headers: HeaderMap,
    agent: UserAgent,
    body: Bytes,
) -> Marking {
    let req: SignInRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let email = wire::email(req.email.as_deref(), "INVALID_EMAIL", "INVALID_EMAIL")?;
    let pw = req.password.as_deref().unwrap_or("");
    if pw.is_empty() {
        return Err(IdError::bad("MISSING_PASSWORD"));
    }
    if pw.len() > 4 * password::MAX_CHARS {
        return Err(IdError::bad("INVALID_LOGIN_CREDENTIALS"));
    }
    let attempt = limits::attempt(&state, &email).await?;
    let account = state.store.account_by_email(&email).await?;
    let stored = account.as_ref().and_then(|a| a.password_hash.as_deref());
    let now = crate::clock::now_secs();
    let lane = match &account {
        Some(a) if known_device::is_known(&state.identity.sealer, &headers, &a.id, now) => {
            Lane::Known(a.id.clone())
        }
        _ => Lane::Anonymous(addr.0.clone()),
    };
    // The hashing queue bounds what follows; the place among requests in flight goes back.
    aside.now();
    let verified = password::verify(&state.identity.hashing, lane, pw, stored).await;
    if !matches!(verified, Ok(false)) {
        attempt.give_back(&state).await?;
    }
    if !verified? {
        return Err(IdError::bad("INVALID_LOGIN_CREDENTIALS"));
    }
    let account = account.ok_or_else(|| IdError::bad("INVALID_LOGIN_CREDENTIALS"))?;
    if account.disabled {
        return Err(IdError::bad("USER_DISABLED"));
    }
    let base = json!({
        "kind": "identitytoolkit#VerifyPasswordResponse",
        "localId": account.id,
        "email": account.email,
        "displayName": account.display_name.clone().unwrap_or_default(),
        "registered": true,
    });
    let mark = known_mark(&state, &account.id);
    if let Some(pending) = mfa::pending(&state, &account).await? {
        return Ok((mark, Json(merge(base, pending))));
    }
    let session = issue_session(&state, &account, &agent).await?;
    Ok((mark, Json(merge(base, session.fields()))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IdTokenRequest {
    id_token: Option<String>,
}

/// `accounts:lookup`: the signed-in account.
pub async fn lookup(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: IdTokenRequest = wire::parse(&body)?;
    let account = signed_in(&state, &req.id_token).await?;
    let totp = state.store.totp(&account.id).await?;
    Ok(Json(json!({
        "kind": "identitytoolkit#GetAccountInfoResponse",
        "users": [user_info(&account, totp.as_ref())],
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRequest {
    id_token: Option<String>,
    oob_code: Option<String>,
    email: Option<String>,
    password: Option<String>,
    display_name: Option<String>,
    #[serde(default)]
    delete_attribute: Vec<String>,
}

/// `accounts:update`: email, password and display name of the signed-in account; or, with an
/// `oobCode`, applies a VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL or RECOVER_EMAIL code. A new
/// password or email revokes every session (a new email also ends the codes mailed before it
/// and tells the old address: `oob::email_change`); the answer then carries a new one.
pub async fn update(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    agent: UserAgent,
    body: Bytes,
) -> Answer {
    let req: UpdateRequest = wire::parse(&body)?;
    if req.oob_code.is_some() {
        limits::per_address(&state, &addr).await?;
        return oob::apply_code(&state, &req.oob_code).await.map(Json);
    }
    // A new email or password needs a recent sign-in; a display name does not.
    let account = if req.email.is_some() || req.password.is_some() {
        signed_in_recently(&state, &req.id_token).await?
    } else {
        signed_in(&state, &req.id_token).await?
    };
    let mut changes = AccountChanges::default();
    if req.email.is_some() {
        let email = wire::email(req.email.as_deref(), "INVALID_EMAIL", "INVALID_EMAIL")?;
        if email != account.email {
            changes = oob::email_change(email);
        }
    }
    if let Some(pw) = &req.password {
        let email = changes.email.as_deref().unwrap_or(&account.email);
        password::check_policy(pw, email)?;
        let lane = Lane::Known(account.id.clone());
        changes.password_hash = Some(password::hash(&state.identity.hashing, lane, pw).await?);
        changes.revoke_sessions_at = Some(crate::clock::now_secs());
    }
    if req.display_name.is_some() {
        changes.display_name = Some(wire::display_name(&req.display_name)?);
    }
    for attribute in &req.delete_attribute {
        match attribute.as_str() {
            "DISPLAY_NAME" => changes.display_name = Some(None),
            "PHOTO_URL" => {}
            _ => return Err(IdError::bad("INVALID_ARGUMENT : deleteAttribute")),
        }
    }
    let updated = state
        .store
        .update_account(&account.id, &changes)
        .await?
        .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?;
    state.statuses.forget(&account.id);
    if updated.email != account.email {
        oob::mail_recovery(&state, &account.id, &account.email, &updated.email).await?;
    }
    let mut answer = json!({
        "kind": "identitytoolkit#SetAccountInfoResponse",
        "localId": updated.id,
        "email": updated.email,
        "displayName": updated.display_name.clone().unwrap_or_default(),
        "emailVerified": updated.email_verified,
        "providerUserInfo": user_info(&updated, None)["providerUserInfo"].clone(),
    });
    // The token carries the email, and a new password revoked the old sessions: a new session.
    if changes.password_hash.is_some() || updated.email != account.email {
        let session = continue_session(&state, &updated, &req.id_token, &agent).await?;
        answer = merge(answer, session.fields());
    }
    Ok(Json(answer))
}

/// `accounts:delete`: the account, its sessions, codes, second factor and study rows.
pub async fn delete(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: IdTokenRequest = wire::parse(&body)?;
    let account = signed_in_recently(&state, &req.id_token).await?;
    state.store.delete_account(&account.id).await?;
    state.statuses.forget(&account.id);
    Ok(Json(
        json!({"kind": "identitytoolkit#DeleteAccountResponse"}),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignOutRequest {
    id_token: Option<String>,
    refresh_token: Option<String>,
}

/// `accounts:signOut` (WriteIt's own): with `refreshToken`, ends that session (its family);
/// with only `idToken`, ends every session of the account and refuses its earlier ID tokens.
pub async fn sign_out(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: SignOutRequest = wire::parse(&body)?;
    if let Some(refresh) = req.refresh_token.as_deref().filter(|r| !r.is_empty()) {
        if refresh.len() > wire::MAX_TOKEN {
            return Err(IdError::bad("INVALID_REFRESH_TOKEN"));
        }
        state
            .store
            .revoke_refresh_token(&secrets::sha256_hex(refresh))
            .await?;
        return Ok(Json(json!({"kind": "writeit#SignOutResponse"})));
    }
    let account = signed_in(&state, &req.id_token).await?;
    state
        .store
        .revoke_sessions(&account.id, crate::clock::now_secs())
        .await?;
    state.statuses.forget(&account.id);
    Ok(Json(json!({"kind": "writeit#SignOutResponse"})))
}

#[derive(Deserialize)]
pub struct CreateAuthUriRequest {
    identifier: Option<String>,
}

/// `accounts:createAuthUri`, answered as upstream does with email-enumeration protection on: the
/// address is checked for form only, and `signinMethods` is always empty (no `registered`), so
/// it never tells whether an account exists.
pub async fn create_auth_uri(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    body: Bytes,
) -> Answer {
    let req: CreateAuthUriRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    wire::email(
        req.identifier.as_deref(),
        "MISSING_IDENTIFIER",
        "INVALID_IDENTIFIER",
    )?;
    Ok(Json(json!({
        "kind": "identitytoolkit#CreateAuthUriResponse",
        "sessionId": secrets::random_token(),
        "signinMethods": [],
    })))
}
