#!/usr/bin/env bash
# The whole test suite. Installs what it needs (PostgreSQL, HAProxy, Chromium, npm packages) when
# missing, starts a throwaway PostgreSQL cluster on a loopback port, and removes it on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

step "generated TypeScript is current"
cargo build -q -p writeit-server
./target/debug/writeit gen --check

step "throwaway PostgreSQL"
pg_dir=$(mktemp -d /tmp/writeit-pg.XXXXXX)
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cleanup() { bash scripts/pg-cluster.sh stop "$pg_dir" >/dev/null 2>&1 || true; }
trap cleanup EXIT
pg_url=$(bash scripts/pg-cluster.sh start "$pg_dir" "$pg_port" | tail -n 1)
echo "PostgreSQL at $pg_url"

step "SMTP server for the mail test (aiosmtpd)"
aiosmtpd_python=$(bash scripts/install-aiosmtpd.sh)

step "Anki package writer for the import tests (genanki)"
genanki_python=$(bash scripts/install-genanki.sh)

step "word lists and stroke data for the syllabus import test (tools/syllabus, tools/characters)"
bash tools/syllabus/fetch.sh
bash tools/characters/fetch.sh

step "Rust tests (SQLite and PostgreSQL)"
WRITEIT_TEST_POSTGRES_URL="$pg_url" WRITEIT_REQUIRE_POSTGRES=1 \
    WRITEIT_AIOSMTPD_PYTHON="$aiosmtpd_python" WRITEIT_REQUIRE_SMTP=1 \
    WRITEIT_GENANKI_PYTHON="$genanki_python" WRITEIT_REQUIRE_GENANKI=1 \
    WRITEIT_REQUIRE_SYLLABUS=1 cargo test --workspace

step "cluster: three instances over one PostgreSQL behind HAProxy"
bash scripts/install-haproxy.sh
python3 scripts/cluster-test.py target/debug/writeit

step "web: packages, types, lint"
make -s web-deps
(cd web && npx tsc -b && npx eslint .)

step "web: unit tests (Vitest, against a real server)"
(cd web && npx vitest run)

step "web: @trpc/client contract tests"
(cd web && npm run test:contract)

step "web: build and browser tests (Playwright, Debian's Chromium)"
bash scripts/install-chromium.sh
(cd web && npm run build && WRITEIT_REQUIRE_SYLLABUS=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test)

step "all green"
