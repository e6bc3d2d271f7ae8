//! The one rule for a mailed link's `continueUrl` (`accounts:sendOobCode`): a path of this app,
//! given alone (`/decks/1`) or after the app's public URL (`https://writeit.example/decks/1`),
//! and nothing a browser could read as another origin: no `//` or `/\` (a scheme-relative URL),
//! encoded or not (`/%2F`, `/%5C`), no dot segment that leaves one (`/.//evil`), no backslash,
//! control or white-space character, no scheme of its own (`javascript:`).

/// Longest continue URL accepted.
pub const MAX_LEN: usize = 2048;

/// Whether `url` is a continue URL of the app served at `public_url`.
pub fn allowed(public_url: &str, url: &str) -> bool {
    if url.len() > MAX_LEN || url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return false;
    }
    let base = public_url.trim_end_matches('/');
    let rest = match url.strip_prefix(base) {
        Some("") => return true,
        Some(rest) if rest.starts_with('?') || rest.starts_with('#') => return safe_text(rest),
        Some(rest) => rest,
        None => url,
    };
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, after) = rest.split_at(end);
    safe_path(path) && safe_text(after)
}

/// A path that stays on the origin however often it is decoded.
fn safe_path(path: &str) -> bool {
    let Some(decoded) = fully_decoded(path) else {
        return false;
    };
    decoded.starts_with('/')
        && !decoded.contains("//")
        && decoded
            .split('/')
            .all(|segment| segment != "." && segment != "..")
        && safe_text(&decoded)
}

/// No backslash or control character, decoded or not.
fn safe_text(text: &str) -> bool {
    fully_decoded(text).is_some_and(|t| {
        !t.chars()
            .any(|c| c == '\\' || c.is_control() || c.is_whitespace())
    })
}

/// `text` percent-decoded until it no longer changes (a few rounds at most), or `None` when it
/// still does, or does not decode to text.
fn fully_decoded(text: &str) -> Option<String> {
    let mut current = text.to_string();
    for _ in 0..4 {
        let next = percent_encoding::percent_decode_str(&current)
            .decode_utf8()
            .ok()?
            .into_owned();
        if next == current {
            return Some(current);
        }
        current = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::allowed;

    #[test]
    fn only_paths_of_this_app() {
        let base = "https://writeit.example";
        for (url, want) in [
            ("/decks", true),
            ("/decks/01ab?tab=cards#top", true),
            ("/", true),
            ("https://writeit.example", true),
            ("https://writeit.example/", true),
            ("https://writeit.example/decks?x=1", true),
            ("https://writeit.example?x=1", true),
            ("/entries/%E1%84%80", true),
            // Another origin, written out or scheme-relative.
            ("https://evil.example/decks", false),
            ("https://writeit.example.evil.example/", false),
            ("https://writeit.example@evil.example/", false),
            ("//evil.example", false),
            ("https://writeit.example//evil.example", false),
            ("/\\evil.example", false),
            ("https://writeit.example/\\evil.example", false),
            ("\\\\evil.example", false),
            // Encoded, once or twice.
            ("/%2F/evil.example", false),
            ("/%2f%2fevil.example", false),
            ("/%5Cevil.example", false),
            ("https://writeit.example/%2F%2Fevil.example", false),
            ("/%252F%252Fevil.example", false),
            ("/decks?next=%5Cevil", false),
            // Dot segments a browser folds into `//`.
            ("/.//evil.example", false),
            ("/decks/..//evil.example", false),
            ("/%2e/%2fevil.example", false),
            // Schemes, control and white-space characters, bad encodings, length.
            ("javascript:alert(1)", false),
            ("data:text/html,hi", false),
            ("decks", false),
            ("/decks\n", false),
            ("/de\tcks", false),
            ("/decks%0A", false),
            ("/ decks", false),
            ("/decks%FF", false),
            ("", false),
        ] {
            assert_eq!(allowed(base, url), want, "{url:?}");
        }
        assert!(allowed(base, &format!("/{}", "a".repeat(2000))));
        assert!(!allowed(base, &format!("/{}", "a".repeat(2048))));
        // A public URL given with a trailing slash is the same app.
        assert!(allowed(
            "https://writeit.example/",
            "https://writeit.example/decks"
        ));
    }
}
