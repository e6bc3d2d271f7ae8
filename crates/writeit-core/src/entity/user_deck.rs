//! A deck a learner studies, with their study settings for it; keyed by the deck's id.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::fsrs::DEFAULT_RETENTION;
use crate::limits::*;
use crate::validate::{self, Checked, Validate};

/// New cards a day when the learner has not chosen.
pub const DEFAULT_NEW_PER_DAY: u32 = 20;

/// A row of `userDecks`: `id` equals `deckId`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserDeck {
    pub id: String,
    pub deck_id: String,
    /// The deck's language, filled in by the server (a device that has not pulled the deck yet
    /// learns from it which language to keep offline, docs/sync.md); ignored on input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub language_code: Option<String>,
    pub new_per_day: u32,
    pub desired_retention: f64,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub deleted: bool,
}

/// `saveUserDeck`'s input: a user deck (`id` or `deckId`); unset settings take their defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveUserDeckInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deck_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub new_per_day: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub desired_retention: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deleted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub updated_at: Option<i64>,
}

impl SaveUserDeckInput {
    /// The deck this is about (validated to be present).
    pub fn deck_id(&self) -> &str {
        self.deck_id
            .as_deref()
            .or(self.id.as_deref())
            .unwrap_or_default()
    }
    /// New cards a day, defaulted.
    pub fn new_per_day(&self) -> u32 {
        self.new_per_day.unwrap_or(DEFAULT_NEW_PER_DAY)
    }
    /// Desired retention, defaulted.
    pub fn desired_retention(&self) -> f64 {
        self.desired_retention.unwrap_or(DEFAULT_RETENTION)
    }
}

impl Validate for SaveUserDeckInput {
    fn validate(&self) -> Checked {
        validate::key_or_id("deckId", self.deck_id.as_deref(), self.id.as_deref())?;
        validate::range_i64(
            "newPerDay",
            self.new_per_day().into(),
            0,
            NEW_PER_DAY_MAX.into(),
        )?;
        validate::range_f64(
            "desiredRetention",
            self.desired_retention(),
            RETENTION_MIN,
            RETENTION_MAX,
        )
    }
}
