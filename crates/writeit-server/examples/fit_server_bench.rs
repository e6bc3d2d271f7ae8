//! The server's side of a fit (`bench/fit.sh`): a learner's simulated log of N reviews saved
//! through the store (each review rebuilding its card, as `saveUserReview` does), then one
//! `optimizeUserParameters` through the server's fitter: read the log, fit, simulate the workload,
//! save the row and reschedule every card. Prints the time of each part and the process's peak
//! memory while fitting, above what it held before (VmHWM reset through /proc/self/clear_refs).
//! With FIT_PHASES set, first the three parts alone: reading the log, fitting, saving.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use writeit_server::fitter::Fitter;

#[tokio::main]
async fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: fit_server_bench N");
    let dir = std::env::temp_dir().join(format!("writeit-fitbench-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    writeit_server::seed::seed(
        &*store,
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter"),
    )
    .await
    .unwrap();

    let log = writeit_server::testing::simulated_log(&*store, 1, n).await;
    let cards = log
        .iter()
        .map(|r| r.card_id.as_str())
        .collect::<HashSet<_>>()
        .len();
    let started = Instant::now();
    for review in &log {
        store.save_user_review("learner", review).await.unwrap();
    }
    let saving = started.elapsed();

    if std::env::var_os("FIT_PHASES").is_some() {
        let b = reset_peak();
        let log = store.fit_log("learner").await.unwrap();
        println!(
            "read log: peak +{} MiB",
            peak_kib().saturating_sub(b) / 1024
        );
        let b = reset_peak();
        let row = writeit_core::fit::parameters::parameters(
            "learner",
            log,
            writeit_server::clock::now_ms(),
        );
        println!(
            "parameters: peak +{} MiB",
            peak_kib().saturating_sub(b) / 1024
        );
        let b = reset_peak();
        store.save_user_parameters("learner", &row).await.unwrap();
        println!(
            "save+reschedule: peak +{} MiB",
            peak_kib().saturating_sub(b) / 1024
        );
    }
    let before = reset_peak();
    let fitter = Fitter::start(store.clone(), Duration::ZERO);
    let started = Instant::now();
    let row = fitter.fit_now("learner").await.unwrap();
    let fitting = started.elapsed();
    let peak = peak_kib();
    println!(
        "server fit of {n} reviews ({} cards): {} ms (fit, workload, save and reschedule), fitted {}, peak memory {} MiB over the {} MiB held before (saving the log took {:.1} s)",
        cards,
        fitting.as_millis(),
        row.fitted,
        peak.saturating_sub(before) / 1024,
        before / 1024,
        saving.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Resets the peak to what the process holds now; answers that (KiB).
fn reset_peak() -> u64 {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    status_kib("VmRSS:")
}

fn peak_kib() -> u64 {
    status_kib("VmHWM:")
}

fn status_kib(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
