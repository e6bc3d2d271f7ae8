//! FSRS-6 scheduling: a port of `ts-fsrs` 5.4.2 (`fsrs(params).next(card, now, rating).card`)
//! in f64 with the same operation order and rounding, checked against golden vectors
//! produced by ts-fsrs itself (`tools/fsrs-golden`, `tests/fsrs_golden.rs`).
//!
//! The settings are fixed to the app's: learning steps 1m/10m, relearning step 10m, fuzz on,
//! short-term on, maximum interval 36500 days. The 21 weights (the learner's, fitted by `fit/`,
//! or the defaults) and the desired retention vary; weights pass through [`clip_weights`], the
//! clamp ts-fsrs applies to every parameter set, so both sides schedule with the same numbers.
//!
//! Semantics worth knowing (all as in ts-fsrs):
//! - `elapsed_days` counts UTC calendar days between `last_review` and now, not 24h periods.
//! - The fuzz uses Alea seeded with `"{now_ms}_{reps after this review}_{D*S before it}"`,
//!   the product formatted as JavaScript's `String(number)` does.
//! - Stability and difficulty are rounded to 8 decimals after each formula (`roundTo`).
//! - `Math.exp` is fdlibm's in V8, so the port's `exp` is the same code (`libm::exp`). V8's
//!   `Math.pow` varies with its version (the C library's or fdlibm's), so the port keeps the
//!   platform's `powf`: an ulp apart, the rounding to 8 decimals almost always absorbs it (no
//!   step differed in 1.2 million of stress vectors).
//! - Intervals after the "good + 1" / "easy > good" adjustments may exceed 36500 by one or two.
//!
//! Where ts-fsrs would throw, this port clamps instead, so it never panics:
//! - a review earlier than `last_review` on an earlier UTC day counts as 0 elapsed days;
//! - a desired retention outside (0, 1] (or NaN) falls back to [`DEFAULT_RETENTION`];
//! - a card whose difficulty/stability is non-finite restarts from the initial memory state,
//!   otherwise difficulty is clamped to [1, 10] and stability to [0.001, 36500];
//! - time arithmetic saturates at the bounds of `i64`.

mod alea;

use alea::{alea_first, js_number_to_string};

/// Desired retention when the deck does not set one.
pub const DEFAULT_RETENTION: f64 = 0.9;

/// The 21 FSRS-6 weights `w[0..21]`.
pub type Weights = [f64; 21];

/// The FSRS-6 default weights `w[0..21]` of ts-fsrs 5.x (`default_w`).
pub const DEFAULT_WEIGHTS: Weights = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];

/// Longest interval the scheduler proposes before the ordering adjustments, in days.
pub const MAXIMUM_INTERVAL: u32 = 36500;

const S_MIN: f64 = 1e-3;
const S_MAX: f64 = 36500.0;
const LEARNING_STEPS_MINUTES: &[f64] = &[1.0, 10.0];
const RELEARNING_STEPS_MINUTES: &[f64] = &[10.0];
const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 86_400_000;
const MINUTES_PER_DAY: f64 = 1440.0;
/// (start, end, factor) of ts-fsrs's `FUZZ_RANGES`.
const FUZZ_RANGES: [(f64, f64, f64); 3] = [
    (2.5, 7.0, 0.15),
    (7.0, 20.0, 0.1),
    (20.0, f64::INFINITY, 0.05),
];

/// A card's scheduling state, as ts-fsrs's `State`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    New = 0,
    Learning = 1,
    Review = 2,
    Relearning = 3,
}

impl State {
    /// The state with this numeric value (ts-fsrs's encoding), if any.
    pub fn from_u8(v: u8) -> Option<State> {
        match v {
            0 => Some(State::New),
            1 => Some(State::Learning),
            2 => Some(State::Review),
            3 => Some(State::Relearning),
            _ => None,
        }
    }
}

/// A review's answer, as ts-fsrs's `Rating` (without `Manual`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4,
}

impl Rating {
    /// The rating with this numeric value (1–4), if any.
    pub fn from_u8(v: u8) -> Option<Rating> {
        match v {
            1 => Some(Rating::Again),
            2 => Some(Rating::Hard),
            3 => Some(Rating::Good),
            4 => Some(Rating::Easy),
            _ => None,
        }
    }

    fn grade(self) -> f64 {
        f64::from(self as u8)
    }
}

/// A card as ts-fsrs's `Card`; times are milliseconds since the Unix epoch (UTC).
#[derive(Clone, Debug, PartialEq)]
pub struct CardState {
    /// When the card is next due (ms).
    pub due: i64,
    /// Memory stability in days (0 while new).
    pub stability: f64,
    /// Difficulty in [1, 10] (0 while new).
    pub difficulty: f64,
    /// UTC calendar days between the previous review and the last one.
    pub elapsed_days: u32,
    /// Days from the last review to `due` (0 during (re)learning steps).
    pub scheduled_days: u32,
    /// Index of the current (re)learning step.
    pub learning_steps: u32,
    /// Number of reviews.
    pub reps: u32,
    /// Number of times a Review card was answered Again.
    pub lapses: u32,
    /// Scheduling state.
    pub state: State,
    /// Time of the last review (ms), `None` while new.
    pub last_review: Option<i64>,
}

impl CardState {
    /// A never-reviewed card due at `now` (ts-fsrs's `createEmptyCard(now)`).
    pub fn new(now: i64) -> CardState {
        CardState {
            due: now,
            stability: 0.0,
            difficulty: 0.0,
            elapsed_days: 0,
            scheduled_days: 0,
            learning_steps: 0,
            reps: 0,
            lapses: 0,
            state: State::New,
            last_review: None,
        }
    }
}

/// The FSRS-6 scheduler with the app's settings and one desired retention.
#[derive(Clone, Debug)]
pub struct Scheduler {
    w: Weights,
    desired_retention: f64,
    decay: f64,
    factor: f64,
    interval_modifier: f64,
}

/// JavaScript's `Math.round`: halves go towards +∞.
fn js_round(x: f64) -> f64 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// ts-fsrs's `roundTo(num, 8)`.
fn round8(x: f64) -> f64 {
    js_round(x * 1e8) / 1e8
}

/// JavaScript's `Math.exp` as V8 computes it: fdlibm's algorithm (FreeBSD msun `e_exp.c`), which
/// `libm::exp` is, bit for bit. The platform's `f64::exp` (glibc's) differs from it by one ulp for
/// about one input in ten, and now and then that ulp crosses a `roundTo(_, 8)` boundary: a fitted
/// set's stability came out 1e-8 off (see the test `exp_rounds_as_v8_does`).
fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// ts-fsrs's `clamp`: `Math.min(Math.max(v, lo), hi)`, which tolerates lo > hi.
fn clamp(v: f64, lo: f64, hi: f64) -> f64 {
    v.max(lo).min(hi)
}

/// Whole UTC calendar days from `from` to `to` (ts-fsrs's `dateDiffInDays`).
fn utc_day_diff(from: i64, to: i64) -> i64 {
    to.div_euclid(DAY_MS) - from.div_euclid(DAY_MS)
}

fn add_minutes(now: i64, minutes: f64) -> i64 {
    now.saturating_add((js_round(minutes) as i64).saturating_mul(MINUTE_MS))
}

fn add_days(now: i64, days: f64) -> i64 {
    now.saturating_add((days as i64).saturating_mul(DAY_MS))
}

fn to_u32(x: f64) -> u32 {
    // `as` saturates and maps NaN to 0, so this never panics.
    x as u32
}

/// Per-review inputs shared by all rating branches.
struct Review {
    now: i64,
    elapsed: f64,
    fuzz: f64,
}

impl Scheduler {
    /// A scheduler with the default weights; retention outside (0, 1] means [`DEFAULT_RETENTION`].
    pub fn new(desired_retention: f64) -> Scheduler {
        Scheduler::with_weights(&DEFAULT_WEIGHTS, desired_retention)
    }

    /// A scheduler with the learner's weights (clamped by [`clip_weights`]) and retention.
    pub fn with_weights(weights: &Weights, desired_retention: f64) -> Scheduler {
        let retention = if desired_retention > 0.0 && desired_retention <= 1.0 {
            desired_retention
        } else {
            DEFAULT_RETENTION
        };
        let w = clip_weights(weights);
        // computeDecayFactor
        let decay = -w[20];
        let factor = round8(exp(decay.powf(-1.0) * 0.9f64.ln()) - 1.0);
        let interval_modifier = round8((retention.powf(1.0 / decay) - 1.0) / factor);
        Scheduler {
            w,
            desired_retention: retention,
            decay,
            factor,
            interval_modifier,
        }
    }

    /// The desired retention in effect (after the fallback for invalid values).
    pub fn desired_retention(&self) -> f64 {
        self.desired_retention
    }

    /// The card after reviewing it at `now` with `rating` (ts-fsrs's `next(...).card`).
    pub fn next(&self, card: &CardState, now: i64, rating: Rating) -> CardState {
        let (d, s) = sanitize_memory(card.difficulty, card.stability);
        let elapsed = match (card.state, card.last_review) {
            (State::New, _) | (_, None) => 0,
            // ts-fsrs throws on a negative delta; count it as a same-day review instead.
            (_, Some(last)) => utc_day_diff(last, now).max(0),
        };
        let reps = card.reps.saturating_add(1);
        let seed = format!("{now}_{reps}_{}", js_number_to_string(d * s));
        let review = Review {
            now,
            elapsed: elapsed as f64,
            // Every fuzzed interval of one review draws from a fresh alea(seed).
            fuzz: alea_first(&seed),
        };
        let mut next = CardState {
            due: card.due,
            stability: s,
            difficulty: d,
            elapsed_days: u32::try_from(elapsed).unwrap_or(u32::MAX),
            scheduled_days: card.scheduled_days,
            learning_steps: card.learning_steps,
            reps,
            lapses: card.lapses,
            state: card.state,
            last_review: Some(now),
        };
        match card.state {
            State::New | State::Learning | State::Relearning => {
                (next.difficulty, next.stability) =
                    self.next_memory(d, s, review.elapsed, rating, None);
                let to_state = if card.state == State::New {
                    State::Learning
                } else {
                    card.state
                };
                self.apply_learning_steps(&mut next, card, &review, rating, to_state);
            }
            State::Review => {
                let r = self.forgetting_curve(review.elapsed, s);
                if rating == Rating::Again {
                    (next.difficulty, next.stability) =
                        self.next_memory(d, s, review.elapsed, rating, Some(r));
                    self.apply_learning_steps(&mut next, card, &review, rating, State::Relearning);
                    next.lapses = next.lapses.saturating_add(1);
                } else {
                    // Hard, Good and Easy intervals constrain each other, so all three are needed.
                    let memory = |g: Rating| self.next_memory(d, s, review.elapsed, g, Some(r));
                    let hard = memory(Rating::Hard);
                    let good = memory(Rating::Good);
                    let easy = memory(Rating::Easy);
                    let mut hard_ivl = self.next_interval(hard.1, &review);
                    let mut good_ivl = self.next_interval(good.1, &review);
                    hard_ivl = hard_ivl.min(good_ivl);
                    good_ivl = good_ivl.max(hard_ivl + 1.0);
                    let easy_ivl = self.next_interval(easy.1, &review).max(good_ivl + 1.0);
                    let ((nd, ns), ivl) = match rating {
                        Rating::Hard => (hard, hard_ivl),
                        Rating::Easy => (easy, easy_ivl),
                        _ => (good, good_ivl),
                    };
                    next.difficulty = nd;
                    next.stability = ns;
                    next.state = State::Review;
                    next.learning_steps = 0;
                    next.scheduled_days = to_u32(ivl);
                    next.due = add_days(now, ivl);
                }
            }
        }
        next
    }

    /// `BasicScheduler.applyLearningSteps`: a (re)learning step in minutes, or graduation.
    fn apply_learning_steps(
        &self,
        next: &mut CardState,
        current: &CardState,
        review: &Review,
        rating: Rating,
        to_state: State,
    ) {
        let (minutes, next_step) = learning_step(current.state, current.learning_steps, rating);
        if minutes > 0.0 && minutes < MINUTES_PER_DAY {
            next.learning_steps = next_step;
            next.scheduled_days = 0;
            next.state = to_state;
            next.due = add_minutes(review.now, minutes);
        } else {
            next.state = State::Review;
            if minutes >= MINUTES_PER_DAY {
                // Unreachable with the app's minute-long steps; kept for fidelity.
                next.learning_steps = next_step;
                next.due = add_minutes(review.now, minutes);
                next.scheduled_days = to_u32((minutes / MINUTES_PER_DAY).floor());
            } else {
                next.learning_steps = 0;
                let ivl = self.next_interval(next.stability, review);
                next.scheduled_days = to_u32(ivl);
                next.due = add_days(review.now, ivl);
            }
        }
    }

    /// `next_interval` followed by `apply_fuzz`, in whole days (as f64).
    fn next_interval(&self, stability: f64, review: &Review) -> f64 {
        let max = f64::from(MAXIMUM_INTERVAL);
        let ivl = js_round(stability * self.interval_modifier)
            .max(1.0)
            .min(max);
        if ivl < 2.5 {
            return js_round(ivl);
        }
        let (min_ivl, max_ivl) = fuzz_range(ivl, review.elapsed, max);
        (review.fuzz * (max_ivl - min_ivl + 1.0) + min_ivl).floor()
    }

    /// Retrievability after `t` days at stability `s` (`forgetting_curve`).
    fn forgetting_curve(&self, t: f64, s: f64) -> f64 {
        round8((1.0 + self.factor * t / s).powf(self.decay))
    }

    /// `FSRSAlgorithm.next_state`: (difficulty, stability) after a review `t` days after the last.
    fn next_memory(&self, d: f64, s: f64, t: f64, g: Rating, r: Option<f64>) -> (f64, f64) {
        let w = &self.w;
        if d == 0.0 && s == 0.0 {
            return (
                clamp(init_difficulty(w, g.grade()), 1.0, 10.0),
                w[g as usize - 1].max(0.1),
            );
        }
        let r = r.unwrap_or_else(|| self.forgetting_curve(t, s));
        let new_s = if t == 0.0 {
            short_term_stability(w, s, g)
        } else if g == Rating::Again {
            let after_fail = forget_stability(w, d, s, r);
            let next_s_min = s / exp(w[17] * w[18]);
            clamp(round8(next_s_min), S_MIN, after_fail)
        } else {
            recall_stability(w, d, s, r, g)
        };
        (next_difficulty(w, d, g.grade()), new_s)
    }
}

/// Valid ts-fsrs cards pass unchanged; anything else is made usable rather than rejected.
fn sanitize_memory(d: f64, s: f64) -> (f64, f64) {
    if !d.is_finite() || !s.is_finite() || (d == 0.0 && s == 0.0) {
        return (0.0, 0.0);
    }
    (d.clamp(1.0, 10.0), s.clamp(S_MIN, S_MAX))
}

/// `BasicLearningStepsStrategy`: (scheduled minutes, next step index); 0 minutes = graduate.
fn learning_step(state: State, cur_step: u32, rating: Rating) -> (f64, u32) {
    let steps = match state {
        State::Relearning | State::Review => RELEARNING_STEPS_MINUTES,
        State::New | State::Learning => LEARNING_STEPS_MINUTES,
    };
    let cur = cur_step as usize;
    let Some(&step) = steps.get(cur) else {
        return (0.0, 0);
    };
    if state == State::Review {
        return match rating {
            Rating::Again => (step, 0),
            _ => (0.0, 0),
        };
    }
    match rating {
        Rating::Again => (steps[0], 0),
        Rating::Hard => {
            let minutes = match steps.get(1) {
                None => js_round(steps[0] * 1.5),
                Some(&second) => js_round((steps[0] + second) / 2.0),
            };
            (minutes, cur_step)
        }
        Rating::Good => match steps.get(cur + 1) {
            Some(&m) if m != 0.0 => (js_round(m), cur_step + 1),
            _ => (0.0, 0),
        },
        Rating::Easy => (0.0, 0),
    }
}

/// `get_fuzz_range`: the inclusive range the fuzzed interval is drawn from.
fn fuzz_range(interval: f64, elapsed: f64, maximum: f64) -> (f64, f64) {
    let mut delta = 1.0;
    for (start, end, factor) in FUZZ_RANGES {
        delta += factor * (interval.min(end) - start).max(0.0);
    }
    let interval = interval.min(maximum);
    let mut min_ivl = js_round(interval - delta).max(2.0);
    let max_ivl = js_round(interval + delta).min(maximum);
    if interval > elapsed {
        min_ivl = min_ivl.max(elapsed + 1.0);
    }
    (min_ivl.min(max_ivl), max_ivl)
}

fn init_difficulty(w: &Weights, g: f64) -> f64 {
    round8(w[4] - exp((g - 1.0) * w[5]) + 1.0)
}

fn next_difficulty(w: &Weights, d: f64, g: f64) -> f64 {
    let delta_d = -w[6] * (g - 3.0);
    // linear_damping
    let next_d = d + round8(delta_d * (10.0 - d) / 9.0);
    // mean_reversion towards D0(Easy)
    let reverted = round8(w[7] * init_difficulty(w, 4.0) + (1.0 - w[7]) * next_d);
    clamp(reverted, 1.0, 10.0)
}

fn recall_stability(w: &Weights, d: f64, s: f64, r: f64, g: Rating) -> f64 {
    let hard_penalty = if g == Rating::Hard { w[15] } else { 1.0 };
    let easy_bound = if g == Rating::Easy { w[16] } else { 1.0 };
    round8(clamp(
        s * (1.0
            + exp(w[8])
                * (11.0 - d)
                * s.powf(-w[9])
                * (exp((1.0 - r) * w[10]) - 1.0)
                * hard_penalty
                * easy_bound),
        S_MIN,
        S_MAX,
    ))
}

fn forget_stability(w: &Weights, d: f64, s: f64, r: f64) -> f64 {
    round8(clamp(
        w[11] * d.powf(-w[12]) * ((s + 1.0).powf(w[13]) - 1.0) * exp((1.0 - r) * w[14]),
        S_MIN,
        S_MAX,
    ))
}

fn short_term_stability(w: &Weights, s: f64, g: Rating) -> f64 {
    let sinc = s.powf(-w[19]) * exp(w[17] * (g.grade() - 3.0 + w[18]));
    let masked = if g == Rating::Again {
        sinc
    } else {
        sinc.max(1.0)
    };
    round8(clamp(s * masked, S_MIN, S_MAX))
}

/// ts-fsrs's `CLAMP_PARAMETERS` for the app's settings (one relearning step, short-term on): the
/// bounds fsrs-rs's optimiser also keeps to, so a fitted set passes unchanged.
pub const WEIGHT_BOUNDS: [(f64, f64); 21] = [
    (S_MIN, 100.0),
    (S_MIN, 100.0),
    (S_MIN, 100.0),
    (S_MIN, 100.0),
    (1.0, 10.0),
    (0.001, 4.0),
    (0.001, 4.0),
    (0.001, 0.75),
    (0.0, 4.5),
    (0.0, 0.8),
    (0.001, 3.5),
    (0.001, 5.0),
    (0.001, 0.25),
    (0.001, 0.9),
    (0.0, 4.0),
    (0.0, 1.0),
    (1.0, 6.0),
    (0.0, 2.0),
    (0.0, 2.0),
    (0.01, 0.8),
    (0.1, 0.8),
];

/// ts-fsrs's `clipParameters`: each weight clamped to its bound; NaN becomes the lower bound,
/// as `clamp(w || 0, lo, hi)` makes it in JavaScript.
pub fn clip_weights(weights: &Weights) -> Weights {
    let mut out = *weights;
    for (w, (lo, hi)) in out.iter_mut().zip(WEIGHT_BOUNDS) {
        let v = if w.is_nan() { 0.0 } else { *w };
        *w = clamp(v, lo, hi);
    }
    out
}

/// Weights as stored (any length) for scheduling: exactly 21 finite numbers, clipped; anything
/// else is the defaults (ts-fsrs falls back to them for a set of another length, too).
pub fn weights_or_default(weights: &[f64]) -> Weights {
    match <Weights>::try_from(weights) {
        Ok(w) if w.iter().all(|v| v.is_finite()) => clip_weights(&w),
        _ => DEFAULT_WEIGHTS,
    }
}

/// One review as replayed: (reviewed_at ms, rating, desired retention used for that review).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplayStep {
    /// Review time (ms).
    pub reviewed_at: i64,
    /// The answer given.
    pub rating: Rating,
    /// Desired retention in effect for this review.
    pub desired_retention: f64,
}

/// Rebuild a card from its reviews, already sorted by (reviewed_at, id), every one with
/// `weights` (the learner's current ones: a new fit reschedules the whole log, as Anki does).
/// The empty card is created at the first review's time.
pub fn replay(weights: &Weights, steps: &[ReplayStep]) -> Option<CardState> {
    let first = steps.first()?;
    let mut card = CardState::new(first.reviewed_at);
    let mut scheduler = Scheduler::with_weights(weights, first.desired_retention);
    for step in steps {
        // Bitwise compare: rebuild only when the retention actually changes.
        if step.desired_retention.to_bits() != scheduler.desired_retention.to_bits() {
            scheduler = Scheduler::with_weights(weights, step.desired_retention);
        }
        card = scheduler.next(&card, step.reviewed_at, step.rating);
    }
    Some(card)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2024-03-10T12:00:00Z
    const T0: i64 = 1_710_072_000_000;

    fn review(card: &CardState, at: i64, rating: Rating) -> CardState {
        Scheduler::new(DEFAULT_RETENTION).next(card, at, rating)
    }

    #[test]
    fn first_review_good_goes_to_second_learning_step() {
        let c = review(&CardState::new(T0), T0, Rating::Good);
        assert_eq!(c.state, State::Learning);
        assert_eq!(c.due, T0 + 10 * MINUTE_MS);
        assert_eq!(c.learning_steps, 1);
        assert_eq!(
            (c.reps, c.lapses, c.scheduled_days, c.elapsed_days),
            (1, 0, 0, 0)
        );
        assert_eq!(c.stability, 2.3065); // w[2]
                                         // w4 - e^(2*w5) + 1, rounded to 8 decimals
        assert_eq!(c.difficulty, 2.118_103_97);
        assert_eq!(c.last_review, Some(T0));
    }

    #[test]
    fn first_review_again_hard_easy() {
        let again = review(&CardState::new(T0), T0, Rating::Again);
        assert_eq!((again.state, again.learning_steps), (State::Learning, 0));
        assert_eq!(again.due, T0 + MINUTE_MS);
        assert_eq!(again.stability, 0.212);
        assert_eq!(again.difficulty, 6.4133);

        // Hard: halfway between 1m and 10m, rounded up.
        let hard = review(&CardState::new(T0), T0, Rating::Hard);
        assert_eq!((hard.state, hard.learning_steps), (State::Learning, 0));
        assert_eq!(hard.due, T0 + 6 * MINUTE_MS);

        // Easy graduates at once: S = w[3] = 8.2956 days at R = 0.9 gives 8 days,
        // fuzzed within [6, 10].
        let easy = review(&CardState::new(T0), T0, Rating::Easy);
        assert_eq!((easy.state, easy.learning_steps), (State::Review, 0));
        assert!((6..=10).contains(&easy.scheduled_days));
        assert_eq!(easy.due, T0 + i64::from(easy.scheduled_days) * DAY_MS);
    }

    #[test]
    fn good_twice_graduates_and_again_relearns() {
        let c = review(&CardState::new(T0), T0, Rating::Good);
        let c = review(&c, c.due, Rating::Good);
        assert_eq!((c.state, c.learning_steps, c.reps), (State::Review, 0, 2));
        assert!(c.scheduled_days >= 1);
        let later = c.due + DAY_MS;
        let r = review(&c, later, Rating::Again);
        assert_eq!(
            (r.state, r.learning_steps, r.lapses),
            (State::Relearning, 0, 1)
        );
        assert_eq!(r.due, later + 10 * MINUTE_MS);
        assert_eq!(r.scheduled_days, 0);
        // Relearning Hard: 1.5 × the single 10m step.
        let h = review(&r, r.due, Rating::Hard);
        assert_eq!(
            (h.state, h.due),
            (State::Relearning, r.due + 15 * MINUTE_MS)
        );
    }

    #[test]
    fn elapsed_days_counts_utc_calendar_days() {
        let late = 1_710_114_600_000; // 2024-03-10T23:50:00Z
        let c = review(&CardState::new(late), late, Rating::Good);
        let c = review(&c, late + 20 * MINUTE_MS, Rating::Good); // 00:10 next day
        assert_eq!(c.elapsed_days, 1);
    }

    #[test]
    fn earlier_review_on_an_earlier_day_counts_as_same_day() {
        let c = review(&CardState::new(T0), T0, Rating::Good);
        let c = review(&c, T0 - 3 * DAY_MS, Rating::Good);
        assert_eq!(c.elapsed_days, 0);
        assert_eq!(c.last_review, Some(T0 - 3 * DAY_MS));
    }

    #[test]
    fn invalid_retention_falls_back_to_default() {
        for r in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY] {
            assert_eq!(Scheduler::new(r).desired_retention(), DEFAULT_RETENTION);
        }
        assert_eq!(Scheduler::new(1.0).desired_retention(), 1.0);
    }

    #[test]
    fn extreme_inputs_do_not_panic() {
        let s = Scheduler::new(0.7);
        let mut weird = CardState::new(i64::MAX);
        weird.state = State::Review;
        weird.stability = f64::NAN;
        weird.last_review = Some(i64::MIN);
        weird.learning_steps = u32::MAX;
        weird.reps = u32::MAX;
        for g in [Rating::Again, Rating::Hard, Rating::Good, Rating::Easy] {
            for st in [
                State::New,
                State::Learning,
                State::Review,
                State::Relearning,
            ] {
                weird.state = st;
                let _ = s.next(&weird, i64::MAX, g);
                let _ = s.next(&weird, i64::MIN, g);
            }
        }
    }

    #[test]
    fn replay_of_nothing_is_none() {
        assert_eq!(replay(&DEFAULT_WEIGHTS, &[]), None);
    }

    #[test]
    fn replay_equals_successive_next_calls() {
        let steps = [
            (T0, Rating::Good, 0.9),
            (T0 + 10 * MINUTE_MS, Rating::Good, 0.8),
            (T0 + 5 * DAY_MS, Rating::Again, 0.95),
            (T0 + 5 * DAY_MS + 11 * MINUTE_MS, Rating::Good, 0.95),
        ]
        .map(|(reviewed_at, rating, desired_retention)| ReplayStep {
            reviewed_at,
            rating,
            desired_retention,
        });
        let mut card = CardState::new(T0);
        for s in &steps {
            card = Scheduler::new(s.desired_retention).next(&card, s.reviewed_at, s.rating);
        }
        assert_eq!(replay(&DEFAULT_WEIGHTS, &steps), Some(card));
    }

    #[test]
    fn from_u8_round_trips() {
        for v in 0..=3 {
            assert_eq!(State::from_u8(v).map(|s| s as u8), Some(v));
        }
        assert_eq!(State::from_u8(4), None);
        for v in 1..=4 {
            assert_eq!(Rating::from_u8(v).map(|r| r as u8), Some(v));
        }
        assert_eq!(Rating::from_u8(0), None);
        assert_eq!(Rating::from_u8(5), None);
    }

    /// A step ts-fsrs 5.4.2 took under Node 20 (tools/fsrs-golden with `FSRS_GOLDEN_SEED=3
    /// FSRS_GOLDEN_LOGS=4000`: set fitted-4, log 603, step 11): `Math.exp(w[8])` is
    /// 11.686098815688368 there and glibc's exp ...37, so the recall stability before rounding,
    /// 1830092327197.4995e-8 against ...197.5e-8, rounded the other way.
    #[test]
    fn exp_rounds_as_v8_does() {
        assert_eq!(exp(2.4584), 11.686_098_815_688_368);
        let w = [
            0.1146, 0.8491, 0.8491, 9.5764, 6.1105, 1.1573, 2.8143, 0.1972, 2.4584, 0.0705, 1.3407,
            1.5395, 0.0522, 0.3685, 1.7128, 0.7365, 2.3493, 0.5313, 0.1453, 0.0658, 0.3181,
        ];
        let card = CardState {
            due: 1_972_521_006_937,
            stability: 1_606.672_877_88,
            difficulty: 1.0,
            elapsed_days: 0,
            scheduled_days: 1687,
            learning_steps: 0,
            reps: 11,
            lapses: 2,
            state: State::Review,
            last_review: Some(1_826_764_206_937),
        };
        let next = Scheduler::with_weights(&w, 0.9).next(&card, 1_972_530_187_391, Rating::Good);
        assert_eq!(next.stability, 18_300.923_271_97);
        assert_eq!((next.scheduled_days, next.due), (18_883, 3_604_021_387_391));
    }
}
