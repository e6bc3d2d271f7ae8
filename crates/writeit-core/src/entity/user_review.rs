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
    /// When the answer was given, ms since the epoch, on the server's time line (the device's
    /// clock corrected by its offset from `getServerTime`). The server stores a later time than
    /// its own clock as its clock (docs/rpc.md "Review times").
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
    use super::*;

    /// Time is the server's (issue 36): a review is never refused for lying in the future (the
    /// store clamps it); only a time before 2000, a broken clock, is.
    #[test]
    fn future_times_are_valid_and_broken_clocks_are_not() {
        let entry_id = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b".to_string();
        let review = |reviewed_at: i64| UserReview {
            id: "0190a4b2-7c1e-7d3a-9b2f-000000000001".into(),
            card_id: card::card_id(&entry_id, CardKind::Meaning),
            entry_id: entry_id.clone(),
            kind: CardKind::Meaning,
            rating: 3,
            reviewed_at,
            duration_ms: 1000,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted: false,
        };
        let year = 365 * 86_400_000;
        for ok in [
            REVIEWED_AT_MIN,
            1_800_000_000_000,
            1_800_000_000_000 + 30 * year,
        ] {
            assert_eq!(review(ok).validate(), Ok(()), "{ok}");
        }
        let refused = review(REVIEWED_AT_MIN - 1).validate().unwrap_err();
        assert_eq!(refused.field.as_deref(), Some("reviewedAt"));
    }

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
