//! What an arriving review means, given the stored review of its id (if any), and what its card
//! becomes once the card's reviews are known.

use crate::card;
use crate::entity::{UserCard, UserReview};
use crate::fsrs::Weights;

/// What to do with an arriving review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Its id is new: store it as it is (a review taken back before it was ever sent is stored as
    /// a tombstone, so its answer arriving later from another device's queue stays taken back)
    /// and rebuild its card.
    New,
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

/// What `arriving` means, given the review `stored` under its id.
pub fn arrival(stored: Option<&UserReview>, arriving: &UserReview) -> Arrival {
    let Some(stored) = stored else {
        return Arrival::New;
    };
    if let Some(field) = stored.answer_difference(arriving) {
        return Arrival::Conflict { field };
    }
    match (stored.deleted, arriving.deleted) {
        (false, true) => Arrival::TakenBack,
        (true, false) => Arrival::AlreadyTakenBack,
        _ => Arrival::Replayed,
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

    #[test]
    fn arrivals() {
        let live = review(3, false);
        let gone = review(3, true);
        let other = review(4, false);
        let later = UserReview {
            updated_at: 99,
            ..live.clone()
        };
        // (stored, arriving, expected)
        let rows: [(Option<&UserReview>, &UserReview, Arrival); 9] = [
            (None, &live, Arrival::New),
            (None, &gone, Arrival::New),
            (Some(&live), &live, Arrival::Replayed),
            (Some(&live), &later, Arrival::Replayed),
            (Some(&gone), &gone, Arrival::Replayed),
            (Some(&live), &gone, Arrival::TakenBack),
            (Some(&gone), &live, Arrival::AlreadyTakenBack),
            (Some(&live), &other, Arrival::Conflict { field: "rating" }),
            (Some(&gone), &other, Arrival::Conflict { field: "rating" }),
        ];
        for (i, (stored, arriving, expected)) in rows.into_iter().enumerate() {
            assert_eq!(arrival(stored, arriving), expected, "row {i}");
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
