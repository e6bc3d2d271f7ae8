//! Accounts and second factors as the upstream JSON shows them (`accounts:lookup`, `mfaInfo`),
//! shared by the account and second-factor endpoints.

use serde_json::{json, Value};
use writeit_store::{Account, TotpFactor};

/// An instant (ms since the epoch) as RFC 3339 UTC, as upstream writes `enrolledAt` and the like.
pub fn rfc3339(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        ms.rem_euclid(1000)
    )
}

/// The `mfaInfo` entry of a TOTP factor.
pub fn mfa_info(f: &TotpFactor) -> Value {
    json!({
        "mfaEnrollmentId": f.enrollment_id,
        "displayName": f.display_name.clone().unwrap_or_default(),
        "enrolledAt": rfc3339(f.enrolled_at),
        "totpInfo": {},
    })
}

/// An account as `accounts:lookup` answers it.
pub fn user_info(a: &Account, totp: Option<&TotpFactor>) -> Value {
    let mut v = json!({
        "localId": a.id,
        "email": a.email,
        "emailVerified": a.email_verified,
        "disabled": a.disabled,
        "validSince": a.valid_since.to_string(),
        "createdAt": a.created_at.to_string(),
        // WriteIt's role, as upstream carries custom claims: a JSON text.
        "customAttributes": json!({"role": a.role.as_str(), "languages": a.editor_languages}).to_string(),
        "providerUserInfo": if a.password_hash.is_some() {
            json!([{"providerId": "password", "email": a.email, "federatedId": a.email, "rawId": a.email, "displayName": a.display_name}])
        } else {
            json!([])
        },
    });
    if let Some(name) = &a.display_name {
        v["displayName"] = json!(name);
    }
    if let Some(t) = a.last_login_at {
        v["lastLoginAt"] = json!(t.to_string());
        v["lastRefreshAt"] = json!(rfc3339(t));
    }
    if let Some(t) = a.password_updated_at {
        v["passwordUpdatedAt"] = json!(t);
    }
    if let Some(f) = totp {
        v["mfaInfo"] = json!([mfa_info(f)]);
    }
    v
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc3339() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            super::rfc3339(1_709_251_199_123),
            "2024-02-29T23:59:59.123Z"
        );
    }
}
