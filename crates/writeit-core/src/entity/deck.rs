//! A deck: an ordered list of entries in one language.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::ErrorReason;
use crate::limits::*;
use crate::validate::{self, Checked, Validate};

/// A row of `decks`; also `saveDeck`'s input (its `updatedAt` is ignored there).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Deck {
    pub id: String,
    pub language_code: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub entry_ids: Vec<String>,
    #[serde(default)]
    pub position: i32,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
    /// Where the deck's words come from and under which licence (shipped and imported decks,
    /// shown to learners with the deck); `null` for decks made in the app. Always sent.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub source: Option<String>,
}

impl Validate for Deck {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::language_code("languageCode", &self.language_code)?;
        validate::required_text("title", &self.title, TITLE_MAX)?;
        validate::text("description", &self.description, DESCRIPTION_MAX)?;
        validate::array_len("entryIds", &self.entry_ids, DECK_ENTRIES_MAX)?;
        if let Some(source) = &self.source {
            validate::text("source", source, SOURCE_MAX)?;
        }
        let mut seen = std::collections::HashSet::with_capacity(self.entry_ids.len());
        for (i, id) in self.entry_ids.iter().enumerate() {
            validate::uuid(&format!("entryIds[{i}]"), id)?;
            if !seen.insert(id.as_str()) {
                return Err(validate::error(
                    &format!("entryIds[{i}]"),
                    ErrorReason::InvalidFormat,
                    "appears twice in the deck",
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(source: Option<String>) -> Deck {
        Deck {
            id: "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b".into(),
            language_code: "zh".into(),
            title: "HSK 1".into(),
            description: String::new(),
            entry_ids: vec![],
            position: 1,
            updated_at: 0,
            deleted: false,
            source,
        }
    }

    #[test]
    fn a_source_is_optional_and_bounded() {
        assert!(deck(None).validate().is_ok());
        assert!(deck(Some("CC-CEDICT; licence: CC BY-SA 4.0".into()))
            .validate()
            .is_ok());
        let e = deck(Some("x".repeat(SOURCE_MAX + 1)))
            .validate()
            .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("source"));
        // Decks sent without one (older clients) read as having none.
        let d: Deck = serde_json::from_str(
            r#"{"id":"0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b","languageCode":"zh","title":"t"}"#,
        )
        .unwrap();
        assert_eq!(d.source, None);
    }
}
