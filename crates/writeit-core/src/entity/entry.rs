//! An entry: a word, phrase or character with its reading and meanings.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::limits::*;
use crate::validate::{self, Checked, Validate};

/// A usage example and its translation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Example {
    pub text: String,
    #[serde(default)]
    pub translation: String,
}

/// A row of `entries`; also `saveEntry`'s input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub id: String,
    pub language_code: String,
    pub text: String,
    #[serde(default)]
    pub reading: String,
    #[serde(default)]
    pub meanings: Vec<String>,
    #[serde(default)]
    pub notes: String,
    #[serde(default)]
    pub examples: Vec<Example>,
    /// Always sent, `null` when absent (pages are built as JSON by the database).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub audio_url: Option<String>,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

impl Validate for Entry {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::language_code("languageCode", &self.language_code)?;
        validate::required_text("text", &self.text, ENTRY_TEXT_MAX)?;
        validate::text("reading", &self.reading, READING_MAX)?;
        validate::array_len("meanings", &self.meanings, MEANINGS_MAX)?;
        for (i, m) in self.meanings.iter().enumerate() {
            validate::required_text(&format!("meanings[{i}]"), m, MEANING_MAX)?;
        }
        validate::text("notes", &self.notes, NOTES_MAX)?;
        validate::array_len("examples", &self.examples, EXAMPLES_MAX)?;
        for (i, e) in self.examples.iter().enumerate() {
            validate::required_text(&format!("examples[{i}].text"), &e.text, EXAMPLE_TEXT_MAX)?;
            validate::text(
                &format!("examples[{i}].translation"),
                &e.translation,
                EXAMPLE_TEXT_MAX,
            )?;
        }
        if let Some(url) = &self.audio_url {
            validate::audio_url("audioUrl", url)?;
        }
        Ok(())
    }
}
