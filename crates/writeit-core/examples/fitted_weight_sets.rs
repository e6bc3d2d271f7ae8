//! Prints weight sets fitted by writeit-core's own optimiser on simulated learners, for the
//! `FITTED` sets of tools/fsrs-golden/generate.mjs: golden vectors for weights a real fit makes.
//! `cargo run -p writeit-core --example fitted_weight_sets`
//!
//! The committed sets were printed while the fit trained 5 epochs; it trains 8 now, so a new run
//! prints other numbers. Any fitted set serves: the vectors hold the port to ts-fsrs for them.

use writeit_core::fit::{fit, simulate::learner};

const SEEDS: [u64; 4] = [1, 2, 3, 4];
const REVIEWS: usize = 5_000;

fn main() {
    for seed in SEEDS {
        let learner = learner(seed).with_history(REVIEWS);
        let fit = fit(&learner.log).expect("a simulated log fits");
        if !fit.fitted {
            eprintln!("learner {seed}: the fit did not beat the defaults; skipped");
            continue;
        }
        println!("// learner {seed}, {REVIEWS} reviews, {} items", fit.items);
        println!("{:?},", fit.weights);
    }
}
