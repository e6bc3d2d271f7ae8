#!/usr/bin/env bash
# `make bench`, identity part: sign-in latency p50 and sign-ins/s over HTTP on loopback (argon2id
# m=19456 KiB, t=2, p=1 bound), and the per-request cost of checking an ID token (target ≤ 50 µs).
# BENCH_IDENTITY_SECS=10 sets the length of the throughput run. Prints figures, never fails on them.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "=== Identity ==="
cargo run -q --release -p writeit-server --example identity_bench 2>/dev/null
