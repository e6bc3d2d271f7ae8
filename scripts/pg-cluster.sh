#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests (DESIGN.md §8).
#
#   scripts/pg-cluster.sh start DIR PORT   create and start a cluster in DIR on 127.0.0.1:PORT with a
#                                          database `writeit`; prints its URL as the last stdout line
#   scripts/pg-cluster.sh stop DIR         stop it at once and remove DIR
#
# PostgreSQL refuses to run as root, so the cluster belongs to the `postgres` OS user (created by
# Debian's `postgresql` package, installed here when missing). Durability is switched off: the
# cluster lives for one test run. Diagnostics go to stderr; stdout carries only the URL.
set -euo pipefail

log() { echo "pg-cluster: $*" >&2; }
die() {
    log "$*"
    exit 1
}

usage() {
    die "usage: $0 start DIR PORT | stop DIR"
}

# The newest installed server's bin directory, whatever its major version.
pg_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
    if [[ -n "$dir" && -x "$dir/initdb" ]]; then
        echo "$dir"
    fi
}

install_postgres() {
    log "PostgreSQL not found; installing Debian's postgresql package"
    if [[ $(id -u) -ne 0 ]]; then
        die "installing PostgreSQL needs root (apt-get install -y postgresql)"
    fi
    # The package may create and start its own default cluster on 5432; ours uses its own port.
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >&2
    apt-get install -y --no-install-recommends postgresql >&2
}

# Runs a command as the postgres user from a folder it can read.
as_postgres() {
    (cd / && runuser -u postgres -- "$@")
}

# Lets the postgres user reach DIR: every ancestor it cannot traverse gets search permission for
# others (o+x: enter, not list), e.g. a folder made by `mktemp -d` (mode 700, owned by root).
make_reachable() {
    local dir=$1
    while [[ "$dir" != "/" ]]; do
        dir=$(dirname "$dir")
        if ! as_postgres test -x "$dir"; then
            log "granting search permission (o+x) on $dir so that postgres can reach the cluster"
            chmod o+x "$dir"
        fi
    done
}

start() {
    local dir port bin
    [[ $# -eq 2 ]] || usage
    dir=$(realpath -m -- "$1")
    port=$2
    [[ "$port" =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || die "bad port '$port'"
    if [[ -e "$dir" && -n "$(ls -A -- "$dir")" ]]; then
        die "$dir exists and is not empty"
    fi
    # The path goes into the server's option string, and socket paths are limited to 107 bytes.
    [[ "$dir" != *[[:space:]]* ]] || die "$dir contains white space"
    if ((${#dir} + 20 > 107)); then
        die "$dir is too long for a socket folder; use a shorter path"
    fi

    bin=$(pg_bin)
    if [[ -z "$bin" ]]; then
        install_postgres
        bin=$(pg_bin)
        [[ -n "$bin" ]] || die "initdb still missing after installing postgresql"
    fi
    id postgres >/dev/null 2>&1 || die "no 'postgres' OS user (is the postgresql package installed?)"

    mkdir -p -- "$dir"
    chown postgres:postgres "$dir"
    chmod 700 "$dir"
    make_reachable "$dir"

    log "initdb ($bin) in $dir"
    as_postgres "$bin/initdb" -D "$dir" -A trust -U writeit -E UTF8 --no-sync --locale=C >&2
    if ! as_postgres "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >&2; then
        tail -n 30 "$dir/server.log" >&2 || true
        die "the server did not start (is port $port free?)"
    fi
    "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U writeit -d postgres \
        -c 'CREATE DATABASE writeit' >&2
    echo "postgres://writeit@127.0.0.1:$port/writeit"
}

stop() {
    local dir bin
    [[ $# -eq 1 ]] || usage
    dir=$(realpath -m -- "$1")
    if [[ ! -e "$dir" ]]; then
        log "$dir does not exist; nothing to stop"
        return 0
    fi
    # Refuse to delete anything that is not a cluster folder.
    if [[ -n "$(ls -A -- "$dir")" && ! -f "$dir/PG_VERSION" ]]; then
        die "$dir is not a PostgreSQL cluster folder; not removing it"
    fi
    if [[ -f "$dir/postmaster.pid" ]]; then
        bin=$(pg_bin)
        [[ -n "$bin" ]] || die "pg_ctl not found"
        as_postgres "$bin/pg_ctl" -D "$dir" -m immediate -w stop >&2 ||
            log "pg_ctl stop failed; removing $dir anyway"
    fi
    rm -rf -- "$dir"
}

[[ $# -ge 1 ]] || usage
command=$1
shift
case "$command" in
start) start "$@" ;;
stop) stop "$@" ;;
*) usage ;;
esac
