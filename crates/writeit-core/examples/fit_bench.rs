//! Issue 27's optimiser figures (`bench/fit.sh`, part of `make bench`):
//! `fit_bench time N`: how long a fit of N simulated reviews takes, and the process's peak memory;
//! `fit_bench learners`: 100 simulated learners (1,000 to 5,000 reviews each), the weights fitted
//! on the first 80% of each log against the defaults and the true weights on the last 20%.

use std::time::Instant;

use writeit_core::fit::simulate::{held_out, learner};
use writeit_core::fit::workload::outlook;
use writeit_core::fit::{default_weights, evaluate, fit_items, items};
use writeit_core::fsrs::weights_or_default;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("time") => time(args.get(1).and_then(|n| n.parse().ok()).expect("time N")),
        Some("learners") => learners(),
        Some("threshold") => threshold(),
        _ => panic!("usage: fit_bench time N | learners | threshold"),
    }
}

fn time(reviews: usize) {
    let log = learner(1).with_history(reviews).log;
    let start = Instant::now();
    let items = items(&log);
    let count = items.items.len();
    let fit = fit_items(items).expect("fit");
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "fit of {reviews} reviews ({count} items): {ms:.0} ms, fitted {}, log loss {:.4} -> {:.4}, peak RSS {} MiB",
        fit.fitted,
        fit.defaults.log_loss,
        fit.chosen.log_loss,
        peak_kib() / 1024
    );
    let now = log.iter().map(|r| r.reviewed_at).max().unwrap_or(0) + 86_400_000;
    let start = Instant::now();
    let outlook = outlook(&log, &weights_or_default(&fit.weights), now);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "workload of {reviews} reviews ({} retentions simulated a year): {ms:.0} ms, recommended retention {:?}, peak RSS {} MiB",
        outlook.workload.len(),
        outlook.recommended_retention,
        peak_kib() / 1024
    );
}

fn learners() {
    let (mut better, mut true_better, mut n) = (0, 0, 0);
    let (mut sum_d, mut sum_f, mut sum_t) = (0.0, 0.0, 0.0);
    let mut errors = Vec::new();
    for seed in 0..100u64 {
        let reviews = 1_000 + (seed as usize * 4_000) / 99;
        let l = learner(1_000 + seed).with_history(reviews);
        let truth: Vec<f64> = l.weights.iter().map(|&w| f64::from(w)).collect();
        let (train, test) = held_out(items(&l.log), 0.8);
        let fit = fit_items(train).expect("fit");
        let d = evaluate(&default_weights(), test.items.clone())
            .expect("eval")
            .log_loss;
        let f = evaluate(&fit.weights, test.items.clone())
            .expect("eval")
            .log_loss;
        let t = evaluate(&truth, test.items).expect("eval").log_loss;
        n += 1;
        better += usize::from(f < d);
        true_better += usize::from(t < d);
        (sum_d, sum_f, sum_t) = (sum_d + d, sum_f + f, sum_t + t);
        // The error of each fitted weight against the true one, as a ratio (|ln(fit/true)|) for
        // the four initial stabilities, which a log of this size pins down best.
        for (f, t) in fit.weights.iter().zip(&truth).take(4) {
            errors.push((f / t).ln().abs());
        }
    }
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    let p90 = errors[errors.len() * 9 / 10];
    println!(
        "held-out log loss over {n} learners: fitted lower than defaults for {better} (the true weights for {true_better}); mean defaults {:.4}, fitted {:.4}, true {:.4}",
        sum_d / n as f64,
        sum_f / n as f64,
        sum_t / n as f64
    );
    println!(
        "initial stabilities w0..w3, fitted/true: median factor {:.2}, 90th percentile {:.2}",
        median.exp(),
        p90.exp()
    );
}

/// Where fitting starts to pay: for logs of each length, 100 learners' weights fitted (kept only
/// when they beat the defaults on the log, as the server keeps them) on the first 80%, scored on
/// the last 20% against the defaults. Below the threshold a fit is as often worse as better.
fn threshold() {
    const LEARNERS: u64 = 100;
    for reviews in [200, 400, 600, 800, 1_600] {
        let (mut better, mut worse, mut kept, mut gain) = (0, 0, 0, 0.0);
        for seed in 0..LEARNERS {
            let l = learner(2_000 + seed).with_history(reviews);
            let (train, test) = held_out(items(&l.log), 0.8);
            let Ok(fit) = fit_items(train) else { continue };
            kept += usize::from(fit.fitted);
            if test.items.is_empty() {
                continue;
            }
            let d = evaluate(&default_weights(), test.items.clone())
                .expect("eval")
                .log_loss;
            let f = evaluate(&fit.weights, test.items).expect("eval").log_loss;
            better += usize::from(f < d - 1e-9);
            worse += usize::from(f > d + 1e-9);
            gain += d - f;
        }
        println!(
            "{reviews:>5} reviews: fit kept for {kept}/{LEARNERS}; held-out log loss better than defaults for {better}, worse for {worse}; mean gain {:.4}",
            gain / LEARNERS as f64
        );
    }
}

/// The process's peak resident memory (KiB), from /proc (0 where there is none).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
