//! Random tokens and their hashes: what is mailed or handed out is random, what is stored is its
//! SHA-256, so a copy of the database gives no usable code or refresh token.

use base64::Engine;
use rand::RngCore;

/// 32 random bytes, base64url: refresh tokens, mailed codes, MFA sessions.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Hex SHA-256 of `s`, the stored form of a token.
pub fn sha256_hex(s: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, s.as_bytes());
    digest.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// Equality that takes the same time wherever the first difference is.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A one-time recovery code, `xxxxx-xxxxx` of lower-case base32 (50 bits).
pub fn recovery_code() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz234567";
    let mut bytes = [0u8; 10];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let chars: String = bytes
        .iter()
        .map(|b| ALPHABET[(*b & 31) as usize] as char)
        .collect();
    format!("{}-{}", &chars[..5], &chars[5..])
}

/// A recovery code as typed, in its stored spelling (case, spaces and dashes ignored).
pub fn normalize_recovery_code(s: &str) -> String {
    let c: String = s
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if c.len() == 10 {
        format!("{}-{}", &c[..5], &c[5..])
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        assert_ne!(random_token(), random_token());
        assert_eq!(random_token().len(), 43);
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(same(b"abc", b"abc") && !same(b"abc", b"abd") && !same(b"ab", b"abc"));
        let code = recovery_code();
        assert_eq!(
            normalize_recovery_code(&code.to_uppercase().replace('-', " ")),
            code
        );
    }
}
