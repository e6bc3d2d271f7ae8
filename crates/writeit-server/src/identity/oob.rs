//! Mailed one-time codes (`accounts:sendOobCode` with PASSWORD_RESET, VERIFY_EMAIL, EMAIL_SIGNIN,
//! VERIFY_AND_CHANGE_EMAIL; RECOVER_EMAIL, mailed to the old address when the email changes) and
//! their use: `accounts:resetPassword`, `accounts:signInWithEmailLink`, and `accounts:update` with
//! an `oobCode`. Codes are 32 random bytes, stored as SHA-256, single-use, and expire after
//! `code_ttl_secs` (1 h; RECOVER_EMAIL after [`RECOVER_TTL_SECS`]); a newer code of a kind ends
//! the older ones. Requests naming an email answer the same whether or not an account has it.
//!
//! Issue 37's takeover paths end here: a change of address ends every code mailed before it and
//! every session, and tells the old address with a link that changes it back
//! ([`email_change`], [`mail_recovery`]); a sign-in by email link to an address never verified
//! ends the password, second factor and sessions that whoever signed up with it set ([`claim`]).

use axum::body::Bytes;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use writeit_store::{Account, AccountChanges, CodeUse, NewAccount, OneTimeCode};

use super::device::UserAgent;
use super::error::IdError;
use super::mail::Mail;
use super::secrets::{random_token, sha256_hex};
use super::session::{active_account, issue_session, merge, signed_in, signed_in_recently};
use super::state::{ClientAddr, IdentityState};
use super::{continue_url, limits, mfa, password, wire};

/// How long a RECOVER_EMAIL link lives: the owner of the old address may not read mail within
/// the hour other links live, and the link only ever gives that mailbox its address back.
pub const RECOVER_TTL_SECS: i64 = 3 * 24 * 3600;

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
        "RECOVER_EMAIL" => "recoverEmail",
        _ => "verifyAndChangeEmail",
    }
}

/// A mail's subject, the text before its link and the text after it; `payload` is the code's
/// (for RECOVER_EMAIL, the address the account moved to).
fn letter(kind: &str, payload: &str) -> (&'static str, String, &'static str) {
    const IGNORE: &str = "If you did not ask for this, ignore this message.";
    let (subject, text, after) = match kind {
        "PASSWORD_RESET" => (
            "Reset your WriteIt password",
            "Someone asked to reset the password of your WriteIt account. To choose a new one, open this link within an hour:".to_string(),
            IGNORE,
        ),
        "VERIFY_EMAIL" => (
            "Verify your email for WriteIt",
            "To verify this address for your WriteIt account, open this link within an hour:".to_string(),
            IGNORE,
        ),
        "EMAIL_SIGNIN" => (
            "Sign in to WriteIt",
            "To sign in to WriteIt with this address, open this link within an hour:".to_string(),
            IGNORE,
        ),
        "RECOVER_EMAIL" => (
            "The email of your WriteIt account was changed",
            format!(
                "The email of your WriteIt account was changed from this address to {payload}. If you made this change, there is nothing to do.\n\nIf you did not, open this link within 3 days: it gives the account this address back and signs out every device. Then choose a new password."
            ),
            "Links mailed to this address before the change no longer work.",
        ),
        _ => (
            "Confirm your new email for WriteIt",
            "To make this the address of your WriteIt account, open this link within an hour:".to_string(),
            IGNORE,
        ),
    };
    (subject, text, after)
}

/// A continue URL, which must be a path of the web app (`continue_url.rs`).
fn continue_url(state: &IdentityState, url: &Option<String>) -> Result<Option<String>, IdError> {
    match url.as_deref().filter(|u| !u.is_empty()) {
        None => Ok(None),
        Some(u) if continue_url::allowed(&state.identity.config.public_url, u) => {
            Ok(Some(u.to_string()))
        }
        Some(_) => Err(IdError::bad("INVALID_CONTINUE_URI")),
    }
}

/// Stores a code and mails its link (in the background: the answer must not wait on SMTP, nor
/// take longer when an account exists). A code of a kind the sendOobCode request asks for ends
/// the older ones of its kind; RECOVER_EMAIL codes all stay, so a second change of address
/// cannot take the first one's link back.
async fn send_code(
    state: &IdentityState,
    kind: &str,
    user_id: Option<String>,
    to: &str,
    payload: String,
    continue_url: Option<String>,
) -> Result<(), IdError> {
    let code = random_token();
    let recovery = kind == "RECOVER_EMAIL";
    let ttl = if recovery {
        RECOVER_TTL_SECS
    } else {
        state.identity.config.code_ttl_secs
    };
    let stored = OneTimeCode {
        kind: kind.into(),
        user_id,
        email: to.into(),
        payload,
        expires_at: crate::clock::now_ms() + ttl * 1000,
    };
    if recovery {
        state.store.insert_code(&sha256_hex(&code), &stored).await?;
    } else {
        state
            .store
            .replace_code(&sha256_hex(&code), &stored)
            .await?;
    }
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
    let (subject, text, after) = letter(kind, &stored.payload);
    let mail = Mail {
        to: to.into(),
        subject: subject.into(),
        body: format!("{text}\n\n{link}\n\n{after}\n"),
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

/// The changes that move an account to `email`: every session ends (the change may be a
/// thief's) and every code mailed before ends (a reset link sent to the old address must not
/// reset the moved account). The old address is then told: [`mail_recovery`].
pub fn email_change(email: String) -> AccountChanges {
    AccountChanges {
        email: Some(email),
        revoke_sessions_at: Some(crate::clock::now_secs()),
        end_mailed_codes: true,
        ..Default::default()
    }
}

/// Mails `old`, the address account `user_id` had before it moved to `new`, a RECOVER_EMAIL link
/// that gives it back (upstream's `recoverEmail`). Not counted against the mail limit: a thief
/// must not be able to use it up before the change.
pub async fn mail_recovery(
    state: &IdentityState,
    user_id: &str,
    old: &str,
    new: &str,
) -> Result<(), IdError> {
    send_code(
        state,
        "RECOVER_EMAIL",
        Some(user_id.to_string()),
        old,
        new.to_string(),
        None,
    )
    .await
}

/// The changes a verified sign-in (a mailed link used) makes to `account`: its address is
/// verified, and when it was not before, whoever signed up with it never showed they read its
/// mail, so the password, second factor, sessions and codes they set end (as upstream unlinks a
/// password on an email-link sign-in to an unverified account).
fn claim(account: &Account) -> AccountChanges {
    if account.email_verified {
        return AccountChanges::default();
    }
    AccountChanges {
        email_verified: Some(true),
        remove_password: account.password_hash.is_some(),
        remove_second_factor: true,
        revoke_sessions_at: Some(crate::clock::now_secs()),
        end_mailed_codes: true,
        ..Default::default()
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
    if account.email != used.email {
        // Mailed to an address the account no longer has (a change ends such codes; this holds
        // for any made before that rule).
        return Err(IdError::bad("INVALID_OOB_CODE"));
    }
    // The link reached this mailbox: a verified sign-in, as an email link is.
    let changes = AccountChanges {
        password_hash: Some(hash),
        revoke_sessions_at: Some(crate::clock::now_secs()),
        ..claim(&account)
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
    agent: UserAgent,
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
                let claimed = state
                    .store
                    .update_account(&a.id, &claim(&a))
                    .await?
                    .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?;
                state.statuses.forget(&a.id);
                claimed
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
    let session = issue_session(&state, &account, &agent).await?;
    Ok(Json(merge(base, session.fields())))
}

/// `accounts:update` with an `oobCode`: applies VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL (which
/// ends the sessions and older codes and tells the old address) or RECOVER_EMAIL (which gives
/// the old address back, verified, ends every session and code, and the RECOVER_EMAIL links of
/// later changes, never an earlier one: the first owner's link outlives a thief's changes).
pub async fn apply_code(
    state: &IdentityState,
    oob_code: &Option<String>,
) -> Result<Value, IdError> {
    let code = sha256_hex(wire::required(oob_code, "MISSING_OOB_CODE")?);
    let kinds = ["VERIFY_EMAIL", "VERIFY_AND_CHANGE_EMAIL", "RECOVER_EMAIL"];
    let used = valid(state.store.consume_code(&code, &kinds).await?)?;
    let user_id = used
        .user_id
        .clone()
        .ok_or_else(|| IdError::bad("INVALID_OOB_CODE"))?;
    let account = active_account(state, &user_id).await?;
    let changes = match used.kind.as_str() {
        "VERIFY_EMAIL" => {
            if account.email != used.email {
                // The address changed after the link was sent: it verifies nothing now.
                return Err(IdError::bad("INVALID_OOB_CODE"));
            }
            AccountChanges {
                email_verified: Some(true),
                ..Default::default()
            }
        }
        "RECOVER_EMAIL" => AccountChanges {
            email_verified: Some(true),
            end_recoveries_after: Some(used.expires_at),
            ..email_change(used.email.clone())
        },
        _ => AccountChanges {
            email_verified: Some(true),
            ..email_change(used.email.clone())
        },
    };
    let updated = state
        .store
        .update_account(&user_id, &changes)
        .await?
        .ok_or_else(|| IdError::bad("USER_NOT_FOUND"))?;
    state.statuses.forget(&user_id);
    if used.kind == "VERIFY_AND_CHANGE_EMAIL" && updated.email != account.email {
        mail_recovery(state, &user_id, &account.email, &updated.email).await?;
    }
    Ok(json!({
        "kind": "identitytoolkit#SetAccountInfoResponse",
        "localId": updated.id,
        "email": updated.email,
        "emailVerified": updated.email_verified,
        "requestType": used.kind,
    }))
}
