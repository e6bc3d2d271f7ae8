//! A language the app teaches; its id is its code (`ko`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The drawing grid a language is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GridType {
    Letter,
    Character,
}

/// SPEC §1: 'letter' for ar, en, el, he, ru; 'character' for every other language.
pub fn grid_type(language_code: &str) -> GridType {
    match language_code {
        "ar" | "en" | "el" | "he" | "ru" => GridType::Letter,
        _ => GridType::Character,
    }
}

/// A row of `languages`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub id: String,
    pub name: String,
    pub native_name: String,
    pub rtl: bool,
    /// Derived from the id (never stored): see [`grid_type`].
    pub grid_type: GridType,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

/// What the server holds of one language (`queryLanguageCounts`): its live decks, entries and
/// characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LanguageCounts {
    pub language_code: String,
    pub decks: u32,
    pub entries: u32,
    pub characters: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn grid_types_follow_the_spec() {
        for c in ["ar", "en", "el", "he", "ru"] {
            assert_eq!(grid_type(c), GridType::Letter);
        }
        for c in ["ko", "ja", "zh", "fa", "xx"] {
            assert_eq!(grid_type(c), GridType::Character);
        }
    }
}
