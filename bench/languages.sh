#!/usr/bin/env bash
# `make bench`, public data by language (bench/languages.py): a server on SQLite with the starter
# content plus the full `zh` and `ja` stroke sets (`writeit import characters zh|ja`; the first run
# fetches their packages into tools/characters), then what a new Korean learner's device pulls,
# what adding Chinese pulls, and what a first visit pulled before (every language).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BIN=$ROOT/target/release/writeit
[ "${BENCH_BUILD:-1}" = 0 ] || cargo build -q --release -p writeit-server
echo "=== Public data by language (starter content + full zh and ja stroke sets) ==="
dir=$(mktemp -d /tmp/writeit-languages.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
pid=""
cleanup() { [ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
start_server() {
    "$BIN" serve --data-dir "$dir" --addr "127.0.0.1:$port" --web-dir "$dir/no-web" --log-format json >"$dir/serve.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/api/trpc/getServerTime" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    tail -n 20 "$dir/serve.log"
    exit 1
}
start_server # seeds the starter content into the empty database
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
"$BIN" import characters zh --data-dir "$dir" >/dev/null
"$BIN" import characters ja --data-dir "$dir" >/dev/null
start_server
PYTHONPATH=bench/.tools/py python3 bench/languages.py --url "http://127.0.0.1:$port"
