//! The server's side of a fit (`bench/fit.sh`): a learner's simulated log of N reviews saved
//! through the store (each review rebuilding its card, as `saveUserReview` does), then one
//! `optimizeUserParameters` through the server's fitter: read the log, fit, simulate the workload,
//! save the row and reschedule every card. Prints the time of each part and the process's peak
//! memory while fitting, above what it held before (VmHWM reset through /proc/self/clear_refs).
//! With FIT_PHASES set, first the three parts alone: reading the log, fitting, saving.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use writeit_core::card::card_id;
use writeit_core::entity::{CardKind, Entry, UserReview};
use writeit_core::fit::simulate::learner;
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

    let log = learner(1).with_history(n).log;
    let shift = writeit_server::clock::now_ms()
        - 86_400_000
        - log.iter().map(|r| r.reviewed_at).max().unwrap();
    let mut entries: HashMap<String, String> = HashMap::new();
    for r in &log {
        let next = entries.len();
        entries
            .entry(r.entry_id.clone())
            .or_insert_with(|| format!("0190a4b2-7c1e-7d3a-9b2f-{next:012x}"));
    }
    let rows: Vec<Entry> = entries
        .values()
        .map(|id| Entry {
            id: id.clone(),
            language_code: "ko".into(),
            text: format!("낱말 {id}"),
            reading: String::new(),
            meanings: vec![],
            notes: String::new(),
            examples: vec![],
            audio_url: None,
            updated_at: 0,
            deleted: false,
        })
        .collect();
    for chunk in rows.chunks(5_000) {
        store.save_entries(chunk.to_vec(), &|_| true).await.unwrap();
    }
    let started = Instant::now();
    for (i, r) in log.into_iter().enumerate() {
        let entry = entries[&r.entry_id].clone();
        let review = UserReview {
            id: format!("0190a4b3-0000-7000-8000-{i:012x}"),
            card_id: card_id(&entry, CardKind::Reading),
            entry_id: entry,
            reviewed_at: r.reviewed_at + shift,
            ..r
        };
        store.save_user_review("learner", &review).await.unwrap();
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
        entries.len(),
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
