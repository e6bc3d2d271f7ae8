#!/usr/bin/env bash
# Installs Debian's HAProxy for the cluster test and benchmark (scripts/cluster.py) when it is
# missing. Only the binary is used: the harness writes its own haproxy.cfg and runs it in the
# foreground (`haproxy -db`); the package's own service is not used.
set -euo pipefail

if command -v haproxy >/dev/null; then
  echo "haproxy: $(haproxy -v 2>/dev/null | sed -n 1p)"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends haproxy
haproxy -v | sed -n 1p
