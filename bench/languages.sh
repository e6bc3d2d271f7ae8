#!/usr/bin/env bash
# `make bench`, public data by language: a server on SQLite with the starter content plus the full
# `zh` and `ja` stroke sets (`writeit import characters zh|ja`; the first run fetches their packages
# into tools/characters), then what a new Korean learner's device pulls, what adding Chinese pulls,
# and what a first visit pulled before (every language), as the client asks (bench/languages.py);
# then the same in the real app in headless Chromium, with the time until Chinese is complete
# offline (bench/web/languages.mjs; web/dist is built when missing).
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
[ -f web/dist/index.html ] || (make -s web-deps && cd web && npm run build >/dev/null)
start_server() {
    "$BIN" serve --data-dir "$dir" --addr "127.0.0.1:$port" --web-dir web/dist --log-format json >"$dir/serve.log" 2>&1 &
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
echo "--- the same in the app (headless Chromium, a fresh context each run)"
node bench/web/languages.mjs "http://127.0.0.1:$port" || echo "RESULT web_languages: FAILED"
