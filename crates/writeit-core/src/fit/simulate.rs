//! Simulated learners for the optimiser's tests and benchmark: each has true weights, drawn around
//! FSRS-6's defaults; their memory follows those weights (recall is drawn with the probability the
//! true model gives), while the app schedules them with the defaults, as it does every learner
//! before a fit. Deterministic for a seed.

use ::fsrs::{current_retrievability, MemoryState, NextStates, FSRS};

use super::items::{Items, DAY_MS};
use crate::card::card_id;
use crate::entity::{CardKind, UserReview};
use crate::fsrs::WEIGHT_BOUNDS;

/// How far true weights stray from the defaults: each is scaled by e^u, u uniform in ±SPREAD.
const SPREAD: f32 = 1.0;

/// New cards a simulated learner starts a day.
const NEW_PER_DAY: usize = 20;

/// A learner: their true weights and, once simulated, their review log.
#[derive(Clone, Debug)]
pub struct Learner {
    pub weights: Vec<f32>,
    pub log: Vec<UserReview>,
    rng: Rng,
}

/// A learner whose true weights are FSRS-6's defaults each scaled by a factor in [0.6, 1.65].
pub fn learner(seed: u64) -> Learner {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d);
    let weights = ::fsrs::DEFAULT_PARAMETERS
        .iter()
        .zip(WEIGHT_BOUNDS)
        .map(|(&w, (lo, hi))| {
            (w * (SPREAD * (2.0 * rng.unit() as f32 - 1.0)).exp()).clamp(lo as f32, hi as f32)
        })
        .collect();
    Learner {
        weights,
        log: Vec::new(),
        rng,
    }
}

struct CardSim {
    id: String,
    truth: MemoryState,
    scheduled: MemoryState,
    last_day: i64,
    due_day: i64,
}

impl Learner {
    /// The learner after `reviews` reviews, day by day from day 0: the cards due first, then
    /// `NEW_PER_DAY` new ones.
    pub fn with_history(mut self, reviews: usize) -> Learner {
        let truth = FSRS::new(&self.weights).expect("true weights within bounds");
        let app = FSRS::new(&[]).expect("default weights");
        let decay = self.weights[20];
        let mut cards: Vec<CardSim> = Vec::new();
        let mut day = 0i64;
        while self.log.len() < reviews {
            for c in cards.iter_mut().filter(|c| c.due_day <= day) {
                if self.log.len() >= reviews {
                    break;
                }
                let t = (day - c.last_day) as u32;
                let r = current_retrievability(c.truth, t as f32, decay);
                let rating = if self.rng.unit() < f64::from(r) {
                    self.rng.pick(&[(2, 0.15), (3, 0.75), (4, 0.10)])
                } else {
                    1
                };
                c.truth = memory(
                    &truth.next_states(Some(c.truth), 0.9, t).expect("state"),
                    rating,
                );
                let next = app.next_states(Some(c.scheduled), 0.9, t).expect("state");
                c.scheduled = memory(&next, rating);
                c.last_day = day;
                c.due_day = day + interval(&next, rating);
                self.log.push(review(&c.id, rating, day, self.log.len()));
            }
            for _ in 0..NEW_PER_DAY {
                if self.log.len() >= reviews {
                    break;
                }
                let rating = self.rng.pick(&[(1, 0.2), (2, 0.1), (3, 0.6), (4, 0.1)]);
                let first_truth = truth.next_states(None, 0.9, 0).expect("state");
                let first = app.next_states(None, 0.9, 0).expect("state");
                let id = card_id(&format!("entry-{}", cards.len()), CardKind::Reading);
                self.log.push(review(&id, rating, day, self.log.len()));
                cards.push(CardSim {
                    id,
                    truth: memory(&first_truth, rating),
                    scheduled: memory(&first, rating),
                    last_day: day,
                    due_day: day + interval(&first, rating),
                });
            }
            day += 1;
        }
        self
    }
}

/// The first `share` of `items` (in time order) to train on, and the rest to test on.
pub fn held_out(items: Items, share: f64) -> (Items, Items) {
    let cut = (items.items.len() as f64 * share) as usize;
    let Items {
        mut items,
        mut card_ids,
    } = items;
    let test = Items {
        items: items.split_off(cut),
        card_ids: card_ids.split_off(cut),
    };
    (Items { items, card_ids }, test)
}

fn memory(next: &NextStates, rating: u32) -> MemoryState {
    match rating {
        1 => next.again.memory,
        2 => next.hard.memory,
        3 => next.good.memory,
        _ => next.easy.memory,
    }
}

/// Whole days to the next review, at least one (the simulation has no same-day steps).
fn interval(next: &NextStates, rating: u32) -> i64 {
    let days = match rating {
        1 => next.again.interval,
        2 => next.hard.interval,
        3 => next.good.interval,
        _ => next.easy.interval,
    };
    (days.round() as i64).max(1)
}

fn review(card: &str, rating: u32, day: i64, n: usize) -> UserReview {
    UserReview {
        id: format!("review-{n}"),
        card_id: card.into(),
        entry_id: card.into(),
        kind: CardKind::Reading,
        rating: rating as u8,
        // Mid-day UTC, a second apart, so the order of a day's reviews is kept.
        reviewed_at: day * DAY_MS + DAY_MS / 2 + n as i64 % 3_600 * 1_000,
        duration_ms: 5_000,
        score: None,
        desired_retention: None,
        updated_at: 0,
        deleted: false,
    }
}

/// splitmix64: small, seeded, the same on every machine.
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// One of `choices` by weight (the weights sum to 1).
    fn pick(&mut self, choices: &[(u32, f64)]) -> u32 {
        let mut u = self.unit();
        for &(v, p) in choices {
            if u < p {
                return v;
            }
            u -= p;
        }
        choices[choices.len() - 1].0
    }
}
