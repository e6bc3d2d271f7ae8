//! Golden vectors from the real ts-fsrs (tools/fsrs-golden/generate.mjs): every step of
//! every log must match the Rust port exactly, stability and difficulty to 1e-9.

use serde::Deserialize;
use writeit_core::fsrs::{
    replay, CardState, Rating, ReplayStep, Scheduler, State, DEFAULT_WEIGHTS, MAXIMUM_INTERVAL,
};

const GOLDEN: &str = include_str!("data/fsrs_golden.json");

#[derive(Deserialize)]
struct Golden {
    ts_fsrs_version: String,
    settings: Settings,
    w: Vec<f64>,
    logs: Vec<Log>,
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
        (got.stability - want.stability).abs() <= 1e-9,
        "stability {} != {}, {ctx}",
        got.stability,
        want.stability
    );
    assert!(
        (got.difficulty - want.difficulty).abs() <= 1e-9,
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
    assert_eq!(g.w, DEFAULT_WEIGHTS.to_vec());
    assert_eq!(g.settings.learning_steps, ["1m", "10m"]);
    assert_eq!(g.settings.relearning_steps, ["10m"]);
    assert!(g.settings.enable_fuzz);
    assert!(g.settings.enable_short_term);
    assert_eq!(g.settings.maximum_interval, MAXIMUM_INTERVAL);
    assert!(g.logs.len() >= 100);
}

#[test]
fn every_step_matches_ts_fsrs() {
    let g = golden();
    let mut checked = 0;
    for (i, log) in g.logs.iter().enumerate() {
        let steps = replay_steps(log);
        let mut card = CardState::new(steps[0].reviewed_at);
        for (j, (step, want)) in steps.iter().zip(&log.steps).enumerate() {
            card =
                Scheduler::new(step.desired_retention).next(&card, step.reviewed_at, step.rating);
            assert_card(&card, &want.card, &format!("log {i} step {j}"));
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} steps");
}

#[test]
fn replay_matches_ts_fsrs_final_cards() {
    let g = golden();
    for (i, log) in g.logs.iter().enumerate() {
        let steps = replay_steps(log);
        let card = replay(&DEFAULT_WEIGHTS, &steps).expect("non-empty log");
        let want = &log.steps.last().expect("non-empty log").card;
        assert_card(&card, want, &format!("log {i} (replay)"));
    }
}
