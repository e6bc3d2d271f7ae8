#!/usr/bin/env bash
# Installs genanki (PyPI), a real Anki package writer, into a virtual environment under target/,
# for the import tests and bench (crates/writeit-server/tests/import.rs, bench/import.sh): they
# make .apkg files with it and read exports back with it. Prints the path of the environment's
# python. Idempotent: an existing environment with genanki is reused.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${WRITEIT_GENANKI_VENV:-$PWD/target/genanki-venv}
python=$venv/bin/python
if ! "$python" -c 'import genanki' 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$python" -m pip install --quiet --disable-pip-version-check 'genanki==0.13.1' >&2
fi
echo "$python"
