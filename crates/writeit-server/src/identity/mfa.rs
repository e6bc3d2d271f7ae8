//! TOTP second factor (RFC 6238: SHA1, 6 digits, 30 s, ±1 step of clock drift): enrolment
//! (`mfaEnrollment:start|finalize|withdraw`) and sign-in (`mfaSignIn:start|finalize`) in the
//! upstream shapes, with a used step refused (replay) and ten one-time recovery codes.

use axum::body::Bytes;
use axum::extract::State;
use axum::Json;
use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Value};
use totp_rs::{Algorithm, Secret, TOTP};
use writeit_store::{Account, CodeUse, OneTimeCode, TotpFactor};

use super::account_json::{mfa_info, rfc3339};
use super::device::UserAgent;
use super::error::IdError;
use super::secrets::{normalize_recovery_code, random_token, recovery_code, sha256_hex};
use super::session::{
    active_account, continue_session, issue_session, merge, signed_in, signed_in_recently,
};
use super::state::{ClientAddr, IdentityState};
use super::{limits, wire};

type Answer = Result<Json<Value>, IdError>;

/// Seconds per TOTP step.
pub const PERIOD: i64 = 30;
/// How long an enrolment session or a pending second-factor sign-in lasts.
const SESSION_SECS: i64 = 600;
/// Recovery codes given at enrolment.
const RECOVERY_CODES: usize = 10;

fn totp(secret: &str) -> Result<TOTP, IdError> {
    let bytes = Secret::Encoded(secret.to_string())
        .to_bytes()
        .map_err(|e| IdError::internal(format!("stored TOTP secret: {e:?}")))?;
    TOTP::new(Algorithm::SHA1, 6, 1, PERIOD as u64, bytes).map_err(IdError::internal)
}

/// The step (`time / 30`) within one step of `now` whose code is `code`.
pub fn matching_step(secret: &str, code: &str, now_secs: i64) -> Result<Option<i64>, IdError> {
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let t = totp(secret)?;
    let now = now_secs / PERIOD;
    Ok((now - 1..=now + 1).find(|step| {
        super::secrets::same(
            t.generate((step * PERIOD) as u64).as_bytes(),
            code.as_bytes(),
        )
    }))
}

/// The current code of a secret (tests and the client's own checks).
pub fn code_at(secret: &str, time_secs: i64) -> String {
    totp(secret)
        .map(|t| t.generate(time_secs as u64))
        .unwrap_or_default()
}

/// When `account` has a second factor: a pending credential and `mfaInfo`, answered (with 200)
/// instead of tokens, as upstream does.
pub async fn pending(state: &IdentityState, account: &Account) -> Result<Option<Value>, IdError> {
    let Some(factor) = state.store.totp(&account.id).await? else {
        return Ok(None);
    };
    let credential = random_token();
    state
        .store
        .insert_code(
            &sha256_hex(&credential),
            &OneTimeCode {
                kind: "MFA_PENDING".into(),
                user_id: Some(account.id.clone()),
                email: account.email.clone(),
                payload: String::new(),
                expires_at: crate::clock::now_ms() + SESSION_SECS * 1000,
            },
        )
        .await?;
    Ok(Some(json!({
        "mfaPendingCredential": credential,
        "mfaInfo": [mfa_info(&factor)],
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentStartRequest {
    id_token: Option<String>,
}

/// `mfaEnrollment:start`: a new shared secret and the session to finalize it with.
pub async fn enrollment_start(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: EnrollmentStartRequest = wire::parse(&body)?;
    let account = signed_in_recently(&state, &req.id_token).await?;
    if state.store.totp(&account.id).await?.is_some() {
        return Err(IdError::bad("SECOND_FACTOR_EXISTS"));
    }
    let mut raw = [0u8; 20];
    rand::rngs::OsRng.fill_bytes(&mut raw);
    let secret = Secret::Raw(raw.to_vec()).to_encoded().to_string();
    let session = random_token();
    let expires = crate::clock::now_ms() + SESSION_SECS * 1000;
    state
        .store
        .insert_code(
            &sha256_hex(&session),
            &OneTimeCode {
                kind: "TOTP_ENROLL".into(),
                user_id: Some(account.id.clone()),
                email: account.email.clone(),
                // Sealed: this row holds the secret until the first code is checked.
                payload: state.identity.sealer.seal(&secret, &account.id)?,
                expires_at: expires,
            },
        )
        .await?;
    let label = percent_encoding::utf8_percent_encode(
        &format!("WriteIt:{}", account.email),
        percent_encoding::NON_ALPHANUMERIC,
    )
    .to_string();
    Ok(Json(json!({
        "totpSessionInfo": {
            "sharedSecretKey": secret,
            "verificationCodeLength": 6,
            "hashingAlgorithm": "SHA1",
            "periodSec": PERIOD,
            "sessionInfo": session,
            "finalizeEnrollmentTime": rfc3339(expires),
        },
        // WriteIt's own: the URI authenticator apps read from a QR code.
        "otpauthUri": format!("otpauth://totp/{label}?secret={secret}&issuer=WriteIt&algorithm=SHA1&digits=6&period={PERIOD}"),
    })))
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct TotpVerificationInfo {
    session_info: Option<String>,
    verification_code: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentFinalizeRequest {
    id_token: Option<String>,
    display_name: Option<String>,
    #[serde(default)]
    totp_verification_info: TotpVerificationInfo,
}

/// `mfaEnrollment:finalize`: checks a first code, enrols the factor, answers a new session and
/// (WriteIt's own) `recoveryCodes`, shown once.
pub async fn enrollment_finalize(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    agent: UserAgent,
    body: Bytes,
) -> Answer {
    let req: EnrollmentFinalizeRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let account = signed_in(&state, &req.id_token).await?;
    let info = &req.totp_verification_info;
    let session = sha256_hex(wire::required(&info.session_info, "MISSING_SESSION_INFO")?);
    let code = wire::required(&info.verification_code, "MISSING_CODE")?;
    let display_name = wire::display_name(&req.display_name)?;
    let kinds = ["TOTP_ENROLL"];
    let enrolment = match state.store.peek_code(&session, &kinds).await? {
        CodeUse::Valid(c) if c.user_id.as_deref() == Some(&account.id) => c,
        CodeUse::Expired => return Err(IdError::bad("SESSION_EXPIRED")),
        _ => return Err(IdError::bad("INVALID_SESSION_INFO")),
    };
    let secret = state
        .identity
        .sealer
        .open(&enrolment.payload, &account.id)?;
    let Some(step) = matching_step(&secret, code, crate::clock::now_secs())? else {
        return Err(IdError::bad("INVALID_CODE"));
    };
    if !matches!(
        state.store.consume_code(&session, &kinds).await?,
        CodeUse::Valid(_)
    ) {
        return Err(IdError::bad("INVALID_SESSION_INFO"));
    }
    let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| recovery_code()).collect();
    let hashes: Vec<String> = codes.iter().map(|c| sha256_hex(c)).collect();
    let factor = TotpFactor {
        enrollment_id: uuid::Uuid::now_v7().simple().to_string(),
        secret: enrolment.payload,
        display_name,
        enrolled_at: crate::clock::now_ms(),
        last_step: step,
    };
    state.store.save_totp(&account.id, &factor, &hashes).await?;
    let session = continue_session(&state, &account, &req.id_token, &agent).await?;
    Ok(Json(merge(
        session.fields(),
        json!({ "recoveryCodes": codes, "mfaInfo": [mfa_info(&factor)] }),
    )))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawRequest {
    id_token: Option<String>,
    mfa_enrollment_id: Option<String>,
}

/// `mfaEnrollment:withdraw`: removes the factor and its recovery codes.
pub async fn enrollment_withdraw(
    State(state): State<IdentityState>,
    agent: UserAgent,
    body: Bytes,
) -> Answer {
    let req: WithdrawRequest = wire::parse(&body)?;
    let account = signed_in_recently(&state, &req.id_token).await?;
    let id = wire::required(&req.mfa_enrollment_id, "MISSING_MFA_ENROLLMENT_ID")?;
    match state.store.totp(&account.id).await? {
        Some(f) if f.enrollment_id == id => {}
        _ => return Err(IdError::bad("MFA_ENROLLMENT_NOT_FOUND")),
    }
    state.store.delete_totp(&account.id).await?;
    let session = continue_session(&state, &account, &req.id_token, &agent).await?;
    Ok(Json(session.fields()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignInRequest {
    mfa_pending_credential: Option<String>,
    mfa_enrollment_id: Option<String>,
    #[serde(default)]
    totp_verification_info: TotpVerificationInfo,
}

/// The account a pending credential is for (not using it up).
async fn pending_account(
    state: &IdentityState,
    credential: &Option<String>,
    enrollment_id: &Option<String>,
) -> Result<(String, Account), IdError> {
    let hash = sha256_hex(wire::required(
        credential,
        "MISSING_MFA_PENDING_CREDENTIAL",
    )?);
    let CodeUse::Valid(code) = state.store.peek_code(&hash, &["MFA_PENDING"]).await? else {
        return Err(IdError::bad("INVALID_MFA_PENDING_CREDENTIAL"));
    };
    let account = active_account(state, code.user_id.as_deref().unwrap_or_default()).await?;
    if let Some(id) = enrollment_id.as_deref().filter(|i| !i.is_empty()) {
        match state.store.totp(&account.id).await? {
            Some(f) if f.enrollment_id == id => {}
            _ => return Err(IdError::bad("MFA_ENROLLMENT_NOT_FOUND")),
        }
    }
    Ok((hash, account))
}

/// `mfaSignIn:start`: checks the pending credential (a TOTP factor needs nothing sent).
pub async fn sign_in_start(State(state): State<IdentityState>, body: Bytes) -> Answer {
    let req: SignInRequest = wire::parse(&body)?;
    pending_account(&state, &req.mfa_pending_credential, &req.mfa_enrollment_id).await?;
    Ok(Json(json!({})))
}

/// `mfaSignIn:finalize`: a TOTP code (a step not used before) or a recovery code completes the
/// sign-in.
pub async fn sign_in_finalize(
    State(state): State<IdentityState>,
    addr: ClientAddr,
    agent: UserAgent,
    body: Bytes,
) -> Answer {
    let req: SignInRequest = wire::parse(&body)?;
    limits::per_address(&state, &addr).await?;
    let (hash, account) =
        pending_account(&state, &req.mfa_pending_credential, &req.mfa_enrollment_id).await?;
    let code = wire::required(
        &req.totp_verification_info.verification_code,
        "MISSING_CODE",
    )?;
    let attempt = limits::attempt(&state, &account.email).await?;
    let factor = state
        .store
        .totp(&account.id)
        .await?
        .ok_or_else(|| IdError::bad("MFA_ENROLLMENT_NOT_FOUND"))?;
    let secret = state.identity.sealer.open(&factor.secret, &account.id)?;
    let accepted = match matching_step(&secret, code, crate::clock::now_secs())? {
        Some(step) => state.store.use_totp_step(&account.id, step).await?,
        None if code.len() == 6 => false,
        None => {
            let hash = sha256_hex(&normalize_recovery_code(code));
            state.store.use_recovery_code(&account.id, &hash).await?
        }
    };
    if !accepted {
        return Err(IdError::bad("INVALID_CODE"));
    }
    attempt.give_back(&state).await?;
    if !matches!(
        state.store.consume_code(&hash, &["MFA_PENDING"]).await?,
        CodeUse::Valid(_)
    ) {
        return Err(IdError::bad("INVALID_MFA_PENDING_CREDENTIAL"));
    }
    let session = issue_session(&state, &account, &agent).await?;
    Ok(Json(merge(
        session.fields(),
        json!({ "localId": account.id }),
    )))
}
