//! A learner's review log as the optimiser's training items (fsrs-rs `FSRSItem`), built the way
//! Anki builds them for training: per card, each review on a later day than the one before
//! becomes the target of an item holding every review up to it. Same-day reviews stay inside the
//! items (the short-term weights learn from them) but are never a target. Days are UTC calendar
//! days, the `elapsed_days` of the replay (`fsrs/`), so training and scheduling count alike.

use std::collections::BTreeMap;

use ::fsrs::{FSRSItem, FSRSReview};

use crate::entity::UserReview;

/// Milliseconds in a day.
pub const DAY_MS: i64 = 86_400_000;

/// Training items, in the order of their target review's time (the optimiser weighs recent items
/// more and splits time series in this order), with the card each comes from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Items {
    pub items: Vec<FSRSItem>,
    /// Aligned with `items`: a number per card, so the optimiser can share a card's prefixes.
    pub card_ids: Vec<i64>,
}

/// The items of `reviews` (any order, any cards). Taken-back reviews are left out, and so is a
/// card with a rating outside 1..=4 (the optimiser refuses one; the store never holds one).
pub fn items(reviews: &[UserReview]) -> Items {
    let mut cards: BTreeMap<&str, Vec<&UserReview>> = BTreeMap::new();
    for r in reviews.iter().filter(|r| !r.deleted) {
        cards.entry(r.card_id.as_str()).or_default().push(r);
    }
    let mut keyed: Vec<((i64, i64, usize), FSRSItem)> = Vec::new();
    for (card, (_, mut log)) in cards.into_iter().enumerate() {
        if log.iter().any(|r| !(1..=4).contains(&r.rating)) {
            continue;
        }
        log.sort_by(|a, b| (a.reviewed_at, &a.id).cmp(&(b.reviewed_at, &b.id)));
        let mut history = Vec::with_capacity(log.len());
        let mut last_day: Option<i64> = None;
        for (i, r) in log.iter().enumerate() {
            let day = r.reviewed_at.div_euclid(DAY_MS);
            let delta_t = last_day.map_or(0, |d| (day - d).max(0) as u32);
            last_day = Some(day);
            history.push(FSRSReview {
                rating: u32::from(r.rating),
                delta_t,
            });
            if i > 0 && delta_t > 0 {
                let item = FSRSItem {
                    reviews: history.clone(),
                };
                keyed.push(((r.reviewed_at, card as i64, i), item));
            }
        }
    }
    keyed.sort_by_key(|(key, _)| *key);
    Items {
        card_ids: keyed.iter().map(|((_, card, _), _)| *card).collect(),
        items: keyed.into_iter().map(|(_, item)| item).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::CardKind;

    fn review(card: &str, rating: u8, at: i64) -> UserReview {
        UserReview {
            id: format!("{card}-{at}"),
            card_id: card.into(),
            entry_id: "e".into(),
            kind: CardKind::Reading,
            rating,
            reviewed_at: at,
            duration_ms: 0,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted: false,
        }
    }

    /// (rating, delta_t) pairs of an item.
    fn pairs(item: &FSRSItem) -> Vec<(u32, u32)> {
        item.reviews.iter().map(|r| (r.rating, r.delta_t)).collect()
    }

    #[test]
    fn one_item_per_review_on_a_later_day() {
        let h = 3_600_000; // an hour
                           // (what the row shows, the reviews, each item's (rating, delta_t) pairs)
        type Case = (&'static str, Vec<UserReview>, Vec<Vec<(u32, u32)>>);
        let cases: Vec<Case> = vec![
            (
                "a single review teaches nothing",
                vec![review("a", 3, 0)],
                vec![],
            ),
            (
                "same-day reviews stay in, never a target",
                vec![
                    review("a", 1, 0),
                    review("a", 3, h),
                    review("a", 3, DAY_MS + h),
                ],
                vec![vec![(1, 0), (3, 0), (3, 1)]],
            ),
            (
                "days are UTC calendar days, not 24-hour spans",
                vec![review("a", 3, DAY_MS - h), review("a", 3, DAY_MS + h)],
                vec![vec![(3, 0), (3, 1)]],
            ),
            (
                "each later-day review is the end of its own item",
                vec![
                    review("a", 3, 0),
                    review("a", 3, 2 * DAY_MS),
                    review("a", 4, 7 * DAY_MS),
                ],
                vec![vec![(3, 0), (3, 2)], vec![(3, 0), (3, 2), (4, 5)]],
            ),
            (
                "order of arrival does not matter",
                vec![
                    review("a", 4, 7 * DAY_MS),
                    review("a", 3, 0),
                    review("a", 3, 2 * DAY_MS),
                ],
                vec![vec![(3, 0), (3, 2)], vec![(3, 0), (3, 2), (4, 5)]],
            ),
            (
                "cards interleave by the time of the target review",
                vec![
                    review("a", 3, 0),
                    review("b", 2, h),
                    review("b", 3, DAY_MS),
                    review("a", 1, 3 * DAY_MS),
                ],
                vec![vec![(2, 0), (3, 1)], vec![(3, 0), (1, 3)]],
            ),
            (
                "a taken-back review is not history",
                vec![
                    review("a", 3, 0),
                    UserReview {
                        deleted: true,
                        ..review("a", 1, DAY_MS)
                    },
                    review("a", 3, 2 * DAY_MS),
                ],
                vec![vec![(3, 0), (3, 2)]],
            ),
            (
                "a card with an impossible rating is left out",
                vec![review("a", 3, 0), review("a", 9, DAY_MS)],
                vec![],
            ),
        ];
        for (name, reviews, expected) in cases {
            let got = items(&reviews);
            assert_eq!(
                got.items.iter().map(pairs).collect::<Vec<_>>(),
                expected,
                "{name}"
            );
            assert_eq!(got.card_ids.len(), got.items.len(), "{name}");
        }
    }
}
