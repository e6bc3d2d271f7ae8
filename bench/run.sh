#!/usr/bin/env bash
# `make bench`: WriteIt's sync benchmarks. They print figures; they never pass or fail.
#
#   A. Batched delta sync: getServerTime + the eight query* procedures in one tRPC batch, signed
#      in, empty delta (offset = the current server time), on loopback.
#        - highest throughput: wrk, closed loop (-t2 -c32), requests/s, p50 and p99;
#        - latency at a fixed rate: oha, open loop at 1,000 req/s with latency correction;
#        - where the time goes: short wrk and oha runs of smaller requests (a static 404, the
#          health check, one call with and without a token, the public calls only), each with the
#          CPU time per request of the server and of PostgreSQL (from /proc).
#      On SQLite, then on a throwaway PostgreSQL cluster.
#   B. Full sync of a generated catalogue (50,000 entries, 500 decks, 10,000 characters): how
#      long `writeit catalogue` takes, then one client paging every public table from offset 0
#      in pages of 1,000 (bench/fullsync.py): wall time, sum of request times, server CPU time,
#      compressed bytes on the wire, and the server's peak RSS (VmHWM).
#
# Environment knobs:
#   BENCH_DURATION=10        seconds of each main load run (wrk max throughput, oha fixed rate)
#   BENCH_DIAG_DURATION=3    seconds of each "where the time goes" wrk and oha run (0 skips them)
#   BENCH_RATE=1000          oha's fixed rate (req/s)
#   BENCH_POSTGRES=1         0 skips PostgreSQL
#   BENCH_CATALOGUE_PG=1     0 skips benchmark B on PostgreSQL
#   BENCH_BUILD=1            0 uses target/release/writeit as it is
#   BENCH_ENTRIES / BENCH_DECKS / BENCH_CHARACTERS   catalogue size
#   BENCH_NICE=1             0 runs everything at normal priority (see NICE below)
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
DIAG_DURATION=${BENCH_DIAG_DURATION:-3}
RATE=${BENCH_RATE:-1000}
WITH_PG=${BENCH_POSTGRES:-1}
CATALOGUE_PG=${BENCH_CATALOGUE_PG:-1}
ENTRIES=${BENCH_ENTRIES:-50000}
DECKS=${BENCH_DECKS:-500}
CHARACTERS=${BENCH_CHARACTERS:-10000}
WRK_THREADS=2
WRK_CONNECTIONS=32
# On a shared machine other jobs' CPU use disturbs the figures; as root, the servers (WriteIt and
# PostgreSQL) and the load tools run at a higher priority (nice -10) so that they disturb less.
NICE=()
if [[ "${BENCH_NICE:-1}" == 1 && $(id -u) == 0 ]]; then
    NICE=(nice -n -10)
fi

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
        --web-dir /nonexistent --dev-tokens)  # it calls with `writeit token` users
    [[ -n "$db" ]] && args+=(--database-url "$db")
    "${NICE[@]}" "$BIN" "${args[@]}" >"$WORK/server.out" 2>>"$WORK/server.err" &
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
        # The postmaster's own time plus its reaped children's (backends that already exited)...
        try:
            with open(f"/proc/{master}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            pg = sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
        except OSError:
            pg = 0
        # ...plus the live children's.
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

# trpc_path PROCS FIRST_INPUT_INDEX OFFSET: the batched delta request (bench/delta_request.py).
trpc_path() { python3 "$BENCH/delta_request.py" "$@"; }

# wrk_script FILE [TOKEN]: a Lua script that sets the headers and prints one parsable line
# (bench/wrk-report.lua).
wrk_script() {
    local file=$1 token=${2:-}
    {
        [[ -n "$token" ]] && echo "wrk.headers[\"Authorization\"] = \"Bearer $token\""
        cat "$BENCH/wrk-report.lua"
    } >"$file"
}

# field LINE KEY: the value of KEY=value in LINE.
field() { tr ' ' '\n' <<<"$1" | awk -F= -v k="$2" '$1 == k { print $2 }'; }

# run_wrk SECONDS SCRIPT PATH: closed-loop maximum throughput; sets LAST_WRK to
# "rps=… p50_ms=… p99_ms=… max_ms=… requests=… bad_status=… errors=… server_us=… pg_us=…".
run_wrk() {
    local secs=$1 script=$2 path=$3 before after line n
    before=$(cpu_ms)
    line=$("${NICE[@]}" wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"${secs}s" --latency -s "$script" \
        "$SERVER_URL$path" | grep '^WRK ')
    after=$(cpu_ms)
    n=$(field "$line" requests)
    ((n > 0)) || n=1
    LAST_WRK="${line#WRK } server_us=$(((${after% *} - ${before% *}) * 1000 / n)) pg_us=$(((${after#* } - ${before#* }) * 1000 / n))"
}

# run_oha SECONDS TOKEN PATH: open loop at $RATE req/s with latency correction; sets LAST_OHA
# like LAST_WRK.
run_oha() {
    local secs=$1 token=$2 path=$3 before after line n
    local headers=(-H "Accept-Encoding: gzip, br")
    [[ -n "$token" ]] && headers+=(-H "Authorization: Bearer $token")
    before=$(cpu_ms)
    # -w: requests in flight at the deadline finish and count, rather than being cut off as errors.
    "${NICE[@]}" "$TOOLS/bin/oha" --no-tui --output-format json -z "${secs}s" -w -q "$RATE" --latency-correction \
        "${headers[@]}" "$SERVER_URL$path" >"$WORK/oha.json"
    after=$(cpu_ms)
    line=$(python3 - "$WORK/oha.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]; p = d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
bad = sum(v for k, v in codes.items() if not k.startswith("2"))
errors = d.get("errorDistribution", {})
for kind, count in errors.items():
    print(f"bench: oha error x{count}: {kind}", file=sys.stderr)
n = sum(codes.values())
print(f"rps={s['requestsPerSec']:.1f} p50_ms={p['p50'] * 1000:.3f} p99_ms={p['p99'] * 1000:.3f} "
      f"max_ms={s['slowest'] * 1000:.3f} requests={n} bad_status={bad} errors={sum(errors.values())}")
EOF
    )
    n=$(field "$line" requests)
    ((n > 0)) || n=1
    LAST_OHA="$line server_us=$(((${after% *} - ${before% *}) * 1000 / n)) pg_us=$(((${after#* } - ${before#* }) * 1000 / n))"
}

# problems LINE [EXPECTED]: a note when a run saw failures (EXPECTED=404: that status is fine).
problems() {
    local bad errors
    [[ "${2:-}" == 404 ]] && bad=0 || bad=$(field "$1" bad_status)
    errors=$(field "$1" errors)
    [[ "$bad" == 0 && "$errors" == 0 ]] || printf '  (!) %s bad statuses, %s errors' "$bad" "$errors"
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

# diag KEY LABEL TOKEN PATH [EXPECTED_STATUS]: one "where the time goes" row: wrk throughput, then oha at $RATE.
diag() {
    local key=$1 label=$2 token=$3 path=$4 expect=${5:-} script=$WORK/anon.lua
    [[ -n "$token" ]] && script=$WORK/auth.lua
    run_wrk "$DIAG_DURATION" "$script" "$path"
    run_oha "$DIAG_DURATION" "$token" "$path"
    printf '    %-34s %9s %8s %7s %7s   %7s %7s %7s %7s' "$label" \
        "$(field "$LAST_WRK" rps)" "$(field "$LAST_WRK" p99_ms)" "$(field "$LAST_WRK" server_us)" \
        "$([[ -n $PG_DIR ]] && field "$LAST_WRK" pg_us || echo -)" \
        "$(field "$LAST_OHA" p99_ms)" "$(field "$LAST_OHA" server_us)" \
        "$([[ -n $PG_DIR ]] && field "$LAST_OHA" pg_us || echo -)" \
        "$(($(field "$LAST_OHA" server_us) + $(field "$LAST_OHA" pg_us)))"
    problems "$LAST_WRK" "$expect"
    problems "$LAST_OHA" "$expect"
    printf '\n'
    record "$key.wrk" "$LAST_WRK"
    record "$key.oha" "$LAST_OHA"
}

bench_a() {
    local db=$1 data=$2 token now path
    token=$("$BIN" token --data-dir "$data" --sub bench-user --role user)
    now=$(curl -fs "$SERVER_URL/api/trpc/getServerTime" | python3 -c 'import json, sys; print(json.load(sys.stdin)["result"]["data"])')
    path=$(trpc_path "$BATCH_PROCS" 1 "$now")
    check_batch "$path" "$token"
    wrk_script "$WORK/auth.lua" "$token"
    wrk_script "$WORK/anon.lua"

    echo "  request: GET ${path:0:100}…"
    echo "           (9 calls, offset = server time $now, signed in; Accept-Encoding: gzip, br)"
    # Warm up connection pools and caches.
    wrk -t1 -c8 -d2s -s "$WORK/auth.lua" "$SERVER_URL$path" >/dev/null

    run_wrk "$DURATION" "$WORK/auth.lua" "$path"
    printf '  %-40s %9s req/s  p50 %7s ms  p99 %7s ms  CPU/req: server %s us' \
        "max throughput (wrk -t$WRK_THREADS -c$WRK_CONNECTIONS, ${DURATION}s)" "$(field "$LAST_WRK" rps)" \
        "$(field "$LAST_WRK" p50_ms)" "$(field "$LAST_WRK" p99_ms)" "$(field "$LAST_WRK" server_us)"
    [[ -n "$PG_DIR" ]] && printf ', postgres %s us' "$(field "$LAST_WRK" pg_us)"
    problems "$LAST_WRK"
    printf '\n'
    record "A.$db.wrk" "$LAST_WRK"

    run_oha "$DURATION" "$token" "$path"
    printf '  %-40s %9s req/s  p50 %7s ms  p99 %7s ms  CPU/req: server %s us' \
        "fixed rate (oha -q $RATE, ${DURATION}s, corrected)" "$(field "$LAST_OHA" rps)" \
        "$(field "$LAST_OHA" p50_ms)" "$(field "$LAST_OHA" p99_ms)" "$(field "$LAST_OHA" server_us)"
    [[ -n "$PG_DIR" ]] && printf ', postgres %s us' "$(field "$LAST_OHA" pg_us)"
    problems "$LAST_OHA"
    printf '\n'
    record "A.$db.oha" "$LAST_OHA"

    if ((DIAG_DURATION > 0)); then
        echo "  where the time goes (${DIAG_DURATION}s each of wrk -t$WRK_THREADS -c$WRK_CONNECTIONS, then of oha -q $RATE):"
        printf '    %-34s %9s %8s %7s %7s   %7s %7s %7s %7s\n' "" "wrk" "wrk p99" "server" "pg" "oha p99" "server" "pg" "sum"
        printf '    %-34s %9s %8s %7s %7s   %7s %7s %7s %7s\n' "request" "req/s" "ms" "us/req" "us/req" "ms" "us/req" "us/req" "us/req"
        diag "A.$db.d.404" "static 404 (no handler, no DB)" "" /no-such-file 404
        diag "A.$db.d.healthz" "/healthz (reads the sync clock)" "" /healthz
        diag "A.$db.d.time" "getServerTime, no token" "" "$(trpc_path getServerTime 1 0)"
        diag "A.$db.d.time_tok" "getServerTime, token" "$token" "$(trpc_path getServerTime 1 0)"
        diag "A.$db.d.lang" "queryLanguages, no token" "" "$(trpc_path queryLanguages 0 "$now")"
        diag "A.$db.d.cards_tok" "queryUserCards, token" "$token" "$(trpc_path queryUserCards 0 "$now")"
        diag "A.$db.d.public" "5 public calls, no token" "" "$(trpc_path "$PUBLIC_PROCS" 1 "$now")"
        diag "A.$db.d.full_tok" "all 9 calls, token" "$token" "$path"
    fi
}

# ---------------------------------------------------------------------------------------------
# B. Catalogue and full sync

# full_sync KEY ACCEPT_ENCODING TOKEN: one paging run; prints a line and records KEY.*
full_sync() {
    local key=$1 encoding=$2 token=$3 before after out line server_cpu pg_cpu wire
    before=$(cpu_ms)
    out=$(PYTHONPATH=$TOOLS/py "${NICE[@]}" python3 "$BENCH/fullsync.py" --url "$SERVER_URL" --token "$token" \
        --limit 1000 --accept-encoding "$encoding")
    after=$(cpu_ms)
    line=$(grep '^RESULT ' <<<"$out")
    server_cpu=$((${after% *} - ${before% *}))
    pg_cpu=$((${after#* } - ${before#* }))
    wire=$(($(field "$line" wire_body_bytes) + $(field "$line" wire_head_bytes)))
    printf '  %-26s %6s rows %3s requests  wall %7s ms  sum of requests %7s ms  server CPU %5s ms' \
        "Accept-Encoding: $encoding" "$(field "$line" rows)" "$(field "$line" requests)" \
        "$(field "$line" wall_ms)" "$(field "$line" sum_request_ms)" "$server_cpu"
    [[ -n "$PG_DIR" ]] && printf '  postgres CPU %4s ms' "$pg_cpu"
    printf '  wire %9s bytes (%s)\n' "$wire" "$(field "$line" encodings)"
    LAST_SYNC_DETAIL=$(grep -v '^RESULT ' <<<"$out")
    record "$key.wall_ms" "$(field "$line" wall_ms)"
    record "$key.sum_ms" "$(field "$line" sum_request_ms)"
    record "$key.cpu_ms" "$server_cpu"
    record "$key.pgcpu_ms" "$pg_cpu"
    record "$key.requests" "$(field "$line" requests)"
    record "$key.rows" "$(field "$line" rows)"
    record "$key.wire" "$wire"
    record "$key.plain" "$(field "$line" plain_body_bytes)"
}

bench_b() {
    local db=$1 data=$2 url=${3:-} t0 t1 out
    local args=(catalogue --data-dir "$data" --entries "$ENTRIES" --decks "$DECKS" --characters "$CHARACTERS")
    [[ -n "$url" ]] && args+=(--database-url "$url")
    t0=$(date +%s.%N)
    out=$("${NICE[@]}" "$BIN" "${args[@]}" 2>/dev/null)
    t1=$(date +%s.%N)
    local secs
    secs=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
    echo "  writeit catalogue ($ENTRIES entries, $DECKS decks, $CHARACTERS characters): ${secs} s wall ($out)"
    record "B.$db.catalogue_s" "$secs"

    start_server "$data" "$url"
    local token rss0 hwm rss br=gzip
    PYTHONPATH=$TOOLS/py python3 -c 'import brotli' 2>/dev/null && br='gzip, br'
    token=$("$BIN" token --data-dir "$data" --sub bench-user --role user)
    rss0=$(vm_kib VmHWM)
    echo "  a fresh server pages every public table from offset 0, 1000 rows a page, one request at a time:"
    full_sync "B.$db" "$br" "$token"
    hwm=$(vm_kib VmHWM)
    rss=$(vm_kib VmRSS)
    sed 's/^/      /' <<<"$LAST_SYNC_DETAIL"
    record "B.$db.hwm_mib" "$(python3 -c "print(f'{$hwm / 1024:.1f}')")"
    printf '  server memory: VmHWM %s MiB after the sync (%s MiB after start-up), VmRSS %s MiB\n' \
        "$((hwm / 1024))" "$((rss0 / 1024))" "$((rss / 1024))"
    echo "  the same again (warm), then without br, then uncompressed:"
    full_sync "B.$db.warm" "$br" "$token"
    full_sync "B.$db.gzip" gzip "$token"
    full_sync "B.$db.identity" identity "$token"
    hwm=$(vm_kib VmHWM)
    record "B.$db.hwm_all_mib" "$(python3 -c "print(f'{$hwm / 1024:.1f}')")"
    echo "  server VmHWM after all four syncs: $((hwm / 1024)) MiB"
    stop_server
}

# ---------------------------------------------------------------------------------------------

summary() {
    section "summary"
    if ((${#NICE[@]} > 0)); then
        echo "(servers and load tools ran at nice -10; BENCH_NICE=0 turns that off)"
    fi
    if awk '{ exit !($1 > 0.5) }' <<<"$LOAD_BEFORE"; then
        echo "NOTE: other processes were using the CPUs when the run began (load average $LOAD_BEFORE):"
        echo "      the figures below are noisy; compare runs on an idle machine."
    fi
    echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load tool and server share them; load average before the run: $LOAD_BEFORE, now: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "A. batched delta sync (9 calls, signed in, empty delta)    target: >= 8000 req/s on SQLite; p99 <= 10 ms at $RATE req/s"
    printf '  %-10s %10s %9s %9s %11s %11s   %10s %9s %9s %11s %11s\n' "" "wrk" "wrk p50" "wrk p99" "server CPU" "pg CPU" "oha" "oha p50" "oha p99" "server CPU" "pg CPU"
    printf '  %-10s %10s %9s %9s %11s %11s   %10s %9s %9s %11s %11s\n' database "req/s" ms ms "us/req" "us/req" "req/s" ms ms "us/req" "us/req"
    local db w o
    for db in sqlite postgres; do
        w=$(result "A.$db.wrk")
        o=$(result "A.$db.oha")
        [[ "$w" == - ]] && continue
        printf '  %-10s %10s %9s %9s %11s %11s   %10s %9s %9s %11s %11s\n' "$db" \
            "$(field "$w" rps)" "$(field "$w" p50_ms)" "$(field "$w" p99_ms)" "$(field "$w" server_us)" \
            "$([[ $db == postgres ]] && field "$w" pg_us || echo -)" \
            "$(field "$o" rps)" "$(field "$o" p50_ms)" "$(field "$o" p99_ms)" "$(field "$o" server_us)" \
            "$([[ $db == postgres ]] && field "$o" pg_us || echo -)"
    done
    echo "  (wrk -t$WRK_THREADS -c$WRK_CONNECTIONS closed loop for ${DURATION}s; oha open loop at $RATE req/s for ${DURATION}s with latency"
    echo "   correction; CPU = user + system time of the server / of the PostgreSQL processes per request)"
    if [[ "$(result A.sqlite.d.404.wrk)" != - ]]; then
        echo "  where the time goes: wrk req/s | CPU us/req at $RATE req/s (server + postgres)"
        printf '    %-34s %22s %22s\n' request sqlite postgres
        local k label
        for k in 404:"static 404 (no handler, no DB)" healthz:"/healthz (reads the sync clock)" \
            time:"getServerTime, no token" time_tok:"getServerTime, token" lang:"queryLanguages, no token" \
            cards_tok:"queryUserCards, token" public:"5 public calls, no token" full_tok:"all 9 calls, token"; do
            label=${k#*:}
            k=${k%%:*}
            printf '    %-34s' "$label"
            for db in sqlite postgres; do
                w=$(result "A.$db.d.$k.wrk")
                o=$(result "A.$db.d.$k.oha")
                if [[ "$w" == - ]]; then
                    printf ' %22s' -
                else
                    printf ' %9s | %4s + %-4s' "$(field "$w" rps)" "$(field "$o" server_us)" \
                        "$([[ $db == postgres ]] && field "$o" pg_us || echo 0)"
                fi
            done
            printf '\n'
        done
    fi
    echo
    echo "B. full sync of the generated catalogue, pages of 1000    target: <= 1 s server time, peak RSS <= 150 MB"
    printf '  %-20s %10s %7s %5s %10s %10s %11s %12s %12s %13s %10s\n' "database, encoding" catalogue rows reqs "wall" "sum req" "server CPU" "postgres CPU" "wire bytes" "uncompressed" "VmHWM"
    local k enc
    for db in sqlite postgres; do
        [[ "$(result "B.$db.wall_ms")" == - ]] && continue
        for k in "" .warm .gzip .identity; do
            case $k in
            "") enc="br (cold)" ;;
            .warm) enc="br (warm)" ;;
            .gzip) enc=gzip ;;
            .identity) enc=identity ;;
            esac
            printf '  %-20s %10s %7s %5s %7s ms %7s ms %8s ms %9s ms %12s %13s %10s\n' "$db, $enc" \
                "$([[ -z $k ]] && echo "$(result "B.$db.catalogue_s") s" || echo)" \
                "$(result "B.$db$k.rows")" "$(result "B.$db$k.requests")" "$(result "B.$db$k.wall_ms")" \
                "$(result "B.$db$k.sum_ms")" "$(result "B.$db$k.cpu_ms")" \
                "$([[ $db == postgres ]] && result "B.$db$k.pgcpu_ms" || echo -)" "$(result "B.$db$k.wire")" \
                "$(result "B.$db$k.plain")" "$([[ -z $k ]] && echo "$(result "B.$db.hwm_mib") MiB" || echo)"
        done
    done
    echo "  (catalogue = wall time of \`writeit catalogue\`; VmHWM = the server's peak RSS after the first (cold) sync, on a"
    echo "   freshly started server; after all four: sqlite $(result B.sqlite.hwm_all_mib) MiB, postgres $(result B.postgres.hwm_all_mib) MiB)"
    echo "  (wall = the whole paging sequence from one client, incl. its decompression and JSON parsing; sum req = request"
    echo "   sent to last byte read, summed; server/postgres CPU = user + system time from /proc, 10 ms resolution)"
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

section "B on SQLite"
bench_b sqlite "$WORK/sqlite"

if [[ "$WITH_PG" == 1 ]]; then
    section "A on PostgreSQL"
    PG_DIR=$WORK/pg
    PG_URL=$(bash "$ROOT/scripts/pg-cluster.sh" start "$PG_DIR" "$(free_port)" 2>"$WORK/pg.err" | tail -n 1) || {
        cat "$WORK/pg.err" >&2
        exit 1
    }
    if ((${#NICE[@]} > 0)); then
        # The postmaster's backends, forked later, inherit its priority.
        pg_master=$(head -n 1 "$PG_DIR/postmaster.pid")
        renice -n -10 -p "$pg_master" $(pgrep -P "$pg_master") >/dev/null
    fi
    mkdir -p "$WORK/pgdata"
    start_server "$WORK/pgdata" "$PG_URL"
    bench_a postgres "$WORK/pgdata"
    stop_server

    if [[ "$CATALOGUE_PG" == 1 ]]; then
        section "B on PostgreSQL"
        bench_b postgres "$WORK/pgdata" "$PG_URL"
    fi
fi

summary
