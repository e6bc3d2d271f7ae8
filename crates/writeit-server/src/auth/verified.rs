//! What checking a token gives: a [`Verified`] caller, or why it was refused ([`TokenError`]),
//! and the rule on a signed token's times ([`refused_times`]). Apart from `tokens.rs`, which
//! checks this server's tokens, because `external.rs` gives the same answers for the external
//! issuer's.

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
    /// Its session was ended (signed out on that device, or from another one).
    #[error("the ID token's session has ended: sign in again")]
    SessionEnded,
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
    /// `sid`: the session it was minted for, when it names one.
    pub session: Option<String>,
}

/// How far ahead of this server's clock a token's `iat` may be: instances' (and an issuer's)
/// clocks differ by a little, never by minutes.
pub const IAT_SKEW_SECS: i64 = 60;

/// The longest lifetime (`exp − iat`) an ID token of this server may claim: the longest any
/// instance issues (`--id-token-minutes` is at most 60; a development token's default is as
/// long). Not the configured lifetime, so instances configured differently (a rolling change)
/// accept each other's tokens.
pub const LIFETIME_MAX_SECS: i64 = 60 * 60;

/// Why a token with a valid signature is refused for its times, for the log (issue 36: a key
/// holder's token claiming to be issued later, or to live for years, was accepted); `None` when
/// they are sound. `iat` 0 is a token without one (an external issuer's: OIDC requires it, but
/// it is not trusted to); `lifetime_max` `None` leaves the lifetime to its issuer.
pub fn refused_times(
    iat: i64,
    exp: i64,
    now: i64,
    lifetime_max: Option<i64>,
) -> Option<&'static str> {
    if iat > now + IAT_SKEW_SECS {
        return Some("iat in the future");
    }
    if lifetime_max.is_some_and(|max| exp - iat > max) {
        return Some("exp - iat above the token lifetime");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_times() {
        const NOW: i64 = 1_800_000_000;
        let max = Some(LIFETIME_MAX_SECS);
        let future = Some("iat in the future");
        let long = Some("exp - iat above the token lifetime");
        // (iat, exp, lifetime_max, expected)
        let rows = [
            (NOW, NOW + 1800, max, None),
            (NOW - 3000, NOW + 600, max, None),
            (NOW + IAT_SKEW_SECS, NOW + 1800, max, None),
            (NOW + IAT_SKEW_SECS + 1, NOW + 1800, max, future),
            (NOW + 86_400, NOW + 86_400 + 1800, max, future),
            (NOW, NOW + LIFETIME_MAX_SECS, max, None),
            (NOW, NOW + LIFETIME_MAX_SECS + 1, max, long),
            (NOW, NOW + 10 * 365 * 86_400, max, long),
            // An external issuer's token: its own lifetime, but not issued in the future.
            (NOW, NOW + 10 * 3600, None, None),
            (0, NOW + 600, None, None),
            (NOW + 3600, NOW + 7200, None, future),
        ];
        for (i, (iat, exp, lifetime_max, expected)) in rows.into_iter().enumerate() {
            assert_eq!(
                refused_times(iat, exp, NOW, lifetime_max),
                expected,
                "row {i}"
            );
        }
    }
}
