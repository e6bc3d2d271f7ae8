#!/usr/bin/env python3
"""`make bench`, public data by language: what a new learner's device pulls (docs/sync.md).

Against a server holding the starter content plus the full `zh` and `ja` stroke sets, as the
client does it on one keep-alive connection (`Accept-Encoding: gzip, br`, the bytes counted as
they came over the wire):

1. a first visit studying Korean: getServerTime, `languages` whole, then `decks`, `entries` and
   `characters` with `languages: ["ko"]`, each from 0 up to T;
2. then adding Chinese: the same three tables with `languages: ["zh"]` from 0 up to that T;
3. for comparison, a first visit before this change: every language's rows.

Rows, bytes on the wire (and uncompressed) and time for each; the Chinese and Japanese stroke rows
each pull brings. The time here is the network, the server and Python's JSON parse; the time
until the rows are stored in a browser's IndexedDB is bench/web's. Prints `RESULT` lines.
"""

import argparse
import time
import urllib.parse

from fullsync import Client, batch_path

TABLES = ["queryDecks", "queryEntries", "queryCharacters"]
LIMITS = {"queryDecks": 5000, "queryEntries": 5000, "queryCharacters": 1000}


def pull(client, table, page_input, limit):
    """Pages `table` until a short page; returns its rows."""
    rows, after = [], None
    while True:
        body = dict(page_input, limit=limit)
        if after:
            body["after"] = after
        item = client.get(batch_path(table, body))[0]
        if "error" in item:
            raise SystemExit(f"{table}: {item['error']}")
        page = item["result"]["data"]
        rows.extend(page)
        if len(page) < limit:
            return rows
        after = {"updatedAt": page[-1]["updatedAt"], "id": page[-1]["id"]}


def measure(client, name, tables_input, with_languages_table, server_time):
    r0, w0, p0 = client.requests, client.wire_body + client.wire_head, client.plain_body
    start = time.perf_counter()
    rows = []
    if with_languages_table:
        rows += pull(client, "queryLanguages", {"offset": 0, "until": server_time}, 5000)
    by_table = {}
    for table in TABLES:
        got = pull(client, table, dict(tables_input, offset=0, until=server_time), LIMITS[table])
        by_table[table] = len(got)
        rows += got
    seconds = time.perf_counter() - start
    cjk = sum(
        1 for r in rows if "strokes" in r and r.get("languageCode") in ("zh", "ja")
    )
    print(
        f"RESULT languages {name}: rows={len(rows)} "
        f"(decks {by_table['queryDecks']}, entries {by_table['queryEntries']}, "
        f"characters {by_table['queryCharacters']}; zh/ja stroke rows {cjk}) "
        f"requests={client.requests - r0} wire_bytes={client.wire_body + client.wire_head - w0} "
        f"({(client.wire_body + client.wire_head - w0) / 1e6:.3f} MB) "
        f"plain_bytes={client.plain_body - p0} seconds={seconds:.3f}"
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True, help="http://HOST:PORT")
    args = ap.parse_args()
    u = urllib.parse.urlsplit(args.url)
    try:
        import brotli  # noqa: F401  (bench/run.sh installs it into bench/.tools/py)

        encoding = "gzip, br"
    except ImportError:
        encoding = "gzip"
    client = Client(u.hostname, u.port or 80, "", encoding)
    server_time = client.get("/api/trpc/getServerTime?batch=1&input=%7B%7D")[0]["result"]["data"]
    measure(client, "first visit, Korean", {"languages": ["ko"]}, True, server_time)
    measure(client, "then adding Chinese", {"languages": ["zh"]}, False, server_time)
    measure(client, "first visit, every language (before)", {}, True, server_time)


if __name__ == "__main__":
    main()
