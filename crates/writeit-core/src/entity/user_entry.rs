//! Whether a learner studies an entry; keyed by the entry's id.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::validate::{self, Checked, Validate};

/// A row of `userEntries`: `id` equals `entryId` (SPEC §3 keys it by entryId).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserEntry {
    pub id: String,
    pub entry_id: String,
    pub enabled: bool,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub deleted: bool,
}

/// `saveUserEntry`'s input: `{entryId, enabled}`, or a full user entry (`id` is the entry's id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveUserEntryInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub entry_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    pub enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deleted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub updated_at: Option<i64>,
}

impl SaveUserEntryInput {
    /// The entry this is about (validated to be present).
    pub fn entry_id(&self) -> &str {
        self.entry_id
            .as_deref()
            .or(self.id.as_deref())
            .unwrap_or_default()
    }
}

impl Validate for SaveUserEntryInput {
    fn validate(&self) -> Checked {
        validate::key_or_id("entryId", self.entry_id.as_deref(), self.id.as_deref())
    }
}
