#!/usr/bin/env bash
# Installs aiosmtpd (PyPI) into a virtual environment under target/, for the SMTP test
# (crates/writeit-server/tests/identity_smtp.rs starts it on a loopback port). Prints the path of
# the environment's python. Idempotent: an existing environment with aiosmtpd is reused.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${WRITEIT_AIOSMTPD_VENV:-$PWD/target/aiosmtpd-venv}
python=$venv/bin/python
if ! "$python" -c 'import aiosmtpd' 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$python" -m pip install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6' >&2
fi
echo "$python"
