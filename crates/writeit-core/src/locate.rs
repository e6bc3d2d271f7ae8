//! `locateContent`: the language a deck or an entry is in. A device holds the public rows of the
//! languages it studies only (docs/sync.md), so a link to a deck of another language finds
//! nothing here; this says which language to add to open it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::validate::{self, Checked, Validate};

/// What a link names: a deck or an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ContentKind {
    Deck,
    Entry,
}

/// `locateContent`'s input: which row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocateInput {
    pub kind: ContentKind,
    pub id: String,
}

impl Validate for LocateInput {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)
    }
}

/// `locateContent`'s answer for a live row (`null` when there is none, or it was deleted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Located {
    pub language_code: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_names_a_kind_and_a_uuid() {
        let ok: LocateInput =
            serde_json::from_str(r#"{"kind":"deck","id":"0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b"}"#)
                .unwrap();
        assert_eq!(ok.kind, ContentKind::Deck);
        assert!(ok.validate().is_ok());
        let bad = LocateInput {
            kind: ContentKind::Entry,
            id: "x".into(),
        };
        assert_eq!(bad.validate().unwrap_err().field.as_deref(), Some("id"));
        assert!(serde_json::from_str::<LocateInput>(r#"{"kind":"card","id":"x"}"#).is_err());
    }
}
