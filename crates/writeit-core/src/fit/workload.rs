//! What each desired retention would cost a learner: their own cards simulated forward a year
//! with their weights by the FSRS authors' simulator (`fsrs::simulate`, Anki's "workload"
//! graph), new cards arriving at the pace of their last 30 days, each answer taking the time
//! their own answers of that kind took.
//!
//! Cards are replayed here with the port (the same states the app schedules), then handed to
//! the simulator as Anki hands its cards over (`Card::convert` in Anki's simulator.rs).

use std::collections::BTreeMap;
use std::sync::Arc;

use ::fsrs::{simulate, Card, SimulatorConfig};

use crate::card::replay_order;
use crate::entity::{UserReview, Workload};
use crate::fsrs::{CardState, Rating, Scheduler, State, Weights, DEFAULT_RETENTION};

const DAY_MS: i64 = 86_400_000;
/// The desired retentions simulated, in hundredths: Anki's range, up to ts-fsrs's sensible top.
pub const RETENTIONS: std::ops::RangeInclusive<u32> = 70..=97;
/// The recommended retention is looked for up to here: above, Anki warns the workload grows
/// much faster than what is remembered.
const RECOMMENDED_MAX: u32 = 95;
/// Days simulated.
const SPAN: usize = 365;
/// Days the short figures average over.
const SHORT: usize = 30;
/// Answers slower than this are a learner who walked away, not the card's cost (Anki's cut).
const MAX_ANSWER_MS: i64 = 1_200_000;
/// Answers of one kind needed before their mean replaces the simulator's default cost.
const MIN_SAMPLES: usize = 5;
/// The simulator's fixed seed: the same log gives the same figures.
const SEED: u64 = 42;

/// The workload per desired retention and the recommended (lowest worthwhile) retention.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook {
    pub workload: Vec<Workload>,
    pub recommended_retention: Option<f64>,
}

/// Simulates `reviews` (a learner's live log, any order) forward from `now` with `weights`.
/// No reviews: nothing to simulate.
pub fn outlook(reviews: &[UserReview], weights: &Weights, now: i64) -> Outlook {
    let history = History::read(reviews, weights, now);
    if history.cards.is_empty() {
        return Outlook {
            workload: vec![],
            recommended_retention: None,
        };
    }
    let params: Arc<Vec<f32>> = Arc::new(weights.iter().map(|&w| w as f32).collect());
    let config = history.config();
    let mut workload = Vec::new();
    let mut best: Option<(f64, f64)> = None;
    for hundredths in RETENTIONS {
        let retention = f64::from(hundredths) / 100.0;
        let cards = history
            .cards
            .iter()
            .map(|c| Card {
                desired_retention: retention as f32,
                parameters: params.clone(),
                ..c.clone()
            })
            .collect();
        let Ok(run) = simulate(&config, &params, retention as f32, Some(SEED), Some(cards)) else {
            continue;
        };
        let days = |n: usize| -> (f64, f64) {
            let reviews: usize = run
                .review_cnt_per_day
                .iter()
                .zip(&run.learn_cnt_per_day)
                .take(n)
                .map(|(r, l)| r + l)
                .sum();
            let seconds: f32 = run.cost_per_day.iter().take(n).sum();
            (
                round2(reviews as f64 / n as f64),
                round2(f64::from(seconds) / 60.0 / n as f64),
            )
        };
        let (reviews30, minutes30) = days(SHORT);
        let (reviews365, minutes365) = days(SPAN);
        let memorized = f64::from(run.memorized_cnt_per_day.last().copied().unwrap_or(0.0));
        workload.push(Workload {
            desired_retention: retention,
            reviews_per_day30: reviews30,
            minutes_per_day30: minutes30,
            reviews_per_day365: reviews365,
            minutes_per_day365: minutes365,
            memorized365: round2(memorized),
        });
        if hundredths <= RECOMMENDED_MAX && memorized > 0.0 {
            let cost = minutes365 / memorized;
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, retention));
            }
        }
    }
    Outlook {
        workload,
        recommended_retention: best.map(|(_, r)| r),
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// What the simulator needs of a learner's log.
struct History {
    /// The cards as they stand, in the simulator's terms (days relative to today).
    cards: Vec<Card>,
    /// Cards first reviewed in the last 30 days, a day.
    new_per_day: usize,
    /// Seconds an answer takes, per (learning, review, relearning) and rating; 0: unknown.
    costs: [[Mean; 4]; 3],
    first_ratings: [usize; 4],
    review_ratings: [usize; 3],
}

#[derive(Clone, Copy, Default)]
struct Mean {
    sum: f64,
    n: usize,
}

impl History {
    fn read(reviews: &[UserReview], weights: &Weights, now: i64) -> History {
        let mut by_card: BTreeMap<&str, Vec<&UserReview>> = BTreeMap::new();
        for r in reviews.iter().filter(|r| !r.deleted) {
            by_card.entry(&r.card_id).or_default().push(r);
        }
        let today = now.div_euclid(DAY_MS);
        let mut h = History {
            cards: Vec::new(),
            new_per_day: 0,
            costs: [[Mean::default(); 4]; 3],
            first_ratings: [0; 4],
            review_ratings: [0; 3],
        };
        let mut started_lately: usize = 0;
        for (id, (_, mut log)) in by_card.into_iter().enumerate() {
            log.sort_by(|a, b| replay_order(a, b));
            let Some(first) = log.first() else { continue };
            if first.reviewed_at > now - SHORT as i64 * DAY_MS {
                started_lately += 1;
            }
            let mut card = CardState::new(first.reviewed_at);
            for &r in &log {
                let Some(rating) = Rating::from_u8(r.rating) else {
                    continue;
                };
                let row = match card.state {
                    State::New | State::Learning => 0,
                    State::Review => 1,
                    State::Relearning => 2,
                };
                if card.state == State::New {
                    h.first_ratings[rating as usize - 1] += 1;
                } else if card.state == State::Review && rating != Rating::Again {
                    h.review_ratings[rating as usize - 2] += 1;
                }
                if r.duration_ms > 0 && r.duration_ms < MAX_ANSWER_MS {
                    let m = &mut h.costs[row][rating as usize - 1];
                    m.sum += r.duration_ms as f64 / 1000.0;
                    m.n += 1;
                }
                let retention = r.desired_retention.unwrap_or(DEFAULT_RETENTION);
                card =
                    Scheduler::with_weights(weights, retention).next(&card, r.reviewed_at, rating);
            }
            h.cards.push(simulator_card(id as i64, &card, today));
        }
        h.new_per_day = started_lately.div_ceil(SHORT);
        h
    }

    fn config(&self) -> SimulatorConfig {
        let defaults = SimulatorConfig::default();
        let mut costs = defaults.state_rating_costs;
        for (row, means) in self.costs.iter().enumerate() {
            for (col, m) in means.iter().enumerate() {
                if m.n >= MIN_SAMPLES {
                    costs[row][col] = (m.sum / m.n as f64) as f32;
                }
            }
        }
        SimulatorConfig {
            deck_size: self.cards.len() + self.new_per_day * SPAN,
            learn_span: SPAN,
            // The figures are what each retention asks for, not what a daily cap would allow.
            max_cost_perday: f32::MAX,
            first_rating_prob: shares(&self.first_ratings).unwrap_or(defaults.first_rating_prob),
            review_rating_prob: shares(&self.review_ratings).unwrap_or(defaults.review_rating_prob),
            learn_limit: self.new_per_day,
            state_rating_costs: costs,
            ..defaults
        }
    }
}

/// Counts as shares of their sum, when there are enough of them to mean something.
fn shares<const N: usize>(counts: &[usize; N]) -> Option<[f32; N]> {
    let total: usize = counts.iter().sum();
    (total >= 10 * MIN_SAMPLES).then(|| counts.map(|c| c as f32 / total as f32))
}

/// A replayed card in the simulator's terms, days relative to `today` (Anki's `Card::convert`):
/// a card in its (re)learning steps is due today.
fn simulator_card(id: i64, card: &CardState, today: i64) -> Card {
    let day = |ms: i64| (ms.div_euclid(DAY_MS) - today) as f32;
    let (last_date, due) = match card.state {
        State::Review => {
            let due = day(card.due);
            let last = card
                .last_review
                .map_or(due - card.scheduled_days as f32, day);
            (last.min(0.0), due)
        }
        _ => (0.0, 0.0),
    };
    Card {
        id,
        difficulty: card.difficulty as f32,
        stability: card.stability as f32,
        last_date,
        due,
        interval: card.scheduled_days as f32,
        lapses: card.lapses,
        ..Card::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::simulate::learner;
    use crate::fsrs::DEFAULT_WEIGHTS;

    #[test]
    fn no_reviews_no_outlook() {
        let o = outlook(&[], &DEFAULT_WEIGHTS, 0);
        assert!(o.workload.is_empty());
        assert_eq!(o.recommended_retention, None);
    }

    /// Asking to remember more costs more reviews, and the recommended retention is one of the
    /// simulated ones, within Anki's sensible band.
    #[test]
    fn higher_retention_costs_more_and_the_recommendation_is_sensible() {
        let l = learner(3).with_history(1_500);
        let now = l.log.iter().map(|r| r.reviewed_at).max().unwrap() + DAY_MS;
        let o = outlook(&l.log, &DEFAULT_WEIGHTS, now);
        assert_eq!(o.workload.len(), RETENTIONS.count());
        let first = &o.workload[0];
        let last = o.workload.last().unwrap();
        assert!(last.reviews_per_day365 > first.reviews_per_day365, "{o:?}");
        assert!(last.minutes_per_day365 > first.minutes_per_day365, "{o:?}");
        assert!(last.memorized365 > first.memorized365, "{o:?}");
        let r = o.recommended_retention.unwrap();
        assert!((0.70..=0.95).contains(&r), "{r}");
        // Deterministic: the same log gives the same figures.
        assert_eq!(o, outlook(&l.log, &DEFAULT_WEIGHTS, now));
    }
}
