//! Golden vectors from the real ts-fsrs (tools/fsrs-golden/generate.mjs): every step of every
//! log of every weight set must match the Rust port exactly, stability and difficulty to the bit,
//! and the port must clip each set's weights as ts-fsrs did.

use serde::Deserialize;
use writeit_core::fsrs::{
    clip_weights, replay, weights_or_default, CardState, Rating, ReplayStep, Scheduler, State,
    Weights, DEFAULT_WEIGHTS, MAXIMUM_INTERVAL,
};

const GOLDEN: &str = include_str!("data/fsrs_golden.json");

/// Simulated learners (`fit::simulate::learner`) whose fitted weights are golden sets.

#[derive(Deserialize)]
struct Golden {
    ts_fsrs_version: String,
    settings: Settings,
    sets: Vec<WeightSet>,
}

/// One weight set and the logs ts-fsrs scheduled with it.
#[derive(Deserialize)]
struct WeightSet {
    name: String,
    /// The weights given to ts-fsrs; none: its defaults.
    w: Option<Vec<f64>>,
    /// The weights ts-fsrs scheduled with, after its clipping.
    used_w: Vec<f64>,
    logs: Vec<Log>,
}

impl WeightSet {
    /// The weights as the port takes them (unclipped: `Scheduler::with_weights` clips).
    fn weights(&self) -> Weights {
        self.w.as_deref().map_or(DEFAULT_WEIGHTS, |w| {
            Weights::try_from(w).unwrap_or_else(|_| panic!("{}: 21 weights", self.name))
        })
    }
}

#[derive(Deserialize)]
struct Settings {
    learning_steps: Vec<String>,
    relearning_steps: Vec<String>,
    enable_fuzz: bool,
    enable_short_term: bool,
    maximum_interval: u32,
}

#[derive(Deserialize)]
struct Log {
    steps: Vec<Step>,
}

#[derive(Deserialize)]
struct Step {
    reviewed_at: i64,
    rating: u8,
    desired_retention: f64,
    card: Card,
}

#[derive(Deserialize)]
struct Card {
    due: i64,
    stability: f64,
    difficulty: f64,
    elapsed_days: u32,
    scheduled_days: u32,
    learning_steps: u32,
    reps: u32,
    lapses: u32,
    state: u8,
    last_review: Option<i64>,
}

fn golden() -> Golden {
    serde_json::from_str(GOLDEN).expect("fsrs_golden.json parses")
}

fn assert_card(got: &CardState, want: &Card, ctx: &str) {
    assert_eq!(got.due, want.due, "due, {ctx}");
    assert_eq!(Some(got.state), State::from_u8(want.state), "state, {ctx}");
    assert_eq!(got.reps, want.reps, "reps, {ctx}");
    assert_eq!(got.lapses, want.lapses, "lapses, {ctx}");
    assert_eq!(got.elapsed_days, want.elapsed_days, "elapsed_days, {ctx}");
    assert_eq!(
        got.scheduled_days, want.scheduled_days,
        "scheduled_days, {ctx}"
    );
    assert_eq!(
        got.learning_steps, want.learning_steps,
        "learning_steps, {ctx}"
    );
    assert_eq!(got.last_review, want.last_review, "last_review, {ctx}");
    assert!(
        got.stability.to_bits() == want.stability.to_bits(),
        "stability {} != {}, {ctx}",
        got.stability,
        want.stability
    );
    assert!(
        got.difficulty.to_bits() == want.difficulty.to_bits(),
        "difficulty {} != {}, {ctx}",
        got.difficulty,
        want.difficulty
    );
}

fn replay_steps(log: &Log) -> Vec<ReplayStep> {
    log.steps
        .iter()
        .map(|s| ReplayStep {
            reviewed_at: s.reviewed_at,
            rating: Rating::from_u8(s.rating).expect("rating 1-4"),
            desired_retention: s.desired_retention,
        })
        .collect()
}

#[test]
fn golden_file_matches_the_ports_settings() {
    let g = golden();
    assert!(g.ts_fsrs_version.starts_with("5."), "{}", g.ts_fsrs_version);
    assert_eq!(g.settings.learning_steps, ["1m", "10m"]);
    assert_eq!(g.settings.relearning_steps, ["10m"]);
    assert!(g.settings.enable_fuzz);
    assert!(g.settings.enable_short_term);
    assert_eq!(g.settings.maximum_interval, MAXIMUM_INTERVAL);
    let defaults = &g.sets[0];
    assert!(defaults.w.is_none(), "the first set is ts-fsrs's defaults");
    assert_eq!(defaults.used_w, DEFAULT_WEIGHTS.to_vec());
    assert!(defaults.logs.len() >= 100);
    assert!(g.sets.len() >= 10, "{} weight sets", g.sets.len());
}

#[test]
fn weights_are_clipped_as_ts_fsrs_clips_them() {
    for set in golden().sets {
        let want = Weights::try_from(set.used_w.as_slice()).expect("21 weights used");
        // Bitwise: clipping only ever picks the weight or a bound.
        let bits = |w: &Weights| w.map(f64::to_bits);
        assert_eq!(
            bits(&clip_weights(&set.weights())),
            bits(&want),
            "{}",
            set.name
        );
        let stored = set.w.as_deref().unwrap_or(&DEFAULT_WEIGHTS);
        assert_eq!(
            bits(&weights_or_default(stored)),
            bits(&want),
            "{}",
            set.name
        );
    }
}

#[test]
fn every_step_of_every_set_matches_ts_fsrs() {
    let mut checked = 0;
    for set in golden().sets {
        let w = set.weights();
        for (i, log) in set.logs.iter().enumerate() {
            let steps = replay_steps(log);
            let mut card = CardState::new(steps[0].reviewed_at);
            for (j, (step, want)) in steps.iter().zip(&log.steps).enumerate() {
                let scheduler = Scheduler::with_weights(&w, step.desired_retention);
                card = scheduler.next(&card, step.reviewed_at, step.rating);
                assert_card(&card, &want.card, &format!("{} log {i} step {j}", set.name));
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "only {checked} steps");
}

#[test]
fn replay_of_every_set_matches_ts_fsrs_final_cards() {
    for set in golden().sets {
        let w = set.weights();
        for (i, log) in set.logs.iter().enumerate() {
            let card = replay(&w, &replay_steps(log)).expect("non-empty log");
            let want = &log.steps.last().expect("non-empty log").card;
            assert_card(&card, want, &format!("{} log {i} (replay)", set.name));
        }
    }
}
