//! What an arriving review means, given the stored review of its id (if any) and the server's
//! clock, and what its card becomes once the card's reviews are known.
//!
//! Time is the server's (issue 36): a review whose `reviewedAt` is later than the server's clock
//! is stored at the server's clock, keeping the time its device claimed, so no card's last review
//! lies in the future and replay order stays (reviewedAt, id) on every device. The claimed time
//! still names the same answer: an outbox resending it is a replay, not a conflict.

use crate::card;
use crate::entity::{UserCard, UserReview};
use crate::fsrs::Weights;

/// A review as the store holds it: the row as it syncs, and the `reviewedAt` its device sent
/// when the server clamped it (`None`: stored as sent).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredReview {
    pub review: UserReview,
    pub claimed_reviewed_at: Option<i64>,
}

/// What to do with an arriving review.
#[derive(Clone, Debug, PartialEq)]
pub enum Arrival {
    /// Its id is new: store this (a review taken back before it was ever sent is stored as a
    /// tombstone, so its answer arriving later from another device's queue stays taken back) and
    /// rebuild its card.
    New(StoredReview),
    /// The same answer again (a replayed upload, or a tombstone sent twice): answer the card as it
    /// stands.
    Replayed,
    /// The answer of a review taken back since: the deletion stands; answer the card as it
    /// stands.
    AlreadyTakenBack,
    /// The review is taken back now: mark it deleted and rebuild its card without it.
    TakenBack,
    /// The id was used for another answer: refuse, naming the first field that differs.
    Conflict { field: &'static str },
}

/// What `arriving` means, given the review `stored` under its id and the server's clock `now`
/// (ms: the write's sync-clock stamp, so the time line `getServerTime` reports).
pub fn arrival(stored: Option<&StoredReview>, arriving: &UserReview, now: i64) -> Arrival {
    let Some(stored) = stored else {
        return Arrival::New(on_server_clock(arriving, now));
    };
    if let Some(field) = difference(stored, arriving) {
        return Arrival::Conflict { field };
    }
    match (stored.review.deleted, arriving.deleted) {
        (false, true) => Arrival::TakenBack,
        (true, false) => Arrival::AlreadyTakenBack,
        _ => Arrival::Replayed,
    }
}

/// How a new review is stored when the server's clock reads `now`: as sent, unless its
/// `reviewedAt` is later than `now`, which is then clamped to `now` (no tolerance: an answer made
/// on the server's time line reaches the server after it was made, so only a wrong clock is
/// clamped), the sent time kept as claimed.
pub fn on_server_clock(arriving: &UserReview, now: i64) -> StoredReview {
    if arriving.reviewed_at <= now {
        return StoredReview {
            review: arriving.clone(),
            claimed_reviewed_at: None,
        };
    }
    StoredReview {
        review: UserReview {
            reviewed_at: now,
            ..arriving.clone()
        },
        claimed_reviewed_at: Some(arriving.reviewed_at),
    }
}

/// The first field in which `arriving` records another answer than `stored`. A clamped review is
/// the same answer under either time: the claimed one (its own outbox resending it) or the
/// stored one (a device that pulled the row, then takes it back).
fn difference(stored: &StoredReview, arriving: &UserReview) -> Option<&'static str> {
    let field = stored.review.answer_difference(arriving)?;
    match stored.claimed_reviewed_at {
        Some(claimed) if arriving.reviewed_at == claimed => UserReview {
            reviewed_at: claimed,
            ..stored.review.clone()
        }
        .answer_difference(arriving),
        _ => Some(field),
    }
}

/// The card of `template`'s card id rebuilt from all of its live `reviews` with the learner's
/// `weights`: with none left it goes back to new, as a tombstone. `None` when a stored review has an invalid rating.
/// `updated_at` is left 0 for the store to stamp.
pub fn card(
    weights: &Weights,
    template: &UserReview,
    reviews: Vec<UserReview>,
) -> Option<UserCard> {
    if reviews.is_empty() {
        Some(card::tombstone(
            &template.card_id,
            &template.entry_id,
            template.kind,
        ))
    } else {
        card::rebuild(weights, reviews)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::CardKind;

    fn review(rating: u8, deleted: bool) -> UserReview {
        let entry_id = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b".to_string();
        UserReview {
            id: "0190a4b2-7c1e-7d3a-9b2f-000000000001".into(),
            card_id: card::card_id(&entry_id, CardKind::Reading),
            entry_id,
            kind: CardKind::Reading,
            rating,
            reviewed_at: 1_700_000_000_000,
            duration_ms: 1000,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted,
        }
    }

    /// The server's clock in the tables: ten minutes after `review`'s time.
    const NOW: i64 = 1_700_000_600_000;
    const HOUR: i64 = 3_600_000;

    fn as_sent(review: &UserReview) -> StoredReview {
        StoredReview {
            review: review.clone(),
            claimed_reviewed_at: None,
        }
    }

    fn at(review: &UserReview, reviewed_at: i64) -> UserReview {
        UserReview {
            reviewed_at,
            ..review.clone()
        }
    }

    fn clamped(review: &UserReview, now: i64) -> StoredReview {
        StoredReview {
            review: at(review, now),
            claimed_reviewed_at: Some(review.reviewed_at),
        }
    }

    #[test]
    fn arrivals() {
        let live = review(3, false);
        let gone = review(3, true);
        let other = review(4, false);
        let later = UserReview {
            updated_at: 99,
            ..live.clone()
        };
        // From a device whose clock is 26 h ahead, and the rows that stored it clamped.
        let ahead = at(&live, NOW + 26 * HOUR);
        let ahead_gone = at(&gone, NOW + 26 * HOUR);
        let ahead_other = at(&other, NOW + 26 * HOUR);
        let (stored_ahead, stored_ahead_gone) = (clamped(&ahead, NOW), clamped(&ahead_gone, NOW));
        let (live_sent, gone_sent) = (as_sent(&live), as_sent(&gone));
        // (stored, arriving, server clock, expected)
        let rows: [(Option<&StoredReview>, &UserReview, i64, Arrival); 22] = [
            (None, &live, NOW, Arrival::New(as_sent(&live))),
            (None, &gone, NOW, Arrival::New(as_sent(&gone))),
            (Some(&live_sent), &live, NOW, Arrival::Replayed),
            (Some(&live_sent), &later, NOW, Arrival::Replayed),
            (Some(&gone_sent), &gone, NOW, Arrival::Replayed),
            (Some(&live_sent), &gone, NOW, Arrival::TakenBack),
            (Some(&gone_sent), &live, NOW, Arrival::AlreadyTakenBack),
            (
                Some(&live_sent),
                &other,
                NOW,
                Arrival::Conflict { field: "rating" },
            ),
            (
                Some(&gone_sent),
                &other,
                NOW,
                Arrival::Conflict { field: "rating" },
            ),
            (
                Some(&live_sent),
                &at(&live, live.reviewed_at + 1),
                NOW,
                Arrival::Conflict {
                    field: "reviewedAt",
                },
            ),
            // Time is the server's: a review from the future is stored at the server's clock,
            // the time its device claimed kept; the clock itself is not the future.
            (
                None,
                &at(&live, NOW),
                NOW,
                Arrival::New(as_sent(&at(&live, NOW))),
            ),
            (
                None,
                &at(&live, NOW + 1),
                NOW,
                Arrival::New(clamped(&at(&live, NOW + 1), NOW)),
            ),
            (None, &ahead, NOW, Arrival::New(stored_ahead.clone())),
            (
                None,
                &ahead_gone,
                NOW,
                Arrival::New(stored_ahead_gone.clone()),
            ),
            // A clamped review is the same answer under its claimed time (its outbox resends
            // it, even once that time has passed) and under its stored time (a device pulled
            // the row): replays and undos, never conflicts.
            (Some(&stored_ahead), &ahead, NOW + HOUR, Arrival::Replayed),
            (
                Some(&stored_ahead),
                &ahead,
                NOW + 27 * HOUR,
                Arrival::Replayed,
            ),
            (
                Some(&stored_ahead),
                &stored_ahead.review,
                NOW,
                Arrival::Replayed,
            ),
            (Some(&stored_ahead), &ahead_gone, NOW, Arrival::TakenBack),
            (
                Some(&stored_ahead),
                &at(&gone, NOW),
                NOW,
                Arrival::TakenBack,
            ),
            (
                Some(&stored_ahead_gone),
                &ahead,
                NOW,
                Arrival::AlreadyTakenBack,
            ),
            // Another answer under either time is still a conflict, naming its first field.
            (
                Some(&stored_ahead),
                &ahead_other,
                NOW,
                Arrival::Conflict { field: "rating" },
            ),
            (
                Some(&stored_ahead),
                &at(&live, NOW + HOUR),
                NOW,
                Arrival::Conflict {
                    field: "reviewedAt",
                },
            ),
        ];
        for (i, (stored, arriving, now, expected)) in rows.into_iter().enumerate() {
            assert_eq!(arrival(stored, arriving, now), expected, "row {i}");
        }
    }

    #[test]
    fn cards() {
        let w = &crate::fsrs::DEFAULT_WEIGHTS;
        let template = review(3, false);
        let none = card(w, &template, vec![]).unwrap();
        assert!(none.deleted);
        assert_eq!(none.reps, 0);
        assert_eq!(none.id, template.card_id);
        let one = card(w, &template, vec![template.clone()]).unwrap();
        assert!(!one.deleted);
        assert_eq!(one.reps, 1);
        assert_eq!(card(w, &template, vec![review(9, false)]), None);
    }
}
