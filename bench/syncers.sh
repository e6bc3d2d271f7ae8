#!/usr/bin/env bash
# `make bench`, syncers: the store story of writers and syncing clients run for minutes instead of
# seconds (WRITEIT_STORY_PER_WRITER entries per writer, 4 writers, 3 syncers paging 16 rows at a
# time), on SQLite and on a throwaway PostgreSQL cluster: every syncer's copy must equal the
# server's table at the end (rows missed: the test fails and says how many). Prints the time taken.
set -euo pipefail
cd "$(dirname "$0")/.."
per_writer=${BENCH_SYNCERS_PER_WRITER:-5000}
echo "=== Writers and syncers together (${per_writer} entries per writer) ==="
pg_dir=$(mktemp -d /tmp/writeit-pg.XXXXXX)
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
trap 'bash scripts/pg-cluster.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
pg_url=$(bash scripts/pg-cluster.sh start "$pg_dir" "$pg_port" | tail -n 1)
start=$(date +%s)
if WRITEIT_STORY_PER_WRITER=$per_writer WRITEIT_TEST_POSTGRES_URL="$pg_url" WRITEIT_REQUIRE_POSTGRES=1 \
    cargo test -q --release -p writeit-store --test story concurrent_sync -- --test-threads 1 >/tmp/writeit-syncers.log 2>&1; then
    echo "RESULT syncers: $((4 * per_writer)) entries written per database while 3 clients synced; rows missed 0 (SQLite and PostgreSQL, $(( $(date +%s) - start )) s)"
else
    tail -n 30 /tmp/writeit-syncers.log
    echo "RESULT syncers: FAILED (see above)"
fi
