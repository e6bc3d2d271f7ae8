#!/usr/bin/env bash
# `make bench`: WriteIt's sync benchmarks. They print figures; they never pass or fail.
#
#   A. Batched delta sync: getServerTime + the eight query* procedures in one tRPC batch, signed
#      in, empty delta (offset = the current server time), on loopback.
#        - highest throughput: wrk, closed loop (-t2 -c32), requests/s, p50 and p99;
#        - latency at a fixed rate: oha, open loop at 1,000 req/s with latency correction;
#        - where the time goes: shorter wrk runs of smaller requests (health check, one call,
#          with and without a token, public batch) with the server's CPU time per request.
#      On SQLite, then on a throwaway PostgreSQL cluster.
#   B. Full sync of a generated catalogue (50,000 entries, 500 decks, 10,000 characters): how
#      long `writeit catalogue` takes, then one client paging every public table from offset 0
#      in pages of 1,000 (bench/fullsync.py): wall time, sum of request times, server CPU time,
#      compressed bytes on the wire, and the server's peak RSS (VmHWM).
#
# Environment knobs:
#   BENCH_DURATION=10        seconds of each main load run (wrk max throughput, oha fixed rate)
#   BENCH_DIAG_DURATION=4    seconds of each "where the time goes" wrk run (0 skips them)
#   BENCH_RATE=1000          oha's fixed rate (req/s)
#   BENCH_POSTGRES=1         0 skips PostgreSQL
#   BENCH_CATALOGUE_PG=1     0 skips benchmark B on PostgreSQL
#   BENCH_BUILD=1            0 uses target/release/writeit as it is
#   BENCH_ENTRIES / BENCH_DECKS / BENCH_CHARACTERS   catalogue size
#
# Tools it installs when missing: wrk (Debian package), oha (crates.io, into bench/.tools), the
# Python `brotli` module (PyPI, into bench/.tools/py) to read br-compressed pages.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BENCH=$ROOT/bench
TOOLS=$BENCH/.tools
BIN=$ROOT/target/release/writeit

DURATION=${BENCH_DURATION:-10}
DIAG_DURATION=${BENCH_DIAG_DURATION:-4}
RATE=${BENCH_RATE:-1000}
WITH_PG=${BENCH_POSTGRES:-1}
CATALOGUE_PG=${BENCH_CATALOGUE_PG:-1}
ENTRIES=${BENCH_ENTRIES:-50000}
DECKS=${BENCH_DECKS:-500}
CHARACTERS=${BENCH_CHARACTERS:-10000}
WRK_THREADS=2
WRK_CONNECTIONS=32

BATCH_PROCS=getServerTime,queryLanguages,queryDecks,queryEntries,queryCharacters,queryUserEntries,queryUserDecks,queryUserCards,queryUserReviews
PUBLIC_PROCS=getServerTime,queryLanguages,queryDecks,queryEntries,queryCharacters

log() { echo "bench: $*" >&2; }
section() { printf '\n=== %s ===\n' "$*"; }

WORK=$(mktemp -d /tmp/wibench.XXXXXX)
chmod 755 "$WORK"
RESULTS=$WORK/results
: >"$RESULTS"
SERVER_PID=""
SERVER_URL=""
PG_DIR=""
PG_URL=""

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if [[ -n "$PG_DIR" ]]; then
        bash "$ROOT/scripts/pg-cluster.sh" stop "$PG_DIR" >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# record KEY VALUE: keeps a figure for the summary.
record() { printf '%s\t%s\n' "$1" "$2" >>"$RESULTS"; }
result() { awk -F'\t' -v k="$1" '$1 == k { v = $2 } END { print (v == "" ? "-" : v) }' "$RESULTS"; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ---------------------------------------------------------------------------------------------
# Build and tools

build() {
    if [[ "${BENCH_BUILD:-1}" == 1 ]]; then
        section "build"
        local t0=$SECONDS
        cargo build --release -p writeit-server --quiet
        log "release build done in $((SECONDS - t0)) s"
    fi
    [[ -x "$BIN" ]] || {
        log "$BIN missing"
        exit 1
    }
}

install_tools() {
    if ! command -v wrk >/dev/null; then
        log "installing wrk (Debian package)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq wrk >&2
    fi
    if [[ ! -x "$TOOLS/bin/oha" ]]; then
        log "installing oha into bench/.tools (cargo install; a few minutes, once)"
        cargo install --locked --quiet --root "$TOOLS" oha >&2
    fi
    if ! PYTHONPATH=$TOOLS/py python3 -c 'import brotli' 2>/dev/null; then
        log "installing the Python brotli module into bench/.tools/py"
        python3 -m pip install --quiet --disable-pip-version-check --target "$TOOLS/py" brotli >&2 2>/dev/null ||
            log "no brotli module: benchmark B will ask for gzip only"
    fi
}

# ---------------------------------------------------------------------------------------------
# Server

# start_server DATA_DIR [DATABASE_URL]: sets SERVER_PID and SERVER_URL.
start_server() {
    local data=$1 db=${2:-} port
    port=$(free_port)
    local args=(serve --addr "127.0.0.1:$port" --data-dir "$data" --starter-dir "$ROOT/data/starter"
        --web-dir /nonexistent)
    [[ -n "$db" ]] && args+=(--database-url "$db")
    "$BIN" "${args[@]}" >"$WORK/server.out" 2>>"$WORK/server.err" &
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

# CPU time (ms, user + system) of the server, plus the PostgreSQL cluster's processes when one runs.
cpu_ms() {
    python3 - "$SERVER_PID" "${PG_DIR:-}" <<'EOF'
import os, sys
hz = os.sysconf("SC_CLK_TCK")
def ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime
    except OSError:
        return 0
server = ticks(sys.argv[1])
pg = 0
if sys.argv[2]:
    try:
        with open(os.path.join(sys.argv[2], "postmaster.pid")) as f:
            master = int(f.readline())
    except OSError:
        master = None
    if master:
        pg = ticks(master)
        for p in os.listdir("/proc"):
            if p.isdigit():
                try:
                    with open(f"/proc/{p}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    if int(fields[1]) == master:
                        pg += ticks(p)
                except OSError:
                    pass
print(server * 1000 // hz, pg * 1000 // hz)
EOF
}

vm_kib() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$SERVER_PID/status"; }

# ---------------------------------------------------------------------------------------------
# A. Batched delta sync

# trpc_path PROCS FIRST_INPUT_INDEX OFFSET: a batched GET path whose calls from FIRST on take
# {offset}.
trpc_path() {
    python3 - "$@" <<'EOF'
import json, sys, urllib.parse
procs, first, offset = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
n = len(procs.split(","))
inp = {str(i): {"offset": offset} for i in range(first, n)}
print(f"/api/trpc/{procs}?batch=1&input=" + urllib.parse.quote(json.dumps(inp, separators=(",", ":"))))
EOF
}

# wrk_script FILE [TOKEN]: a Lua script that sets the headers and prints one parsable line.
wrk_script() {
    local file=$1 token=${2:-}
    {
        [[ -n "$token" ]] && echo "wrk.headers[\"Authorization\"] = \"Bearer $token\""
        cat <<'EOF'
wrk.headers["Accept-Encoding"] = "gzip, br"
done = function(summary, latency, requests)
  local s = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("WRK rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f requests=%d bad_status=%d socket_errors=%d\n",
    summary.requests / s, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
EOF
    } >"$file"
}

# field LINE KEY: the value of KEY=value in LINE.
field() { tr ' ' '\n' <<<"$1" | awk -F= -v k="$2" '$1 == k { print $2 }'; }

# run_wrk LABEL SECONDS SCRIPT PATH: prints and returns "WRK ... cpu_us_per_req=..."
run_wrk() {
    local label=$1 secs=$2 script=$3 path=$4 before after line server_cpu pg_cpu n
    before=$(cpu_ms)
    line=$(wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"${secs}s" --latency -s "$script" \
        "$SERVER_URL$path" | grep '^WRK ')
    after=$(cpu_ms)
    n=$(field "$line" requests)
    server_cpu=$(((${after% *} - ${before% *}) * 1000 / (n > 0 ? n : 1)))
    pg_cpu=$(((${after#* } - ${before#* }) * 1000 / (n > 0 ? n : 1)))
    line="$line server_cpu_us_per_req=$server_cpu pg_cpu_us_per_req=$pg_cpu"
    printf '  %-44s %9s req/s  p50 %7s ms  p99 %7s ms  server CPU %5s us/req' "$label" \
        "$(field "$line" rps)" "$(field "$line" p50_ms)" "$(field "$line" p99_ms)" "$server_cpu"
    [[ -n "$PG_DIR" ]] && printf '  postgres CPU %5s us/req' "$pg_cpu"
    [[ "$(field "$line" bad_status)" != 0 || "$(field "$line" socket_errors)" != 0 ]] &&
        printf '  (!) %s bad statuses, %s socket errors' "$(field "$line" bad_status)" "$(field "$line" socket_errors)"
    printf '\n'
    LAST_WRK=$line
}

# check_batch PATH TOKEN: the batch answers 200 with no error item.
check_batch() {
    local out status
    out=$(curl -s -w '\n%{http_code}' -H "Authorization: Bearer $2" "$SERVER_URL$1")
    status=${out##*$'\n'}
    if [[ "$status" != 200 || "$out" == *'"error"'* ]]; then
        log "the batch does not answer cleanly ($status): ${out:0:400}"
        exit 1
    fi
}

bench_a() {
    local db=$1 data=$2 token now path path_public script script_anon
    token=$("$BIN" token --data-dir "$data" --sub bench-user --role user)
    now=$(curl -fs "$SERVER_URL/api/trpc/getServerTime" | python3 -c 'import json, sys; print(json.load(sys.stdin)["result"]["data"])')
    path=$(trpc_path "$BATCH_PROCS" 1 "$now")
    check_batch "$path" "$token"
    script=$WORK/auth.lua
    script_anon=$WORK/anon.lua
    wrk_script "$script" "$token"
    wrk_script "$script_anon"

    echo "  request: GET ${path:0:120}…  (9 calls, offset = server time $now, signed in)"
    # Warm up connection pools and caches.
    wrk -t1 -c8 -d2s -s "$script" "$SERVER_URL$path" >/dev/null
    run_wrk "max throughput (wrk -t$WRK_THREADS -c$WRK_CONNECTIONS, ${DURATION}s)" "$DURATION" "$script" "$path"
    record "A.$db.wrk.rps" "$(field "$LAST_WRK" rps)"
    record "A.$db.wrk.p50" "$(field "$LAST_WRK" p50_ms)"
    record "A.$db.wrk.p99" "$(field "$LAST_WRK" p99_ms)"
    record "A.$db.wrk.cpu" "$(field "$LAST_WRK" server_cpu_us_per_req)"
    record "A.$db.wrk.pgcpu" "$(field "$LAST_WRK" pg_cpu_us_per_req)"

    local json before after
    before=$(cpu_ms)
    json=$("$TOOLS/bin/oha" --no-tui --output-format json -z "${DURATION}s" -q "$RATE" --latency-correction \
        -H "Authorization: Bearer $token" -H "Accept-Encoding: gzip, br" "$SERVER_URL$path")
    after=$(cpu_ms)
    local oha_line
    oha_line=$(python3 -c '
import json, sys
d = json.load(sys.stdin)
s = d["summary"]; p = d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
bad = sum(v for k, v in codes.items() if k != "200")
errs = sum(d.get("errorDistribution", {}).values())
n = sum(codes.values())
print(f"rps={s[\"requestsPerSec\"]:.1f} p50_ms={p[\"p50\"]*1000:.3f} p99_ms={p[\"p99\"]*1000:.3f} max_ms={s[\"slowest\"]*1000:.3f} requests={n} bad_status={bad} errors={errs}")
' <<<"$json")
    printf '  %-44s %9s req/s  p50 %7s ms  p99 %7s ms  (%s requests, %s non-200, %s errors)\n' \
        "fixed rate (oha -q $RATE, ${DURATION}s, corrected)" "$(field "$oha_line" rps)" \
        "$(field "$oha_line" p50_ms)" "$(field "$oha_line" p99_ms)" "$(field "$oha_line" requests)" \
        "$(field "$oha_line" bad_status)" "$(field "$oha_line" errors)"
    record "A.$db.oha.rps" "$(field "$oha_line" rps)"
    record "A.$db.oha.p50" "$(field "$oha_line" p50_ms)"
    record "A.$db.oha.p99" "$(field "$oha_line" p99_ms)"

    if ((DIAG_DURATION > 0)); then
        echo "  where the time goes (wrk -t$WRK_THREADS -c$WRK_CONNECTIONS, ${DIAG_DURATION}s each):"
        run_wrk "GET /healthz" "$DIAG_DURATION" "$script_anon" /healthz
        record "A.$db.diag.healthz" "$(field "$LAST_WRK" rps)"
        run_wrk "getServerTime alone, no token" "$DIAG_DURATION" "$script_anon" "$(trpc_path getServerTime 1 0)"
        record "A.$db.diag.time_anon" "$(field "$LAST_WRK" rps)"
        run_wrk "getServerTime alone, token" "$DIAG_DURATION" "$script" "$(trpc_path getServerTime 1 0)"
        record "A.$db.diag.time_auth" "$(field "$LAST_WRK" rps)"
        run_wrk "queryLanguages alone, no token" "$DIAG_DURATION" "$script_anon" "$(trpc_path queryLanguages 0 "$now")"
        record "A.$db.diag.lang_anon" "$(field "$LAST_WRK" rps)"
        run_wrk "queryUserCards alone, token" "$DIAG_DURATION" "$script" "$(trpc_path queryUserCards 0 "$now")"
        record "A.$db.diag.cards_auth" "$(field "$LAST_WRK" rps)"
        run_wrk "public batch (5 calls), no token" "$DIAG_DURATION" "$script_anon" "$(trpc_path "$PUBLIC_PROCS" 1 "$now")"
        record "A.$db.diag.public_anon" "$(field "$LAST_WRK" rps)"
        run_wrk "full batch (9 calls), token" "$DIAG_DURATION" "$script" "$path"
        record "A.$db.diag.full_auth" "$(field "$LAST_WRK" rps)"
    fi
}

# ---------------------------------------------------------------------------------------------
# B. Catalogue and full sync

bench_b() {
    local db=$1 data=$2 url=${3:-} t0 t1 out
    local args=(catalogue --data-dir "$data" --entries "$ENTRIES" --decks "$DECKS" --characters "$CHARACTERS")
    [[ -n "$url" ]] && args+=(--database-url "$url")
    t0=$(date +%s.%N)
    out=$("$BIN" "${args[@]}" 2>/dev/null)
    t1=$(date +%s.%N)
    local secs
    secs=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
    echo "  writeit catalogue ($ENTRIES entries, $DECKS decks, $CHARACTERS characters): ${secs} s wall ($out)"
    record "B.$db.catalogue_s" "$secs"

    start_server "$data" "$url"
    local token rss0 before after line
    token=$("$BIN" token --data-dir "$data" --sub bench-user --role user)
    rss0=$(vm_kib VmHWM)
    before=$(cpu_ms)
    line=$(PYTHONPATH=$TOOLS/py python3 "$BENCH/fullsync.py" --url "$SERVER_URL" --token "$token" \
        --limit 1000 --accept-encoding "$(PYTHONPATH=$TOOLS/py python3 -c 'import brotli' 2>/dev/null && echo 'gzip, br' || echo gzip)" |
        grep '^RESULT ')
    after=$(cpu_ms)
    local hwm rss server_cpu pg_cpu
    hwm=$(vm_kib VmHWM)
    rss=$(vm_kib VmRSS)
    server_cpu=$((${after% *} - ${before% *}))
    pg_cpu=$((${after#* } - ${before#* }))
    stop_server
    local wire=$(($(field "$line" wire_body_bytes) + $(field "$line" wire_head_bytes)))
    printf '  full sync: %s rows in %s requests; wall %s ms, sum of request times %s ms, server CPU %s ms' \
        "$(field "$line" rows)" "$(field "$line" requests)" "$(field "$line" wall_ms)" \
        "$(field "$line" sum_request_ms)" "$server_cpu"
    [[ -n "$url" ]] && printf ', postgres CPU %s ms' "$pg_cpu"
    printf '\n  bytes on the wire: %s (bodies %s + headers %s; %s uncompressed; encodings %s)\n' \
        "$wire" "$(field "$line" wire_body_bytes)" "$(field "$line" wire_head_bytes)" \
        "$(field "$line" plain_body_bytes)" "$(field "$line" encodings)"
    printf '  server memory: VmHWM %s MiB after the sync (%s MiB after start-up), VmRSS %s MiB\n' \
        "$((hwm / 1024))" "$((rss0 / 1024))" "$((rss / 1024))"
    record "B.$db.wall_ms" "$(field "$line" wall_ms)"
    record "B.$db.sum_ms" "$(field "$line" sum_request_ms)"
    record "B.$db.cpu_ms" "$server_cpu"
    record "B.$db.pgcpu_ms" "$pg_cpu"
    record "B.$db.requests" "$(field "$line" requests)"
    record "B.$db.rows" "$(field "$line" rows)"
    record "B.$db.wire" "$wire"
    record "B.$db.plain" "$(field "$line" plain_body_bytes)"
    record "B.$db.hwm_mib" "$(python3 -c "print(f'{$hwm / 1024:.1f}')")"
}

# ---------------------------------------------------------------------------------------------

summary() {
    section "summary"
    echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load tool and server share them; load average before the run: $LOAD_BEFORE"
    echo
    echo "A. batched delta sync (9 calls, signed in, empty delta)    target: >= 8000 req/s on SQLite; p99 <= 10 ms at 1000 req/s"
    printf '  %-11s %14s %10s %10s %16s %16s %14s %14s\n' database "wrk req/s" "wrk p50" "wrk p99" "server us/req" "postgres us/req" "oha p50" "oha p99"
    local db
    for db in sqlite postgres; do
        [[ "$(result "A.$db.wrk.rps")" == - ]] && continue
        printf '  %-11s %14s %7s ms %7s ms %16s %16s %11s ms %11s ms\n' "$db" "$(result "A.$db.wrk.rps")" \
            "$(result "A.$db.wrk.p50")" "$(result "A.$db.wrk.p99")" "$(result "A.$db.wrk.cpu")" \
            "$([[ $db == postgres ]] && result "A.$db.wrk.pgcpu" || echo -)" \
            "$(result "A.$db.oha.p50")" "$(result "A.$db.oha.p99")"
    done
    echo "  (oha: open loop at $RATE req/s for ${DURATION}s with latency correction; achieved: sqlite $(result A.sqlite.oha.rps), postgres $(result A.postgres.oha.rps) req/s)"
    if [[ "$(result A.sqlite.diag.healthz)" != - ]]; then
        echo "  where the time goes, req/s (wrk, ${DIAG_DURATION}s):"
        printf '    %-11s %10s %14s %14s %14s %14s %14s %14s\n' database healthz "time, no tok" "time, token" "lang, no tok" "cards, token" "5 pub, no tok" "9, token"
        for db in sqlite postgres; do
            [[ "$(result "A.$db.diag.healthz")" == - ]] && continue
            printf '    %-11s %10s %14s %14s %14s %14s %14s %14s\n' "$db" "$(result "A.$db.diag.healthz")" \
                "$(result "A.$db.diag.time_anon")" "$(result "A.$db.diag.time_auth")" \
                "$(result "A.$db.diag.lang_anon")" "$(result "A.$db.diag.cards_auth")" \
                "$(result "A.$db.diag.public_anon")" "$(result "A.$db.diag.full_auth")"
        done
    fi
    echo
    echo "B. full sync of the generated catalogue, pages of 1000    target: <= 1 s server time, peak RSS <= 150 MB"
    printf '  %-11s %12s %8s %9s %10s %12s %12s %14s %14s %11s\n' database "catalogue" rows requests "wall" "sum req" "server CPU" "wire bytes" "uncompressed" "VmHWM"
    for db in sqlite postgres; do
        [[ "$(result "B.$db.wall_ms")" == - ]] && continue
        printf '  %-11s %10s s %8s %9s %7s ms %9s ms %9s ms %14s %14s %7s MiB\n' "$db" "$(result "B.$db.catalogue_s")" \
            "$(result "B.$db.rows")" "$(result "B.$db.requests")" "$(result "B.$db.wall_ms")" \
            "$(result "B.$db.sum_ms")" "$(result "B.$db.cpu_ms")" "$(result "B.$db.wire")" \
            "$(result "B.$db.plain")" "$(result "B.$db.hwm_mib")"
    done
    [[ "$(result B.postgres.pgcpu_ms)" != - ]] && echo "  (postgres backends' CPU during the PostgreSQL full sync: $(result B.postgres.pgcpu_ms) ms)"
    echo "  (server CPU = the writeit process's user + system time during the paging, from /proc; 10 ms resolution)"
    echo
    echo "total time: $((SECONDS - START)) s"
}

START=$SECONDS
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
build
install_tools

section "A on SQLite"
mkdir -p "$WORK/sqlite"
start_server "$WORK/sqlite"
bench_a sqlite "$WORK/sqlite"
stop_server

PG_PORT=""
if [[ "$WITH_PG" == 1 ]]; then
    section "A on PostgreSQL"
    PG_DIR=$WORK/pg
    PG_PORT=$(free_port)
    PG_URL=$(bash "$ROOT/scripts/pg-cluster.sh" start "$PG_DIR" "$PG_PORT" 2>"$WORK/pg.err" | tail -n 1) || {
        cat "$WORK/pg.err" >&2
        exit 1
    }
    mkdir -p "$WORK/pgdata"
    start_server "$WORK/pgdata" "$PG_URL"
    bench_a postgres "$WORK/pgdata"
    stop_server
fi

section "B on SQLite"
bench_b sqlite "$WORK/sqlite"

if [[ "$WITH_PG" == 1 && "$CATALOGUE_PG" == 1 ]]; then
    section "B on PostgreSQL"
    bench_b postgres "$WORK/pgdata" "$PG_URL"
fi

summary
