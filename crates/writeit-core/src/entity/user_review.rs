//! One answer to a card; immutable, idempotent by id, replayed to rebuild the card.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::card;
use crate::error::ErrorReason;
use crate::limits::*;
use crate::validate::{self, Checked, Validate};

use super::{CardKind, UserCard};

/// A row of `userReviews`; also `saveUserReview`'s input (its `updatedAt` is ignored there).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserReview {
    pub id: String,
    /// Must be [`card::card_id`] of (entryId, kind), so every device names a card alike.
    pub card_id: String,
    pub entry_id: String,
    pub kind: CardKind,
    /// 1 again, 2 hard, 3 good, 4 easy.
    pub rating: u8,
    /// Client clock, ms since the epoch.
    #[ts(type = "number")]
    pub reviewed_at: i64,
    #[serde(default)]
    #[ts(type = "number")]
    pub duration_ms: i64,
    /// Writing score, 0..1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<f64>,
    /// Retention the learner wanted when answering (from the user deck); default 0.9.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub desired_retention: Option<f64>,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

impl UserReview {
    /// Validates against the server clock `now` (ms): review times may not lie far in the future.
    pub fn validate_at(&self, now: i64) -> Checked {
        self.validate()?;
        validate::range_i64(
            "reviewedAt",
            self.reviewed_at,
            REVIEWED_AT_MIN,
            now + REVIEWED_AT_FUTURE_MS,
        )
    }

    /// The first field (camelCase) in which `other` records another answer than this review;
    /// `None` for the same answer (a replayed upload, or its tombstone). Server fields
    /// (`updatedAt`, `deleted`) are not part of the answer.
    pub fn answer_difference(&self, other: &UserReview) -> Option<&'static str> {
        [
            ("id", self.id == other.id),
            ("cardId", self.card_id == other.card_id),
            ("entryId", self.entry_id == other.entry_id),
            ("kind", self.kind == other.kind),
            ("rating", self.rating == other.rating),
            ("reviewedAt", self.reviewed_at == other.reviewed_at),
            ("durationMs", self.duration_ms == other.duration_ms),
            ("score", self.score == other.score),
            (
                "desiredRetention",
                self.desired_retention == other.desired_retention,
            ),
        ]
        .into_iter()
        .find_map(|(field, same)| (!same).then_some(field))
    }
}

impl Validate for UserReview {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::uuid("entryId", &self.entry_id)?;
        validate::uuid("cardId", &self.card_id)?;
        if self.card_id != card::card_id(&self.entry_id, self.kind) {
            return Err(validate::error(
                "cardId",
                ErrorReason::InvalidFormat,
                "must be the card id of (entryId, kind)",
            ));
        }
        validate::range_i64("rating", self.rating.into(), 1, 4)?;
        validate::range_i64(
            "reviewedAt",
            self.reviewed_at,
            REVIEWED_AT_MIN,
            i64::MAX / 2,
        )?;
        validate::range_i64("durationMs", self.duration_ms, 0, REVIEW_DURATION_MAX_MS)?;
        if let Some(score) = self.score {
            validate::range_f64("score", score, 0.0, 1.0)?;
        }
        if let Some(r) = self.desired_retention {
            validate::range_f64("desiredRetention", r, RETENTION_MIN, RETENTION_MAX)?;
        }
        Ok(())
    }
}

/// `saveUserReview`'s output: the card rebuilt from all of its reviews.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveUserReviewOutput {
    pub card: UserCard,
}

#[cfg(test)]
mod tests {
    /// The server replays a card from the reviews' desired retention, as the device does: a value
    /// must come back from the wire exactly as the device sent it (JavaScript writes the shortest
    /// round-trip form). Without serde_json's float_roundtrip, about one 17-digit value in ten
    /// parsed one unit in the last place off, and the two replays could differ.
    #[test]
    fn retentions_parse_exactly() {
        for value in [
            1.0_f64 / 11.0,
            0.87 + 1e-16,
            0.850_000_000_000_000_1,
            0.9,
            0.700_000_000_000_000_1,
        ] {
            let text = format!("{value:?}");
            let parsed: f64 = serde_json::from_str(&text).unwrap();
            assert_eq!(parsed.to_bits(), value.to_bits(), "{text}");
        }
    }
}
