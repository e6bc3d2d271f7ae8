#!/usr/bin/env bash
# `make bench`, admission control (issue 36): under a 10,000-connection flood, the server's RSS and
# a signed-in learner's p95 of getServerTime and a batched delta sync, alone and under the flood
# (targets: RSS <= 200 MiB, p95 <= 250 ms); and a real user's sign-ins during a wrong-password
# flood from 48 addresses (target: all within 3 s). Prints figures, never fails on them.
# FLOOD=10000 SECS=10 RECONNECT_MS=1000 SIGN_INS=20; ONLY=flood or ONLY=signin runs one part;
# BIN=… picks the server binary (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "=== Admission control ==="
# 10,000 sockets in the load generator (the server raises its own soft limit at start).
ulimit -n "$(ulimit -Hn)"
if [[ -z "${BIN:-}" ]]; then
    cargo build --release -p writeit-server --quiet
fi
cargo run -q --release -p writeit-server --example admission_bench
