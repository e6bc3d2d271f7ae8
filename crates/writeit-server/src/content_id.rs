//! Ids of the content WriteIt ships (starter languages, decks, entries, character sets): UUIDv5
//! of a kind and a name, so loading the same content twice updates the same rows instead of
//! duplicating them. Shared by `seed` and `characters`.

/// Namespace of starter content ids; fixed forever.
const SEED_NAMESPACE: uuid::Uuid = uuid::uuid!("2d5c0e3a-8f41-5b6e-a7d9-0b1c2d3e4f50");

/// The id of a piece of shipped content: UUIDv5 of its kind and name.
pub fn id(kind: &str, name: &str) -> String {
    uuid::Uuid::new_v5(&SEED_NAMESPACE, format!("{kind}/{name}").as_bytes()).to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_stable() {
        assert_eq!(
            super::id("deck", "ko-hangul-jamo"),
            super::id("deck", "ko-hangul-jamo")
        );
        assert_ne!(super::id("deck", "a"), super::id("entry", "a"));
    }
}
