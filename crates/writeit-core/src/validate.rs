//! Field checks shared by every input type; each failure names the field it is about (in the
//! message for people, and as `field` and `reason` for programs).

use crate::error::{ErrorReason, RpcError};
use crate::limits;

/// Result of a check: the first failing field, as BAD_REQUEST.
pub type Checked = Result<(), RpcError>;

/// Implemented by every procedure input.
pub trait Validate {
    /// Checks every field against its rules and limits.
    fn validate(&self) -> Checked;
}

fn fail(field: &str, reason: ErrorReason, message: impl std::fmt::Display) -> RpcError {
    RpcError::bad_request(format!("{field}: {message}"))
        .at(field)
        .because(reason)
}

/// A string of at most `max` characters (code points), possibly empty.
pub fn text(field: &str, value: &str, max: usize) -> Checked {
    if value.chars().count() > max {
        return Err(fail(
            field,
            ErrorReason::TooLong,
            format!("must be at most {max} characters"),
        )
        .limited(max));
    }
    if value.chars().any(|c| c == '\u{0}') {
        return Err(fail(
            field,
            ErrorReason::InvalidFormat,
            "must not contain NUL characters",
        ));
    }
    Ok(())
}

/// A non-blank string of at most `max` characters.
pub fn required_text(field: &str, value: &str, max: usize) -> Checked {
    if value.trim().is_empty() {
        return Err(fail(field, ErrorReason::Required, "is required"));
    }
    text(field, value, max)
}

/// A client-made row id: a UUID in its canonical hyphenated form.
pub fn uuid(field: &str, value: &str) -> Checked {
    if value.len() != 36 || uuid::Uuid::parse_str(value).is_err() {
        return Err(fail(
            field,
            ErrorReason::InvalidFormat,
            "must be a UUID (e.g. 0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b)",
        ));
    }
    Ok(())
}

/// A learner's row named by its key (`key_field`, e.g. `deckId`) or by `id`, an older client's
/// spelling: at least one is given, both agree when both are, and the key is a UUID.
pub fn key_or_id(key_field: &str, key: Option<&str>, id: Option<&str>) -> Checked {
    match (key, id) {
        (None, None) => return Err(fail(key_field, ErrorReason::Required, "is required")),
        (Some(a), Some(b)) if a != b => {
            return Err(fail(
                "id",
                ErrorReason::InvalidFormat,
                format!("must equal {key_field}"),
            ))
        }
        _ => {}
    }
    uuid(key_field, key.or(id).unwrap_or_default())
}

/// A language code: 2 to 16 lowercase ASCII letters, digits or hyphens, starting with a letter.
pub fn language_code(field: &str, value: &str) -> Checked {
    let ok = (2..=limits::LANGUAGE_CODE_MAX).contains(&value.len())
        && value.starts_with(|c: char| c.is_ascii_lowercase())
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !ok {
        return Err(fail(
            field,
            ErrorReason::InvalidFormat,
            "must be a language code such as 'ko'",
        ));
    }
    Ok(())
}

/// An array of at most `max` items.
pub fn array_len<T>(field: &str, items: &[T], max: usize) -> Checked {
    if items.len() > max {
        return Err(fail(
            field,
            ErrorReason::TooMany,
            format!("must have at most {max} items"),
        )
        .limited(max));
    }
    Ok(())
}

/// A finite number in `min..=max`.
pub fn range_f64(field: &str, value: f64, min: f64, max: f64) -> Checked {
    if !value.is_finite() || value < min || value > max {
        return Err(fail(
            field,
            ErrorReason::OutOfRange,
            format!("must be between {min} and {max}"),
        ));
    }
    Ok(())
}

/// An integer in `min..=max`.
pub fn range_i64(field: &str, value: i64, min: i64, max: i64) -> Checked {
    if value < min || value > max {
        return Err(fail(
            field,
            ErrorReason::OutOfRange,
            format!("must be between {min} and {max}"),
        ));
    }
    Ok(())
}

/// The route under which the server serves the media it stores (`/media/<sha256>.<ext>`).
pub const MEDIA_ROUTE: &str = "/media/";

/// An audio URL a learner's browser may fetch: a file the app serves itself
/// (`/media/<sha256>.<ext>`, nothing more), or an absolute `https://` URL with a plain host.
/// Anything a browser could resolve to another origin unexpectedly is refused: protocol-relative
/// `//host` and `/\host`, any backslash, whitespace or control character, user info (`a@host`),
/// other schemes (`http:`, `javascript:`, `data:`).
pub fn audio_url(field: &str, value: &str) -> Checked {
    text(field, value, limits::URL_MAX)?;
    let refuse = || {
        fail(
            field,
            ErrorReason::InvalidFormat,
            format!("must be an https:// URL or a {MEDIA_ROUTE} file of this app"),
        )
    };
    // Browsers treat `\` as `/` and drop tabs and line breaks inside URLs.
    if value
        .chars()
        .any(|c| c == '\\' || c.is_whitespace() || c.is_control())
    {
        return Err(refuse());
    }
    if let Some(file) = value.strip_prefix(MEDIA_ROUTE) {
        let (hash, ext) = file.split_once('.').ok_or_else(refuse)?;
        let ok = hash.len() == 64
            && hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            && (1..=5).contains(&ext.len())
            && ext
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        return if ok { Ok(()) } else { Err(refuse()) };
    }
    let rest = value.strip_prefix("https://").ok_or_else(refuse)?;
    let host_port = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match host_port.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => host_port,
    };
    let labels_ok = host.split('.').all(|l| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    if host.is_empty() || !labels_ok {
        return Err(refuse());
    }
    Ok(())
}

/// Fails with a message naming `field`, for `reason`.
pub fn error(field: &str, reason: ErrorReason, message: impl std::fmt::Display) -> RpcError {
    fail(field, reason, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learners_row_is_named_by_its_key_or_id() {
        const A: &str = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b";
        const B: &str = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6c";
        let cases: [(Option<&str>, Option<&str>, Option<&str>); 6] = [
            (Some(A), None, None),
            (None, Some(A), None),
            (Some(A), Some(A), None),
            (None, None, Some("deckId: is required")),
            (Some(A), Some(B), Some("id: must equal deckId")),
            (Some("nope"), None, Some("deckId: must be a UUID")),
        ];
        for (key, id, error) in cases {
            let got = key_or_id("deckId", key, id).err().map(|e| e.message);
            match error {
                None => assert_eq!(got, None, "{key:?} {id:?}"),
                Some(m) => assert!(got.as_deref().is_some_and(|g| g.starts_with(m)), "{got:?}"),
            }
        }
    }

    #[test]
    fn messages_name_the_field() {
        let e = required_text("title", " ", 10).unwrap_err();
        assert_eq!(e.message, "title: is required");
        let e = text("notes", "abcdef", 5).unwrap_err();
        assert_eq!(e.message, "notes: must be at most 5 characters");
        assert!(uuid("id", "nope").is_err());
        assert!(uuid("id", "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b").is_ok());
        assert!(language_code("languageCode", "ko").is_ok());
        assert!(language_code("languageCode", "KO").is_err());
        assert!(range_f64("x", f64::NAN, 0.0, 1.0).is_err());
    }

    #[test]
    fn every_check_sets_field_and_reason() {
        let cases = [
            (
                required_text("title", " ", 10),
                "title",
                ErrorReason::Required,
            ),
            (text("notes", "abcdef", 5), "notes", ErrorReason::TooLong),
            (text("notes", "a\0", 5), "notes", ErrorReason::InvalidFormat),
            (uuid("id", "nope"), "id", ErrorReason::InvalidFormat),
            (
                language_code("languageCode", "KO"),
                "languageCode",
                ErrorReason::InvalidFormat,
            ),
            (
                array_len("meanings", &[1, 2, 3], 2),
                "meanings",
                ErrorReason::TooMany,
            ),
            (
                range_f64("score", 2.0, 0.0, 1.0),
                "score",
                ErrorReason::OutOfRange,
            ),
            (
                range_f64("score", f64::NAN, 0.0, 1.0),
                "score",
                ErrorReason::OutOfRange,
            ),
            (
                range_i64("durationMs", -1, 0, 9),
                "durationMs",
                ErrorReason::OutOfRange,
            ),
            (
                audio_url("audioUrl", "ftp://x"),
                "audioUrl",
                ErrorReason::InvalidFormat,
            ),
            (
                audio_url("audioUrl", &"/".repeat(3000)),
                "audioUrl",
                ErrorReason::TooLong,
            ),
            (
                Err(error("strokes[0].median", ErrorReason::InvalidFormat, "x")),
                "strokes[0].median",
                ErrorReason::InvalidFormat,
            ),
        ];
        for (result, field, reason) in cases {
            let e = result.unwrap_err();
            assert_eq!(e.code, crate::ErrorCode::BadRequest);
            assert_eq!(e.field.as_deref(), Some(field), "{}", e.message);
            assert_eq!(e.reason, Some(reason), "{}", e.message);
            assert!(
                e.message.starts_with(&format!("{field}: ")),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn audio_urls_are_this_apps_media_or_https() {
        let sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
        let ok = [
            format!("/media/{sha}.mp3"),
            format!("/media/{sha}.opus"),
            "https://cdn.example.org/audio/dog.mp3".to_string(),
            "https://cdn.example.org:8443/a%20b.mp3?v=2#t=1".to_string(),
            "https://example.org".to_string(),
            "https://xn--9n2bp8q.example/개.mp3".to_string(),
        ];
        for v in &ok {
            assert_eq!(audio_url("audioUrl", v), Ok(()), "{v}");
        }
        let refused = [
            "//evil.test/a.mp3",
            "/\\evil.test/a.mp3",
            "\\\\evil.test\\a.mp3",
            "https:\\\\evil.test/a.mp3",
            "https:/\\evil.test/a.mp3",
            "https:///evil.test/a.mp3",
            "https://user@evil.test/a.mp3",
            "https://evil.test@cdn.example.org/a.mp3",
            "https://evil.test\\@cdn.example.org/",
            "https://cdn.example.org/a\\b.mp3",
            "https://cdn.example.org/a b.mp3",
            "https://cdn.example.org/\ta.mp3",
            "https://cdn.example.org/\u{7f}.mp3",
            "https://cdn.example.org/\u{85}.mp3",
            "/\t/evil.test/a.mp3",
            "/\n/evil.test/a.mp3",
            "http://cdn.example.org/a.mp3",
            "HTTPS://cdn.example.org/a.mp3",
            "https:cdn.example.org/a.mp3",
            "https://",
            "https://-evil.test/",
            "https://cdn..example.org/",
            "https://cdn.example.org:/",
            "https://개.example/a.mp3",
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:audio/mp3;base64,AAAA",
            "blob:https://example.org/x",
            "ftp://example.org/a.mp3",
            "/audio/a.mp3",
            "/media/../secret",
            "/media/abc.mp3",
            "/media//evil.test/a.mp3",
            "a.mp3",
            "",
        ];
        for v in refused {
            let e = audio_url("audioUrl", v).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("audioUrl"), "{v:?}");
            assert_eq!(e.reason, Some(ErrorReason::InvalidFormat), "{v:?}");
        }
        let media = [
            format!("/media/{}.mp3", sha.to_uppercase()),
            format!("/media/{sha}.mp3?x=1"),
            format!("/media/{sha}"),
            format!("/media/{sha}.mp3/../../x"),
            format!("/media/{sha}0.mp3"),
        ];
        for v in &media {
            assert!(audio_url("audioUrl", v).is_err(), "{v}");
        }
    }
}
