#!/usr/bin/env bash
# WriteIt's web-client benchmarks (called by bench/run.sh as `bash bench/web/run.sh`). They print
# figures; they never pass or fail (the script exits 0 unless it cannot start at all).
#
#   1. Cold full sync of the generated catalogue (50,000 entries, 500 decks, 10,000 characters)
#      into IndexedDB, headless Chromium, fresh context each run: navigation start to
#      localStorage.lastSync, rows counted in IndexedDB, bytes received (sync.mjs).
#   2. Warm offline start: after one visit (service worker, data in IndexedDB), offline, a new
#      page at /decks: navigation start to the first deck title on screen (offline.mjs); plus the
#      installability facts (manifest, icons 192/512, service worker control, start_url offline).
#   3. Initial JavaScript gzipped: the entry script and modulepreloads of web/dist/index.html
#      (jssize.mjs).
#   4. Lighthouse on /home, mobile and desktop presets, against the catalogue server, then against
#      a server with the starter content only (the app shell without a 50k-row first sync)
#      (lighthouse.mjs; reports in bench/web/results/).
#   5. Time to open /entries with the catalogue's 50,000 entries: after one visit synced it, fresh
#      loads of /entries and client-side navigations to it (the app bar's link): navigation start
#      (or the click) to the first entry row on screen (entries.mjs).
#   6. Review: rating key (1-4) to the next card painted, p95 over the review sessions of a few
#      catalogue decks answered by keyboard, with the catalogue in IndexedDB (review.mjs).
#   7. Stroke matcher (web/src/canvas/matcher.ts): evaluation time per stroke, p50/p95/max, in Node
#      and headless Chromium, on synthetic strokes of every script's starter characters and ~300
#      hanzi-writer-data characters, against Hanzi Writer's matcher on the same Chinese strokes
#      (matcher.mjs; no server).
#  10. Learning five new characters by writing (ㄱㄴㄷㄹㅁ), teach-then-test against recall-only: a
#      simulated learner along the stored medians, seconds (animations included) and strokes
#      drawn per way, on a starter-content server (teach.mjs).
#
# Environment knobs:
#   BENCH_WEB_BUILD=auto      web/dist is built (npm run build) when missing; auto: when web/src
#                             is newer than web/dist, a fresh build in a temporary directory is
#                             measured instead (web/dist is left alone); 1: always that; 0: never.
#                             The server binary is built when missing.
#   BENCH_WEB_SYNC_RUNS=3     cold sync runs
#   BENCH_WEB_OFFLINE_RUNS=5  warm offline starts
#   BENCH_WEB_ENTRIES_RUNS=5  /entries openings of each kind
#   BENCH_WEB_REVIEW_DECKS=3  decks reviewed for benchmark 6
#   BENCH_WEB_LIGHTHOUSE=mobile,desktop   form factors ('' skips Lighthouse)
#   BENCH_WEB_LIGHTHOUSE_STARTER=1        0 skips the Lighthouse run on the starter-only server
#   BENCH_WEB_LH_RUNS=5       Lighthouse runs per form factor (the figure is the median run)
#   BENCH_ENTRIES / BENCH_DECKS / BENCH_CHARACTERS   catalogue size
#   BENCH_MATCHER_BROWSER=1   0 skips the Chromium half of benchmark 7
#
# Needs: Debian's Chromium (/usr/bin/chromium, or WRITEIT_CHROMIUM), playwright-core in
# web/node_modules (installed with `make web-deps`, browsers never downloaded), Lighthouse (npm,
# installed into bench/web/node_modules when missing).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
HERE=$ROOT/bench/web
BIN=$ROOT/target/release/writeit
DIST=$ROOT/web/dist
ENTRIES=${BENCH_ENTRIES:-50000}
DECKS=${BENCH_DECKS:-500}
CHARACTERS=${BENCH_CHARACTERS:-10000}
export WRITEIT_CHROMIUM=${WRITEIT_CHROMIUM:-/usr/bin/chromium}

log() { echo "bench/web: $*" >&2; }
section() { printf '\n=== %s ===\n' "$*"; }

WORK=$(mktemp -d /tmp/wiwebbench.XXXXXX)
SERVER_PID=""
SERVER_URL=""
OUT=$WORK/out
: >"$OUT"

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ---------------------------------------------------------------------------------------------
# Build and tools

prepare() {
    section "web benchmarks: preparation"
    if [[ ! -x "$BIN" ]]; then
        log "building the server (cargo build --release -p writeit-server)"
        cargo build --release -p writeit-server --quiet
    fi
    if [[ ! -d "$ROOT/web/node_modules/playwright-core" ]]; then
        log "installing the web app's npm packages (make web-deps, no browser download)"
        (cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 make -s web-deps) >&2
    fi
    local build=${BENCH_WEB_BUILD:-auto} why=""
    if [[ ! -f "$DIST/index.html" ]]; then
        log "building the web app (web/dist is missing): npm run build"
        (cd "$ROOT/web" && npm run build --silent) >"$WORK/web-build.log" 2>&1 || {
            tail -n 30 "$WORK/web-build.log" >&2
            log "the web build failed and there is no web/dist"
            exit 1
        }
    elif [[ "$build" == 1 ]]; then
        why="BENCH_WEB_BUILD=1"
    elif [[ "$build" == auto ]] && [[ -n "$(find "$ROOT/web/src" "$ROOT/web/index.html" "$ROOT/web/vite.config.ts" "$ROOT/web/public" \
        -newer "$DIST/index.html" -type f -print -quit 2>/dev/null)" ]]; then
        why="web/src is newer than web/dist"
    fi
    if [[ -n "$why" ]]; then
        # Into a directory of our own: web/dist, which others may be using, stays as it is.
        log "building the web app into a temporary directory ($why): vite build"
        if (cd "$ROOT/web" && VITE_CONFIG_NATIVE_IGNORE_WARNING=true npx vite build --outDir "$WORK/dist" --emptyOutDir \
            --logLevel warn) >"$WORK/web-build.log" 2>&1 && [[ -f "$WORK/dist/index.html" ]]; then
            DIST=$WORK/dist
        else
            tail -n 30 "$WORK/web-build.log" >&2
            log "(!) the web build failed: measuring web/dist as it is"
            echo "(!) web build failed; figures are of the existing web/dist" >>"$OUT"
        fi
    fi
    if [[ ! -f "$HERE/node_modules/lighthouse/package.json" ]]; then
        log "installing Lighthouse into bench/web/node_modules (npm install)"
        (cd "$HERE" && npm install --no-audit --no-fund --loglevel=error) >&2 || log "(!) no Lighthouse: benchmark 4 is skipped"
    fi
    local build_id
    build_id=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("id") or d.get("buildId") or d)' \
        "$DIST/builds/latest.json" 2>/dev/null || echo "?")
    echo "web build measured: ${DIST#"$ROOT"/} ($(date -r "$DIST/index.html" '+%F %T'), build $build_id); server: $BIN ($(date -r "$BIN" '+%F %T'))"
    echo "browser: $("$WRITEIT_CHROMIUM" --version 2>/dev/null | head -n 1 | sed 's/\/usr.*//'), headless; machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# ---------------------------------------------------------------------------------------------
# Server

# start_server DATA_DIR: sets SERVER_PID and SERVER_URL.
start_server() {
    local data=$1 port
    port=$(free_port)
    "$BIN" serve --addr "127.0.0.1:$port" --data-dir "$data" --starter-dir "$ROOT/data/starter" --web-dir "$DIST" \
        >"$WORK/server.out" 2>>"$WORK/server.err" &
    SERVER_PID=$!
    SERVER_URL=http://127.0.0.1:$port
    for _ in $(seq 1 300); do
        if curl -fs -o /dev/null "$SERVER_URL/healthz"; then
            return 0
        fi
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            tail -n 20 "$WORK/server.err" >&2
            log "the server exited"
            exit 1
        fi
        sleep 0.1
    done
    log "the server did not answer /healthz within 30 s"
    exit 1
}

stop_server() {
    if [[ -n "$SERVER_PID" ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=""
    fi
}

# bench TITLE COMMAND...: runs one benchmark script, its output shown and kept; a failure is
# reported, never fatal.
bench() {
    local title=$1
    shift
    section "$title"
    local t0=$SECONDS rc=0
    "$@" 2>&1 | tee -a "$OUT" || rc=$?
    ((rc == 0)) || {
        echo "(!) $title: the script failed (exit $rc)" | tee -a "$OUT"
    }
    log "$title: $((SECONDS - t0)) s"
}

# ---------------------------------------------------------------------------------------------

START=$SECONDS
prepare

bench "3. initial JavaScript (gzip -9)" node "$HERE/jssize.mjs" "$DIST"
bench "7. stroke matcher: time per stroke vs Hanzi Writer (Node, Chromium)" node "$HERE/matcher.mjs"

section "catalogue"
mkdir -p "$WORK/catalogue"
t0=$SECONDS
"$BIN" catalogue --data-dir "$WORK/catalogue" --entries "$ENTRIES" --decks "$DECKS" --characters "$CHARACTERS" \
    >"$WORK/catalogue.out" 2>&1 || {
    tail -n 20 "$WORK/catalogue.out" >&2
    log "writeit catalogue failed"
    exit 1
}
echo "generated $ENTRIES entries, $DECKS decks, $CHARACTERS characters (plus the starter content) in $((SECONDS - t0)) s"

start_server "$WORK/catalogue"
echo "server: $SERVER_URL (SQLite, the catalogue)"
bench "1. cold full sync into IndexedDB (fresh context, /home)" node "$HERE/sync.mjs" "$SERVER_URL"
bench "2. warm offline start to the first deck title (/decks)" node "$HERE/offline.mjs" "$SERVER_URL"
bench "5. open /entries with ${ENTRIES} entries, to the first entry row" node "$HERE/entries.mjs" "$SERVER_URL"
WRITEIT_BIN="$BIN" bench "9. open /admin/ko/entries as an admin with ${ENTRIES} entries, to the first entry row" node "$HERE/admin-entries.mjs" "$SERVER_URL" "$WORK/catalogue"
bench "6. review: rating key to the next card painted (${ENTRIES} entries loaded)" node "$HERE/review.mjs" "$SERVER_URL"
bench "8. frame time while drawing on the writing canvas" node "$HERE/drawing.mjs" "$SERVER_URL"
if [[ -f "$HERE/node_modules/lighthouse/package.json" && -n "${BENCH_WEB_LIGHTHOUSE-mobile,desktop}" ]]; then
    BENCH_WEB_LH_LABEL=catalogue bench "4. Lighthouse on /home, catalogue server (first visit syncs ${ENTRIES} entries)" \
        node "$HERE/lighthouse.mjs" "$SERVER_URL"
    stop_server
    if [[ "${BENCH_WEB_LIGHTHOUSE_STARTER:-1}" == 1 ]]; then
        mkdir -p "$WORK/starter"
        start_server "$WORK/starter"
        BENCH_WEB_LH_LABEL=starter bench "4b. Lighthouse on /home, starter content only (the app shell, a small first sync)" \
            node "$HERE/lighthouse.mjs" "$SERVER_URL"
    fi
fi
stop_server
mkdir -p "$WORK/teach"
start_server "$WORK/teach"
bench "10. learning five new characters by writing: teach-then-test vs recall-only" node "$HERE/teach.mjs" "$SERVER_URL"
stop_server

section "web summary"
grep -E '^(RESULT|\(!\))' "$OUT" | sed 's/^RESULT //' || true
echo "web benchmarks total time: $((SECONDS - START)) s"
