//! Reading request bodies: malformed JSON or a missing or oversized field is a 400 with an
//! upstream-style message, never a 500.

use serde::de::DeserializeOwned;

use super::IdError;

/// Longest email address (RFC 5321's path limit less the brackets).
pub const MAX_EMAIL: usize = 254;
/// Longest display name, in characters.
pub const MAX_DISPLAY_NAME: usize = 256;
/// Longest opaque token or code read from a request.
pub const MAX_TOKEN: usize = 4096;

/// Parses a JSON body (an empty body reads as `{}`, so the missing field is named).
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, IdError> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| {
        let m = e.to_string();
        let m = m
            .rfind(" at line ")
            .map_or(m.as_str(), |i| &m[..i])
            .to_string();
        IdError::bad(format!(
            "INVALID_ARGUMENT : Invalid JSON payload received. {m}"
        ))
    })
}

/// A required, non-empty text field of bounded length; `code` when missing, empty or too long.
pub fn required<'a>(value: &'a Option<String>, code: &str) -> Result<&'a str, IdError> {
    match value.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() && v.len() <= MAX_TOKEN => Ok(v),
        _ => Err(IdError::bad(code)),
    }
}

/// A normalised (trimmed, lower-cased) email address, or `code` when it is not one.
pub fn email(value: Option<&str>, missing: &str, invalid: &str) -> Result<String, IdError> {
    let raw = value.map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Err(IdError::bad(missing));
    }
    let e = raw.to_lowercase();
    let valid = e.len() <= MAX_EMAIL
        && e.split('@').count() == 2
        && e.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && local.len() <= 64
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        })
        && !e
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>()[],;:\\\"".contains(c));
    if valid {
        Ok(e)
    } else {
        Err(IdError::bad(invalid))
    }
}

/// A display name within limits: `None` when absent, `INVALID_DISPLAY_NAME` when too long.
pub fn display_name(value: &Option<String>) -> Result<Option<String>, IdError> {
    match value.as_deref().map(str::trim) {
        None => Ok(None),
        Some(v) if v.chars().count() > MAX_DISPLAY_NAME || v.chars().any(char::is_control) => {
            Err(IdError::bad("INVALID_DISPLAY_NAME"))
        }
        Some(v) => Ok(Some(v.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        let ok = |s: &str| email(Some(s), "MISSING_EMAIL", "INVALID_EMAIL");
        assert_eq!(ok(" A@Example.COM ").unwrap(), "a@example.com");
        for bad in [
            "a", "a@b", "@b.c", "a@b@c.d", "a b@c.d", "a@.c", "a@c.", "a@c..d",
        ] {
            assert_eq!(ok(bad).unwrap_err().message, "INVALID_EMAIL", "{bad}");
        }
        assert_eq!(ok("").unwrap_err().message, "MISSING_EMAIL");
        assert!(ok(&format!("{}@b.c", "a".repeat(65))).is_err());
        assert!(parse::<serde_json::Value>(b"{")
            .unwrap_err()
            .message
            .starts_with("INVALID_ARGUMENT"));
    }
}
