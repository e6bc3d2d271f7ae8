#!/usr/bin/env bash
# `make bench`, import part: how long `POST /api/import/entries` takes, over HTTP on loopback
# against a release `writeit serve`, for a 10,000-row CSV and a 10,000-note Anki package made by
# genanki (target ≤ 5 s each, issue 8): upload, parse, validation and the one transaction, from
# the first byte sent to the final `done` line. On SQLite, then on a throwaway PostgreSQL cluster.
#
#   BENCH_IMPORT_RUNS=3   runs of each file (each into a new deck); the median is reported
#   BENCH_POSTGRES=1      0 skips PostgreSQL
#   BENCH_BUILD=1         0 uses target/release/writeit as it is
#
# Installs genanki (PyPI) with scripts/install-genanki.sh. Prints figures, never fails on them.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BIN=$ROOT/target/release/writeit
RUNS=${BENCH_IMPORT_RUNS:-3}
WORK=$(mktemp -d /tmp/wiimport.XXXXXX)
SERVER_PID=""
PG_DIR=""
cleanup() {
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    [[ -n "$PG_DIR" ]] && bash scripts/pg-cluster.sh stop "$PG_DIR" >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
log() { echo "bench: $*" >&2; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

echo "=== Import (10,000 rows; target ≤ 5 s each) ==="
if [[ "${BENCH_BUILD:-1}" == 1 ]]; then
    log "building the release binary"
    cargo build --release -p writeit-server --quiet
fi
python=$(bash scripts/install-genanki.sh)

log "making the files"
"$python" - "$WORK" <<'PY'
import csv, sys, genanki
work = sys.argv[1]
with open(f"{work}/words.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["Hangul", "Romanization", "English", "Notes", "Example"])
    for i in range(10000):
        w.writerow([f"단어{i}", f"dan-eo {i}", f"word {i}; term {i}; entry {i}",
                    f"A note about word {i},\nover two lines.", f"단어{i}를 써요 = I write word {i}"])
model = genanki.Model(1607392319, "Korean vocab",
    fields=[{"name": "Korean"}, {"name": "Romanization"}, {"name": "English"}, {"name": "Audio"}],
    templates=[{"name": "Card 1", "qfmt": "{{Korean}}", "afmt": "{{English}} {{Audio}}"}])
deck = genanki.Deck(2059400110, "Korean 10k")
for i in range(10000):
    deck.add_note(genanki.Note(model=model, fields=[f"<b>단어{i}</b>", f"dan-eo {i}",
        f"word {i}<br>term {i}", f"[sound:word{i}.mp3]"]))
genanki.Package(deck).write_to_file(f"{work}/words.apkg")
PY
ls -l "$WORK/words.csv" "$WORK/words.apkg" | awk '{printf "bench: %s %d bytes\n", $NF, $5}' >&2

# run_db NAME [DATABASE_URL]
run_db() {
    local name=$1 db=${2:-} data=$WORK/data-$1 port
    mkdir -p "$data"
    port=$(free_port)
    local args=(serve --addr "127.0.0.1:$port" --data-dir "$data" --starter-dir "$ROOT/data/starter"
        --web-dir /nonexistent --dev-tokens)  # it calls with `writeit token` users
    [[ -n "$db" ]] && args+=(--database-url "$db")
    "$BIN" "${args[@]}" >"$WORK/server.out" 2>>"$WORK/server.err" &
    SERVER_PID=$!
    local url=http://127.0.0.1:$port
    for _ in $(seq 1 300); do
        curl -fs -o /dev/null "$url/healthz" && break
        sleep 0.1
    done
    local token
    token=$("$BIN" token --data-dir "$data" --sub bench-admin --role admin)
    echo "--- $name ---"
    for file in words.csv words.apkg; do
        local ct=text/csv
        [[ $file == *.apkg ]] && ct=application/zip
        local times=()
        for run in $(seq 1 "$RUNS"); do
            local out=$WORK/answer.ndjson t
            t=$(curl -s -o "$out" -w '%{time_total}' -H "authorization: Bearer $token" \
                -H "content-type: $ct" --data-binary "@$WORK/$file" \
                "$url/api/import/entries?languageCode=ko&deck=new&title=bench-$run")
            if ! tail -n 1 "$out" | grep -q '"done":true'; then
                log "$file failed: $(tail -n 1 "$out")"
                break
            fi
            times+=("$t")
        done
        printf '%s\n' "${times[@]}" | sort -n | awk -v f="$file" -v n="${#times[@]}" \
            '{a[NR]=$1} END {printf "%-11s 10,000 rows: median %.2f s (min %.2f, max %.2f, %d runs)\n", f, a[int((NR+1)/2)], a[1], a[NR], n}'
    done
    kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

run_db SQLite
if [[ "${BENCH_POSTGRES:-1}" == 1 ]]; then
    PG_DIR=$(mktemp -d /tmp/wiimport-pg.XXXXXX)
    pg_url=$(bash scripts/pg-cluster.sh start "$PG_DIR" "$(free_port)" 2>>"$WORK/pg.log" | tail -n 1)
    run_db PostgreSQL "$pg_url"
fi
