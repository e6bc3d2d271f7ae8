//! What checking a token gives: a [`Verified`] caller, or why it was refused ([`TokenError`]).
//! Apart from `tokens.rs`, which checks this server's tokens, because `external.rs` gives the
//! same answers for the external issuer's.

use super::caller::Caller;

/// Why a token was refused.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the ID token has expired")]
    Expired,
    #[error("the ID token is not valid")]
    Invalid,
    #[error("the account is disabled")]
    Disabled,
    #[error("the ID token was revoked: sign in again")]
    Revoked,
    /// The database holding the account cannot be reached (retry later).
    #[error("the account cannot be checked right now")]
    Unavailable,
    /// The account could not be read for another reason (logged).
    #[error("the account cannot be read")]
    Unreadable,
    #[error("the ID token names no account: sign in again")]
    NoAccount,
}

/// A verified token: who, and when it was issued (checked against revocations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub caller: Caller,
    /// `iat`, seconds.
    pub issued_at: i64,
    /// `auth_time`, seconds (0 when the token has none).
    pub auth_time: i64,
    /// `exp`, seconds.
    pub expires_at: i64,
    /// A development token (the `dev` claim).
    pub dev: bool,
    /// Signed by the external issuer: its callers (`oidc:…`) never have an account here.
    pub external: bool,
    /// `gen`: the account's revocation counter at minting (0 when absent).
    pub generation: i64,
}
