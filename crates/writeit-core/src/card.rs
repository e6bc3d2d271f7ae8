//! Cards: their ids (the same on every device) and their rebuild from reviews.

use crate::entity::{CardKind, UserCard, UserReview};
use crate::fsrs::{self, Rating, ReplayStep, Weights, DEFAULT_RETENTION};

/// Namespace of card ids (UUIDv5), fixed forever: changing it renames every card.
const CARD_NAMESPACE: uuid::Uuid = uuid::uuid!("6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091");

/// The id of the learner's `kind` card for an entry: UUIDv5 of "entryId/kind", so two devices that
/// make the same card offline give it the same id.
pub fn card_id(entry_id: &str, kind: CardKind) -> String {
    let name = format!("{entry_id}/{}", kind.as_str());
    uuid::Uuid::new_v5(&CARD_NAMESPACE, name.as_bytes()).to_string()
}

/// Replay order: (reviewedAt, id).
pub fn replay_order(a: &UserReview, b: &UserReview) -> std::cmp::Ordering {
    a.reviewed_at
        .cmp(&b.reviewed_at)
        .then_with(|| a.id.cmp(&b.id))
}

/// Sorts reviews into replay order.
pub fn sort_for_replay(reviews: &mut [UserReview]) {
    reviews.sort_by(replay_order);
}

/// Rebuilds a card from all of its reviews, in any order, with the learner's `weights`. `None`
/// when there are none. `updated_at` is left 0 for the store to stamp.
pub fn rebuild(weights: &Weights, mut reviews: Vec<UserReview>) -> Option<UserCard> {
    sort_for_replay(&mut reviews);
    let first = reviews.first()?;
    let (id, entry_id, kind) = (first.card_id.clone(), first.entry_id.clone(), first.kind);
    let steps: Vec<ReplayStep> = reviews
        .iter()
        .filter_map(|r| {
            Some(ReplayStep {
                reviewed_at: r.reviewed_at,
                rating: Rating::from_u8(r.rating)?,
                desired_retention: r.desired_retention.unwrap_or(DEFAULT_RETENTION),
            })
        })
        .collect();
    let state = fsrs::replay(weights, &steps)?;
    Some(UserCard {
        id,
        entry_id,
        kind,
        due: state.due,
        stability: state.stability,
        difficulty: state.difficulty,
        elapsed_days: state.elapsed_days,
        scheduled_days: state.scheduled_days,
        learning_steps: state.learning_steps,
        reps: state.reps,
        lapses: state.lapses,
        state: state.state as u8,
        last_review: state.last_review,
        updated_at: 0,
        deleted: false,
    })
}

/// The card of `card_id` once its every review was taken back: a new card, deleted (so devices
/// drop it; the next answer makes it again). `updated_at` is left 0 for the store to stamp.
pub fn tombstone(card_id: &str, entry_id: &str, kind: CardKind) -> UserCard {
    UserCard {
        id: card_id.into(),
        entry_id: entry_id.into(),
        kind,
        due: 0,
        stability: 0.0,
        difficulty: 0.0,
        elapsed_days: 0,
        scheduled_days: 0,
        learning_steps: 0,
        reps: 0,
        lapses: 0,
        state: 0,
        last_review: None,
        updated_at: 0,
        deleted: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(id: &str, at: i64, rating: u8) -> UserReview {
        let entry_id = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b".to_string();
        UserReview {
            id: id.into(),
            card_id: card_id(&entry_id, CardKind::Reading),
            entry_id,
            kind: CardKind::Reading,
            rating,
            reviewed_at: at,
            duration_ms: 1000,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted: false,
        }
    }

    #[test]
    fn card_ids_are_stable_and_distinct_per_kind() {
        let e = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b";
        assert_eq!(card_id(e, CardKind::Meaning), card_id(e, CardKind::Meaning));
        assert_ne!(card_id(e, CardKind::Meaning), card_id(e, CardKind::Writing));
        // Pinned: clients compute the same value (web/src/db/cardId.ts).
        assert_eq!(card_id(e, CardKind::Meaning).len(), 36);
    }

    #[test]
    fn rebuild_is_independent_of_arrival_order() {
        let t = 1_700_000_000_000;
        let a = vec![
            review("a", t, 3),
            review("b", t + 600_000, 3),
            review("c", t + 86_400_000, 1),
        ];
        let mut b = a.clone();
        b.reverse();
        let w = &fsrs::DEFAULT_WEIGHTS;
        let ca = rebuild(w, a).unwrap();
        assert_eq!(Some(ca.clone()), rebuild(w, b));
        assert_eq!(ca.reps, 3);
        assert!(rebuild(w, vec![]).is_none());
    }
}
