//! Reading request bodies: malformed JSON or a missing or oversized field is a 400 with an
//! upstream-style message, never a 500.

use serde::de::DeserializeOwned;

use super::error::IdError;

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

/// A normalised email address (trimmed, NFKC, lower-cased, an internationalised domain in its
/// one Unicode spelling), or `invalid` (with a detail after ` : `) when it is not one, or is
/// one that could pass for another: invisible or direction-control characters anywhere, a domain
/// that is not valid IDNA, or a local part or domain label mixing scripts ([`mixed_scripts`]).
/// An address that is one script but looks like another account's (a wholly Cyrillic "а@…") is
/// refused by the store, which keeps every address's confusable skeleton unique.
pub fn email(value: Option<&str>, missing: &str, invalid: &str) -> Result<String, IdError> {
    use unicode_normalization::UnicodeNormalization;
    let raw = value.map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Err(IdError::bad(missing));
    }
    let refuse = |why: &str| IdError::bad(format!("{invalid} : {why}"));
    // Before NFKC, which would drop some of them silently.
    if raw.chars().any(invisible) {
        return Err(refuse(
            "The email has invisible or text-direction characters",
        ));
    }
    let e = raw.nfkc().collect::<String>().to_lowercase();
    if e.chars().any(invisible) {
        return Err(refuse(
            "The email has invisible or text-direction characters",
        ));
    }
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
    if !valid {
        return Err(IdError::bad(invalid));
    }
    let (local, domain) = e.split_once('@').unwrap_or_default();
    let domain = if domain.is_ascii() && !domain.split('.').any(|l| l.starts_with("xn--")) {
        domain.to_string()
    } else {
        let ascii = idna::domain_to_ascii_strict(domain)
            .map_err(|_| refuse("The email's domain is not a valid international domain name"))?;
        let (unicode, ok) = idna::domain_to_unicode(&ascii);
        ok.map_err(|_| refuse("The email's domain is not a valid international domain name"))?;
        unicode
    };
    if let Some(scripts) = mixed_scripts(local) {
        return Err(refuse(&format!(
            "The email mixes scripts in its local part ({scripts})"
        )));
    }
    if let Some(scripts) = domain.split('.').find_map(mixed_scripts) {
        return Err(refuse(&format!(
            "The email mixes scripts in its domain ({scripts})"
        )));
    }
    Ok(format!("{local}@{domain}"))
}

/// Unicode's default-ignorable code points (invisible: zero-width spaces and joiners, fillers,
/// variation selectors, tags, …) and the bidirectional controls.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// The scripts a part's letters mix, named, when Unicode TS #39's "highly restrictive" level
/// refuses the mix: Latin with Cyrillic, Greek, Armenian, Cherokee, … ("pаypal" with a Cyrillic
/// а); Latin beside Han, kana or Hangul passes, as Chinese, Japanese and Korean addresses write
/// them. Letters outside the identifier profile (IPA's ɑ, …) are left to the skeleton, which
/// reads them as their lookalikes (writeit-store's `email_skeleton`).
fn mixed_scripts(part: &str) -> Option<String> {
    use unicode_script::{Script, UnicodeScript};
    use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};
    let letters: String = part.chars().filter(|c| c.identifier_allowed()).collect();
    if letters.as_str().detect_restriction_level() <= RestrictionLevel::HighlyRestrictive {
        return None;
    }
    let mut scripts: Vec<&str> = Vec::new();
    for c in letters.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
            && !scripts.contains(&script.full_name())
        {
            scripts.push(script.full_name());
        }
    }
    Some(scripts.join(", "))
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
        // Issue 24: lookalikes of an address are that address, or refused.
        assert_eq!(
            ok("ＢＯＢ＠ｅｘａｍｐｌｅ．ｃｏｍ").unwrap(),
            "bob@example.com"
        );
        for invisible in [
            "b\u{200B}ob@example.com",
            "bob@exam\u{200D}ple.com",
            "\u{202E}bob@example.com",
            "bob\u{2066}@example.com",
            "bob@example.com\u{FEFF}",
            "b\u{00AD}ob@example.com",
        ] {
            let m = ok(invisible).unwrap_err().message;
            assert!(
                m.starts_with("INVALID_EMAIL : ") && m.contains("invisible"),
                "{invisible:?}: {m}"
            );
        }
        for (mixed, want) in [
            ("b\u{043E}b@example.com", "local part (Latin, Cyrillic)"),
            ("bob@ex\u{0430}mple.com", "domain (Latin, Cyrillic)"),
            ("bob@\u{03BF}k.com", "domain (Greek, Latin)"),
            ("b\u{0585}b@example.com", "local part (Latin, Armenian)"),
        ] {
            let m = ok(mixed).unwrap_err().message;
            assert!(
                m.starts_with("INVALID_EMAIL : The email mixes scripts") && m.ends_with(want),
                "{mixed:?}: {m}"
            );
        }
        // One script a part, or Latin beside Han, kana or Hangul, passes; lookalikes of one
        // script are the store's to refuse (their skeleton).
        for fine in [
            "\u{0430}@example.com",
            "\u{0251}@example.com",
            "bob@\u{0455}\u{0435}\u{0441}.test",
            "taro\u{5C71}\u{7530}@example.jp",
            "kim\u{BBFC}\u{C218}@example.kr",
            "a.b+c_d-1@example.com",
        ] {
            assert!(ok(fine).is_ok(), "{fine:?}");
        }
        assert!(ok("bob@xn--zz.com").unwrap_err().message.contains("domain"));
        assert!(ok("bob@b\u{00FC}cher.de").is_ok());
        assert_eq!(
            ok("bob@xn--bcher-kva.de").unwrap(),
            ok("bob@B\u{00DC}CHER.de").unwrap()
        );
        assert_eq!(ok("иван@пример.рф").unwrap(), "иван@пример.рф");
        assert_eq!(
            email(
                Some("a\u{200B}@b.co"),
                "MISSING_NEW_EMAIL",
                "INVALID_NEW_EMAIL"
            )
            .unwrap_err()
            .message
            .split(" : ")
            .next(),
            Some("INVALID_NEW_EMAIL")
        );
        assert!(parse::<serde_json::Value>(b"{")
            .unwrap_err()
            .message
            .starts_with("INVALID_ARGUMENT"));
    }
}
