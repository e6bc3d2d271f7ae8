//! An address's confusable skeleton (Unicode TS #39 §4, `unicode-security`): addresses that a
//! reader cannot tell apart (`a@…` with a Latin a, a Cyrillic а or a Latin alpha ɑ; `sec.test`
//! and a Cyrillic `ѕес.test`) have the same skeleton. The store writes it with every email and a
//! unique index on it lets no two accounts have lookalike addresses; lookups stay by the exact
//! address, so a lookalike never reaches another's account (a reset mailed to it, say).

/// The skeleton of a normalised (NFKC, lower-cased) address.
pub fn email_skeleton(email: &str) -> String {
    unicode_security::skeleton(email).collect()
}

#[cfg(test)]
mod tests {
    use super::email_skeleton;

    #[test]
    fn lookalikes_share_a_skeleton_and_others_do_not() {
        let latin = email_skeleton("a@example.com");
        for twin in [
            "\u{0430}@example.com", // Cyrillic а
            "\u{0251}@example.com", // Latin alpha ɑ
            "\u{03B1}@example.com", // Greek α
        ] {
            assert_eq!(email_skeleton(twin), latin, "{twin}");
        }
        assert_eq!(
            email_skeleton("bob@\u{0455}\u{0435}\u{0441}.test"),
            email_skeleton("bob@sec.test")
        );
        assert_eq!(
            email_skeleton("paypa1@example.com"),
            email_skeleton("paypal@example.com")
        );
        for (a, b) in [
            ("ann@example.com", "anne@example.com"),
            ("bob@example.com", "bob@example.org"),
            ("иван@пример.рф", "ivan@primer.rf"),
            ("민수@example.com", "민지@example.com"),
        ] {
            assert_ne!(email_skeleton(a), email_skeleton(b), "{a} {b}");
        }
    }
}
