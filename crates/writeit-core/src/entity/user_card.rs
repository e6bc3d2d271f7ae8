//! A learner's card: one per (entry, kind), scheduled by FSRS; rebuilt from its reviews.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a card asks of the learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum CardKind {
    Meaning,
    Reading,
    Writing,
}

impl CardKind {
    /// The kind as stored and sent (`meaning`).
    pub fn as_str(self) -> &'static str {
        match self {
            CardKind::Meaning => "meaning",
            CardKind::Reading => "reading",
            CardKind::Writing => "writing",
        }
    }
    /// Parses a stored kind.
    pub fn parse(s: &str) -> Option<CardKind> {
        match s {
            "meaning" => Some(CardKind::Meaning),
            "reading" => Some(CardKind::Reading),
            "writing" => Some(CardKind::Writing),
            _ => None,
        }
    }
}

/// A row of `userCards`, with ts-fsrs's card fields (state: 0 new, 1 learning, 2 review, 3 relearning).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserCard {
    pub id: String,
    pub entry_id: String,
    pub kind: CardKind,
    #[ts(type = "number")]
    pub due: i64,
    pub stability: f64,
    pub difficulty: f64,
    pub elapsed_days: u32,
    pub scheduled_days: u32,
    pub learning_steps: u32,
    pub reps: u32,
    pub lapses: u32,
    pub state: u8,
    #[ts(type = "number | null")]
    pub last_review: Option<i64>,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub deleted: bool,
}
