//! The mark a browser keeps once it has signed in to an account with its password: a cookie
//! `writeit_known_<account id>` holding the time it was given, sealed with the keys folder's
//! TOTP secrets key (`sealed.rs`) and bound to the account, so no one makes one without signing
//! in and one account's mark does not fit another. At the next sign-in to that account its
//! password check waits in the account's known lane, ahead of anonymous addresses
//! (`hash_queue.rs`): a flood of wrong passwords from elsewhere cannot push it out.
//!
//! The mark only orders the queue: the password is checked as always and the per-address and
//! per-account limits count it as always. `HttpOnly`, `SameSite=Strict`, sent only to
//! `/identity/v1/`, `Secure` when the site is served over https; every instance sharing the keys
//! folder reads it. The web app, on the same origin, sends it with no change; the native shell's
//! cross-origin calls carry no cookies, so its sign-ins wait in their address's lane.

use axum::http::{header, HeaderMap, HeaderValue};

use super::sealed::Sealer;

/// The cookie's name before the account id.
const PREFIX: &str = "writeit_known_";
/// The sealing's associated-data prefix, so a mark never opens as a TOTP secret or the reverse.
const PURPOSE: &str = "known-device:";
/// How long a mark lasts (the longest lifetime browsers keep a cookie).
pub const LIFETIME_SECS: i64 = 400 * 86_400;

/// The `Set-Cookie` value marking this device as known to `account_id` at `now` (seconds).
pub fn mark(sealer: &Sealer, account_id: &str, now: i64, secure: bool) -> Option<HeaderValue> {
    let sealed = sealer
        .seal(&now.to_string(), &format!("{PURPOSE}{account_id}"))
        .ok()?;
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{PREFIX}{account_id}={sealed}; Path=/identity/v1/; Max-Age={LIFETIME_SECS}; HttpOnly; SameSite=Strict{secure}"
    ))
    .ok()
}

/// Whether `headers` carry a valid mark for `account_id`, given within its lifetime before `now`.
pub fn is_known(sealer: &Sealer, headers: &HeaderMap, account_id: &str, now: i64) -> bool {
    let name = format!("{PREFIX}{account_id}");
    let purpose = format!("{PURPOSE}{account_id}");
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(k, _)| *k == name)
        .any(|(_, value)| {
            // A value that is not sealed (`open` answers those as they are) is no mark.
            value.starts_with("v1.")
                && sealer
                    .open(value, &purpose)
                    .ok()
                    .and_then(|t| t.parse::<i64>().ok())
                    .is_some_and(|given| given <= now + 60 && now - given <= LIFETIME_SECS)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cookie(set_cookie: &HeaderValue) -> HeaderMap {
        let pair = set_cookie.to_str().unwrap().split(';').next().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("theme=dark; {pair}")).unwrap(),
        );
        headers
    }

    #[test]
    fn a_mark_is_known_for_its_account_only_and_for_its_lifetime() {
        let sealer = Sealer::generate();
        let now = 1_750_000_000;
        let set = mark(&sealer, "acc1", now, true).expect("made");
        let text = set.to_str().unwrap();
        assert!(text.starts_with("writeit_known_acc1=v1."), "{text}");
        assert!(text.contains("HttpOnly") && text.contains("Secure") && text.contains("Strict"));
        let headers = cookie(&set);
        assert!(is_known(&sealer, &headers, "acc1", now + 10));
        assert!(!is_known(&sealer, &headers, "acc2", now));
        assert!(!is_known(
            &sealer,
            &headers,
            "acc1",
            now + LIFETIME_SECS + 1
        ));
        assert!(!is_known(&Sealer::generate(), &headers, "acc1", now));
        // Another account's mark under this account's name does not open.
        let other = mark(&sealer, "acc2", now, false).unwrap();
        let value = other.to_str().unwrap().split(';').next().unwrap();
        let forged = value.replacen("writeit_known_acc2", "writeit_known_acc1", 1);
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(&forged).unwrap());
        assert!(!is_known(&sealer, &headers, "acc1", now));
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("writeit_known_acc1=1750000000"),
        );
        assert!(!is_known(&sealer, &headers, "acc1", now));
    }
}
