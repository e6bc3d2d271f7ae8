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
        ));
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
        ));
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

/// An http(s) URL or a site-relative path.
pub fn url(field: &str, value: &str) -> Checked {
    text(field, value, limits::URL_MAX)?;
    let ok =
        value.starts_with("https://") || value.starts_with("http://") || value.starts_with('/');
    if !ok || value.chars().any(char::is_whitespace) {
        return Err(fail(
            field,
            ErrorReason::InvalidFormat,
            "must be an http(s) URL or a path starting with '/'",
        ));
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
        assert!(url("audioUrl", "javascript:alert(1)").is_err());
        assert!(url("audioUrl", "/audio/a.mp3").is_ok());
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
                url("audioUrl", "ftp://x"),
                "audioUrl",
                ErrorReason::InvalidFormat,
            ),
            (
                url("audioUrl", &"/".repeat(3000)),
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
}
