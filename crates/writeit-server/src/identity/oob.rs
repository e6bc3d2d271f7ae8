//! Mailed one-time codes (`accounts:sendOobCode` with PASSWORD_RESET, VERIFY_EMAIL, EMAIL_SIGNIN,
//! VERIFY_AND_CHANGE_EMAIL) and their use: `accounts:resetPassword`,
//! `accounts:signInWithEmailLink`, and `accounts:update` with an `oobCode`. Codes are 32 random
//! bytes, stored as SHA-256, single-use, and expire after `code_ttl_secs` (1 h). Requests naming
//! an email answer the same whether or not an account has it.

use axum::body::Bytes;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use writeit_store::{AccountChanges, CodeUse, NewAccount, OneTimeCode};

use super::error::IdError;
use super::mail::Mail;
use super::secrets::{random_token, sha256_hex};
use super::session::{active_account, issue_session, merge, signed_in, signed_in_recently};
use super::state::{ClientAddr, IdentityState};
use super::{limits, mfa, password, wire};

type Answer = Result<Json<Value>, IdError>;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendOobCodeRequest {
    request_type: Option<String>,
    email: Option<String>,
    id_token: Option<String>,
    new_email: Option<String>,
    continue_url: Option<String>,
}

/// The web app's `mode` for each code kind (`{public}/signin?mode=…&oobCode=…`).
fn mode(kind: &str) -> &'static str {
    match kind {
        "PASSWORD_RESET" => "resetPassword",
        "VERIFY_EMAIL" => "verifyEmail",
        "EMAIL_SIGNIN" => "signIn",
        _ => "verifyAndChangeEmail",
    }
}

fn subject_and_text(kind: &str) -> (&'static str, &'static str) {
    match kind {
        "PASSWORD_RESET" => (
            "Reset your WriteIt password",
            "Someone asked to reset the password of your WriteIt account. To choose a new one, open this link within an hour:",
        ),
        "VERIFY_EMAIL" => (
            "Verify your email for WriteIt",
            "To verify this address for your WriteIt account, open this link within an hour:",
        ),
        "EMAIL_SIGNIN" => (
            "Sign in to WriteIt",
            "To sign in to WriteIt with this address, open this link within an hour:",
        ),
        _ => (
            "Confirm your new email for WriteIt",
            "To make this the address of your WriteIt account, open this link within an hour:",
        ),
    }
}

/// A continue URL must stay on the web app's origin.
fn continue_url(state: &IdentityState, url: &Option<String>) -> Result<Option<String>, IdError> {
    match url.as_deref().filter(|u| !u.is_empty()) {
        None => Ok(None),
        Some(u) => {
            let base = state.identity.config.public_url.trim_end_matches('/');
            let same_origin = u == base
                || u.strip_prefix(base)
                    .is_some_and(|rest| rest.starts_with('/') || rest.starts_with('?'));
            if same_origin && u.len() <= 2048 {
                Ok(Some(u.to_string()))
            } else {
                Err(IdError::bad("INVALID_CONTINUE_URI"))
            }
        }
    }
}

/// Stores a code and mails its link (in the background: the answer must not wait on SMTP, nor
/// take longer when an account exists).
async fn send_code(
    state: &IdentityState,
    kind: &str,
    user_id: Option<String>,
    to: &str,
    payload: String,
    continue_url: Option<String>,
) -> Result<(), IdError> {
    let code = random_token();
    state
        .store
        .insert_code(
            &sha256_hex(&code),
            &OneTimeCode {
                kind: kind.into(),
                user_id,
                email: to.into(),
                payload,
                expires_at: crate::clock::now_ms() + state.identity.config.code_ttl_secs * 1000,
            },
        )
        .await?;
    let mut link = format!(
        "{}/signin?mode={}&oobCode={code}",
        state.identity.config.public_url.trim_end_matches('/'),
        mode(kind)
    );
    if let Some(c) = continue_url {
        link.push_str("&continueUrl=");
        link.extend(percent_encoding::utf8_percent_encode(
            &c,
            percent_encoding::NON_ALPHANUMERIC,
        ));
    }
    let (subject, text) = subject_and_text(kind);
    let mail = Mail {
        to: to.into(),
        subject: subject.into(),
        body: format!("{text}\n\n{link}\n\nIf you did not ask for this, ignore this message.\n"),
        link,
    };
    let state = state.clone();
    tokio::spawn(async move { state.identity.mailer.send(mail).await });
    Ok(())
}

/// The PASSWORD_RESET or EMAIL_SIGNIN code for `email`, made and mailed when there is one to make.
async fn code_for_address(
    state: &IdentityState,
    kind: &str,
    email: &str,
    next: Option<String>,
) -> Result<(), IdError> {
    let account = state.store.account_by_email(email).await?;
    match (kind, account) {
        (_, Some(a)) if a.disabled => Ok(()),
        ("PASSWORD_RESET", Some(a)) => {
            send_code(state, kind, Some(a.id), email, String::new(), next).await
        }
        ("PASSWORD_RESET", None) => Ok(()),
        // An email link also signs up: the code is made whether or not the account exists.
        (_, a) => send_code(state, kind, a.map(|a| a.id), email, String::new(), next).await,
    }
}

/// `accounts:sendOobCode`.
pub async fn send_oob_code(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    body: Bytes,
) -> Answer {
    let req: SendOobCodeRequest = wire::parse(&body)?;
    let kind = match req.request_type.as_deref() {
        None | Some("") => return Err(IdError::bad("MISSING_REQ_TYPE")),
        Some(
            k @ ("PASSWORD_RESET" | "VERIFY_EMAIL" | "EMAIL_SIGNIN" | "VERIFY_AND_CHANGE_EMAIL"),
        ) => k.to_string(),
        Some(_) => return Err(IdError::bad("INVALID_REQ_TYPE")),
    };
    let next = continue_url(&state, &req.continue_url)?;
    limits::per_address(&state, &addr).await?;
    let answer = |email: &str| {
        Json(json!({"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}))
    };
    match kind.as_str() {
        "PASSWORD_RESET" | "EMAIL_SIGNIN" => {
            let email = wire::email(req.email.as_deref(), "MISSING_EMAIL", "INVALID_EMAIL")?;
            limits::mail(&state, &email).await?;
            // The account is looked up and its code stored after the answer, so the answer takes
            // as long whether or not an account has this address (it told by ~0.25 ms before).
            let (state, answered) = (state.clone(), answer(&email));
            tokio::spawn(async move {
                // Failures are logged where they are made (IdError::internal).
                let _ = code_for_address(&state, &kind, &email, next).await;
            });
            Ok(answered)
        }
        "VERIFY_EMAIL" => {
            let account = signed_in(&state, &req.id_token).await?;
            limits::mail(&state, &account.email).await?;
            send_code(
                &state,
                &kind,
                Some(account.id.clone()),
                &account.email,
                String::new(),
                next,
            )
            .await?;
            Ok(answer(&account.email))
        }
        _ => {
            let account = signed_in_recently(&state, &req.id_token).await?;
            let new_email = wire::email(
                req.new_email.as_deref(),
                "MISSING_NEW_EMAIL",
                "INVALID_NEW_EMAIL",
            )?;
            limits::mail(&state, &new_email).await?;
            // Whether the new address is taken is told only when the code is applied, by
            // whoever can read that mailbox.
            send_code(
                &state,
                &kind,
                Some(account.id.clone()),
                &new_email,
                String::new(),
                next,
            )
            .await?;
            Ok(answer(&new_email))
        }
    }
}

fn code_error(use_: CodeUse) -> IdError {
    match use_ {
        CodeUse::Expired => IdError::bad("EXPIRED_OOB_CODE"),
        _ => IdError::bad("INVALID_OOB_CODE"),
    }
}

fn valid(use_: CodeUse) -> Result<OneTimeCode, IdError> {
    match use_ {
        CodeUse::Valid(c) => Ok(c),
        other => Err(code_error(other)),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    oob_code: Option<String>,
    new_password: Option<String>,
}

/// `accounts:resetPassword`: without `newPassword` checks the code (and answers its email);
/// with it, sets the password, marks the email verified and revokes every session.
pub async fn reset_password(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    body: Bytes,
) -> Answer {
    let req: ResetPasswordRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let code = sha256_hex(wire::required(&req.oob_code, "MISSING_OOB_CODE")?);
    let kinds = ["PASSWORD_RESET"];
    let peeked = valid(state.store.peek_code(&code, &kinds).await?)?;
    let answer = json!({
        "kind": "identitytoolkit#ResetPasswordResponse",
        "email": peeked.email,
        "requestType": "PASSWORD_RESET",
    });
    let Some(pw) = req.new_password.as_deref() else {
        return Ok(Json(answer));
    };
    password::check_policy(pw, &peeked.email)?;
    // A valid mailed code is as good as a known device: the account's lane.
    let lane = match &peeked.user_id {
        Some(id) => password::Lane::Known(id.clone()),
        None => password::Lane::Anonymous(addr.0.clone()),
    };
    let hash = password::hash(&state.identity.hashing, lane, pw).await?;
    let used = valid(state.store.consume_code(&code, &kinds).await?)?;
    let user_id = used
        .user_id
        .ok_or_else(|| IdError::bad("INVALID_OOB_CODE"))?;
    let account = active_account(&state, &user_id).await?;
    let changes = AccountChanges {
        // The link reached this mailbox: it is verified, unless the address changed since.
        email_verified: (account.email == used.email).then_some(true),
        password_hash: Some(hash),
        revoke_sessions_at: Some(crate::clock::now_secs()),
        ..Default::default()
    };
    state.store.update_account(&user_id, &changes).await?;
    state.statuses.forget(&user_id);
    Ok(Json(answer))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailLinkRequest {
    email: Option<String>,
    oob_code: Option<String>,
}

/// `accounts:signInWithEmailLink`: signs in (or signs up) the owner of the mailed link.
pub async fn sign_in_with_email_link(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    body: Bytes,
) -> Answer {
    let req: EmailLinkRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let email = wire::email(req.email.as_deref(), "MISSING_EMAIL", "INVALID_EMAIL")?;
    let code = sha256_hex(wire::required(&req.oob_code, "MISSING_OOB_CODE")?);
    let kinds = ["EMAIL_SIGNIN"];
    let peeked = valid(state.store.peek_code(&code, &kinds).await?)?;
    if peeked.email != email {
        return Err(IdError::bad("INVALID_EMAIL"));
    }
    if let Some(a) = state.store.account_by_email(&email).await? {
        if a.disabled {
            return Err(IdError::bad("USER_DISABLED"));
        }
    }
    valid(state.store.consume_code(&code, &kinds).await?)?;
    let (account, is_new) = match state.store.account_by_email(&email).await? {
        Some(a) => {
            let a = if a.email_verified {
                a
            } else {
                let verified = AccountChanges {
                    email_verified: Some(true),
                    ..Default::default()
                };
                state
                    .store
                    .update_account(&a.id, &verified)
                    .await?
                    .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?
            };
            (a, false)
        }
        None => {
            let new = NewAccount {
                id: uuid::Uuid::now_v7().simple().to_string(),
                email: email.clone(),
                email_verified: true,
                display_name: None,
                password_hash: None,
            };
            (state.store.create_account(&new).await?, true)
        }
    };
    let base = json!({
        "kind": "identitytoolkit#EmailLinkSigninResponse",
        "localId": account.id,
        "email": account.email,
        "isNewUser": is_new,
    });
    if let Some(pending) = mfa::pending(&state, &account).await? {
        return Ok(Json(merge(base, pending)));
    }
    let session = issue_session(&state, &account).await?;
    Ok(Json(merge(base, session.fields())))
}

/// `accounts:update` with an `oobCode`: applies VERIFY_EMAIL or VERIFY_AND_CHANGE_EMAIL.
pub async fn apply_code(
    state: &IdentityState,
    oob_code: &Option<String>,
) -> Result<Value, IdError> {
    let code = sha256_hex(wire::required(oob_code, "MISSING_OOB_CODE")?);
    let kinds = ["VERIFY_EMAIL", "VERIFY_AND_CHANGE_EMAIL"];
    let used = valid(state.store.consume_code(&code, &kinds).await?)?;
    let user_id = used
        .user_id
        .clone()
        .ok_or_else(|| IdError::bad("INVALID_OOB_CODE"))?;
    let account = active_account(state, &user_id).await?;
    let changes = if used.kind == "VERIFY_EMAIL" {
        if account.email != used.email {
            // The address changed after the link was sent: it verifies nothing now.
            return Err(IdError::bad("INVALID_OOB_CODE"));
        }
        AccountChanges {
            email_verified: Some(true),
            ..Default::default()
        }
    } else {
        AccountChanges {
            email: Some(used.email.clone()),
            email_verified: Some(true),
            ..Default::default()
        }
    };
    let updated = state
        .store
        .update_account(&user_id, &changes)
        .await?
        .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?;
    Ok(json!({
        "kind": "identitytoolkit#SetAccountInfoResponse",
        "localId": updated.id,
        "email": updated.email,
        "emailVerified": updated.email_verified,
        "requestType": used.kind,
    }))
}
