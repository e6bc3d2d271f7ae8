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
}

impl Validate for Deck {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::language_code("languageCode", &self.language_code)?;
        validate::required_text("title", &self.title, TITLE_MAX)?;
        validate::text("description", &self.description, DESCRIPTION_MAX)?;
        validate::array_len("entryIds", &self.entry_ids, DECK_ENTRIES_MAX)?;
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
