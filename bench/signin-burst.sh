#!/usr/bin/env bash
# `make bench`, identity part: the server's memory (RSS) idle, at peak and after 200 concurrent
# wrong sign-ins (argon2 holds 19 MiB a hash; target ≤ 150 MiB peak, back near idle after).
# BIN=… picks the binary (default: a release build); BURST_N=… the number of sign-ins.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "=== Sign-in burst (memory) ==="
if [[ -z "${BIN:-}" ]]; then
    cargo build --release -p writeit-server --quiet
    BIN=target/release/writeit
fi
python3 bench/signin-burst.py --bin "$BIN" --n "${BURST_N:-200}"
