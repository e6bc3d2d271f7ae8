#!/usr/bin/env bash
# Issue 27's optimiser figures: fit time and peak memory for 1,000, 10,000 and 100,000 simulated
# reviews (each in a process of its own, so the peak is that fit's), then 100 simulated learners'
# held-out log loss, defaults against fitted, and the same by log length (where the background
# fitter's threshold comes from) (crates/writeit-core/examples/fit_bench.rs). `time` also times
# the workload outlook (a year simulated for each desired retention) on that log.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p writeit-core --example fit_bench
cargo build -q --release -p writeit-server --example fit_server_bench
bin=target/release/examples/fit_bench
printf '\n=== FSRS fit ===\n'
for n in 1000 10000 100000; do "$bin" time "$n"; done
"$bin" learners
"$bin" threshold
# The same through the server: the log saved review by review, then the fitter's whole job.
for n in 1000 10000 100000; do target/release/examples/fit_server_bench "$n"; done
