//! What the identity service keeps (docs/identity.md): accounts with their password hashes,
//! refresh-token families, one-time codes, TOTP factors, and rate-limit counters. Secrets are
//! stored as hashes made by the caller (SHA-256 of a random token, argon2id of a password); the
//! store never sees a usable credential: the TOTP secret, which the server must read back to check
//! codes, comes sealed (AES-GCM under a key outside the database).

use async_trait::async_trait;

use crate::{Result, Role};

/// A `users` row with its identity columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: String,
    /// Lower-cased.
    pub email: String,
    pub email_verified: bool,
    pub display_name: Option<String>,
    /// argon2id PHC string; `None` for accounts made by an email link only.
    pub password_hash: Option<String>,
    pub role: Role,
    pub editor_languages: Vec<String>,
    pub disabled: bool,
    /// ID tokens issued (iat, seconds) before this are refused.
    pub valid_since: i64,
    /// Revocations so far: ID tokens minted with a smaller `gen` are refused (exact, where
    /// `valid_since` is to the second).
    pub token_generation: i64,
    /// ms since the epoch.
    pub created_at: i64,
    pub last_login_at: Option<i64>,
    pub password_updated_at: Option<i64>,
}

/// A new account.
#[derive(Clone, Debug)]
pub struct NewAccount {
    pub id: String,
    pub email: String,
    pub email_verified: bool,
    pub display_name: Option<String>,
    pub password_hash: Option<String>,
}

/// What a request needs to know about its caller, looked up per request (cached briefly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountStatus {
    pub disabled: bool,
    pub role: Role,
    pub editor_languages: Vec<String>,
    pub valid_since: i64,
    pub token_generation: i64,
    /// Sessions ended in the last [`ENDED_SESSIONS_KEPT_MS`]: ID tokens naming one (`sid`) are
    /// refused.
    pub ended_sessions: Vec<String>,
}

/// How long an ended session is named in [`AccountStatus::ended_sessions`] (ms): longer than any
/// ID token lives (an hour, minted before its session ended), with room for instances' clocks.
pub const ENDED_SESSIONS_KEPT_MS: i64 = 2 * 60 * 60 * 1000;

/// A session as it begins: a sign-in, whose refresh-token family has this id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSession {
    /// The refresh-token family (a UUIDv7 made at sign-in); ID tokens carry it as `sid`.
    pub id: String,
    pub user_id: String,
    /// The sign-in's User-Agent (kept to its first 512 bytes).
    pub user_agent: String,
}

/// A live session as its owner sees it listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    pub id: String,
    pub user_agent: String,
    /// ms since the epoch.
    pub created_at: i64,
    /// Its last refresh (ms): a session in use refreshes its ID token at least hourly.
    pub last_used_at: i64,
}

/// What became of a refresh token presented for rotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// Consumed; the new token was stored in the same family (a UUIDv7 made at sign-in).
    Rotated { user_id: String, family: String },
    /// Already used: its whole family is now revoked.
    Reused,
    /// Revoked (sign-out, password change) or past its expiry.
    Revoked,
    /// Never issued.
    Unknown,
}

/// A one-time code as stored (its hash is the key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneTimeCode {
    /// `PASSWORD_RESET`, `VERIFY_EMAIL`, `EMAIL_SIGNIN`, `VERIFY_AND_CHANGE_EMAIL`,
    /// `RECOVER_EMAIL` (gives a changed address back), `MFA_PENDING`, `TOTP_ENROLL`.
    pub kind: String,
    pub user_id: Option<String>,
    /// The address the code was sent to (the new address for VERIFY_AND_CHANGE_EMAIL, the old one,
    /// to give back, for RECOVER_EMAIL).
    pub email: String,
    /// Kind-specific data (the TOTP secret being enrolled, …).
    pub payload: String,
    /// ms since the epoch.
    pub expires_at: i64,
}

/// What came of presenting a one-time code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeUse {
    /// Valid (and, when consuming, now used).
    Valid(OneTimeCode),
    /// Known but past its expiry.
    Expired,
    /// Unknown or already used.
    Invalid,
}

/// A user's TOTP factor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotpFactor {
    pub enrollment_id: String,
    /// The shared secret as the server stored it: sealed (`v1.…`), or base32 from before sealing.
    pub secret: String,
    pub display_name: Option<String>,
    /// ms since the epoch.
    pub enrolled_at: i64,
    /// The last 30-second step a code was accepted for.
    pub last_step: i64,
}

/// Changes to an account's profile; `None` leaves a field as it is.
#[derive(Clone, Debug, Default)]
pub struct AccountChanges {
    pub email: Option<String>,
    pub email_verified: Option<bool>,
    /// `Some(None)` removes the display name.
    pub display_name: Option<Option<String>>,
    pub password_hash: Option<String>,
    /// Revoke every refresh-token family and every ID token issued until now: `valid_since` (s)
    /// is set to this and `token_generation` goes up by one.
    pub revoke_sessions_at: Option<i64>,
    /// Remove the password (a verified sign-in to an address never verified: whoever set it
    /// never showed they read its mail).
    pub remove_password: bool,
    /// Remove the second factor and its recovery codes (as for `remove_password`).
    pub remove_second_factor: bool,
    /// End the account's unused mailed codes: reset, email sign-in, verification and change of
    /// address (not RECOVER_EMAIL codes, which give an earlier address back).
    pub end_mailed_codes: bool,
    /// End the account's unused RECOVER_EMAIL codes that expire after this (ms): applying one
    /// ends those made after it, never an earlier one.
    pub end_recoveries_after: Option<i64>,
}

/// The identity service's storage, implemented by both databases beside [`crate::Store`].
#[async_trait]
pub trait IdentityStore: Send + Sync {
    /// Creates an account; `StoreError::Conflict` with message `EMAIL_EXISTS` when the email is taken.
    async fn create_account(&self, account: &NewAccount) -> Result<Account>;
    /// An account by id.
    async fn account(&self, id: &str) -> Result<Option<Account>>;
    /// An account by (lower-cased) email.
    async fn account_by_email(&self, email: &str) -> Result<Option<Account>>;
    /// Every account, by email.
    async fn accounts(&self) -> Result<Vec<Account>>;
    /// Writes the email skeleton of accounts from before it was kept (migration 0011); an
    /// account whose address looks like an earlier one's is left without one and logged. Answers
    /// how many were written.
    async fn record_email_skeletons(&self) -> Result<u64>;
    /// Applies `changes` in one transaction; `Conflict` (`EMAIL_EXISTS`) when the new email is
    /// taken, `Ok(None)` when there is no such account.
    async fn update_account(&self, id: &str, changes: &AccountChanges) -> Result<Option<Account>>;
    /// Sets role and editor languages of the account with `email`; false when there is none.
    async fn set_access(&self, email: &str, role: Role, languages: &[String]) -> Result<bool>;
    /// Disables or enables an account (its sessions stay, refused while disabled); false when
    /// there is none.
    async fn set_disabled(&self, email: &str, disabled: bool) -> Result<bool>;
    /// Records a successful sign-in.
    async fn record_login(&self, id: &str) -> Result<()>;
    /// Revokes every refresh token of the user and every ID token issued until now (sets
    /// `valid_since`, s, and adds one to `token_generation`), ending every session.
    async fn revoke_sessions(&self, id: &str, valid_since: i64) -> Result<()>;
    /// Deletes the account, its credentials and all its study rows, in one transaction.
    async fn delete_account(&self, id: &str) -> Result<()>;
    /// What a request needs of its caller; `None` for ids with no account (e.g. dev tokens).
    async fn account_status(&self, id: &str) -> Result<Option<AccountStatus>>;

    /// Begins a session (a sign-in) with its first refresh token, in one transaction.
    async fn start_session(
        &self,
        session: &NewSession,
        token_hash: &str,
        expires_at: i64,
    ) -> Result<()>;
    /// Adds a refresh token to `user_id`'s session `id` if it is live (a change answered with new
    /// tokens goes on in the same session); false when it ended, expired or is not theirs.
    async fn continue_session(
        &self,
        id: &str,
        user_id: &str,
        token_hash: &str,
        expires_at: i64,
    ) -> Result<bool>;
    /// `user_id`'s live sessions, the last used first.
    async fn sessions(&self, user_id: &str) -> Result<Vec<SessionInfo>>;
    /// Ends `user_id`'s session `id`: revokes its refresh tokens and records it ended, so its
    /// ID tokens are refused; false when it is not theirs or already ended.
    async fn end_session(&self, user_id: &str, id: &str) -> Result<bool>;
    /// Ends every session of `user_id` but `keep`; answers how many were live.
    async fn end_other_sessions(&self, user_id: &str, keep: &str) -> Result<u64>;
    /// Consumes `old_hash` (`WHERE used_at IS NULL`) and stores `new_hash` in its family, in one
    /// transaction; a second use of a token revokes its family.
    async fn rotate_refresh_token(
        &self,
        old_hash: &str,
        new_hash: &str,
        expires_at: i64,
    ) -> Result<Rotation>;

    /// Revokes the family of the refresh token with `hash` and ends its session (signing out one
    /// device); false when no such token is live.
    async fn revoke_refresh_token(&self, hash: &str) -> Result<bool>;

    /// Stores a one-time code under the hash of the code.
    async fn insert_code(&self, hash: &str, code: &OneTimeCode) -> Result<()>;
    /// Stores a mailed code and, in the same transaction, ends the unused codes of its kind for
    /// its account (for its address when it has no account): a newer link ends the older ones.
    async fn replace_code(&self, hash: &str, code: &OneTimeCode) -> Result<()>;
    /// Marks the code used and answers it, if it is unused and of one of `kinds`.
    async fn consume_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse>;
    /// Answers the code without using it.
    async fn peek_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse>;

    /// Counts a hit on `key` in a fixed window of `window_ms`; answers (hits, window start ms).
    async fn rate_hit(&self, key: &str, window_ms: i64) -> Result<(i64, i64)>;
    /// The hits on `key` in its current window, without counting one.
    async fn rate_peek(&self, key: &str, window_ms: i64) -> Result<(i64, i64)>;
    /// Takes back one hit on `key` if its window is still the one starting at `window_start`
    /// (an attempt counted before a check that then succeeded).
    async fn rate_release(&self, key: &str, window_start: i64) -> Result<()>;
    /// Deletes expired codes and stale counters (older than `before` ms).
    async fn purge_identity(&self, before: i64) -> Result<()>;

    /// The user's TOTP factor.
    async fn totp(&self, user_id: &str) -> Result<Option<TotpFactor>>;
    /// Enrols (or replaces) the user's TOTP factor and its recovery-code hashes.
    async fn save_totp(
        &self,
        user_id: &str,
        factor: &TotpFactor,
        recovery_hashes: &[String],
    ) -> Result<()>;
    /// Removes the TOTP factor and its recovery codes.
    async fn delete_totp(&self, user_id: &str) -> Result<()>;
    /// Records `step` as used; false when it (or a later one) was already used: a replay.
    async fn use_totp_step(&self, user_id: &str, step: i64) -> Result<bool>;
    /// Uses a recovery code once; false when unknown or used.
    async fn use_recovery_code(&self, user_id: &str, hash: &str) -> Result<bool>;
    /// Unused recovery codes left.
    async fn recovery_codes_left(&self, user_id: &str) -> Result<i64>;
}
