#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright end-to-end tests when it is missing. Playwright's
# own browser download cannot work on these machines (no internet but the package registries), so
# run the tests with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 and this browser at /usr/bin/chromium.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
/usr/bin/chromium --version
