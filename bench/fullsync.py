#!/usr/bin/env python3
"""Benchmark B: page through a full sync of the public tables, as the client does.

One keep-alive HTTP/1.1 connection, requests one after another: getServerTime, then for each
public table pages of `--limit` rows from offset 0, each page resumed after the (updatedAt, id) of
the previous page's last row, until a page is short. Every request sends
`Accept-Encoding: gzip, br`; the bytes counted are the response bodies exactly as they came over
the wire (still compressed), plus the response status lines and headers.

Prints one line per table and a final `RESULT key=value ...` line that bench/run.sh reads.
Needs the `brotli` module only when the server answers with `content-encoding: br`.
"""

import argparse
import gzip
import http.client
import json
import sys
import time
import urllib.parse

TABLES = ["queryLanguages", "queryDecks", "queryEntries", "queryCharacters"]


def decode(body: bytes, encoding: str) -> bytes:
    if encoding in ("", "identity"):
        return body
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "br":
        import brotli  # installed by bench/run.sh into bench/.tools/py

        return brotli.decompress(body)
    raise SystemExit(f"unexpected content-encoding {encoding!r}")


class Client:
    def __init__(self, host, port, token, accept_encoding):
        self.conn = http.client.HTTPConnection(host, port, timeout=60)
        self.headers = {"Accept-Encoding": accept_encoding}
        if token:
            self.headers["Authorization"] = "Bearer " + token
        self.requests = 0
        self.wire_body = 0
        self.wire_head = 0
        self.plain_body = 0
        self.request_time = 0.0
        self.encodings = {}

    def get(self, path):
        start = time.perf_counter()
        self.conn.request("GET", path, headers=self.headers)
        resp = self.conn.getresponse()
        body = resp.read()  # http.client never decompresses: these are the wire bytes
        self.request_time += time.perf_counter() - start
        if resp.status != 200:
            raise SystemExit(f"GET {path[:120]} -> {resp.status}: {body[:300]!r}")
        encoding = (resp.getheader("content-encoding") or "identity").lower()
        self.encodings[encoding] = self.encodings.get(encoding, 0) + 1
        # Status line and header block as sent (approximately: http.client normalises nothing
        # but we re-serialise it).
        head = f"HTTP/1.1 {resp.status} {resp.reason}\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in resp.getheaders()
        ) + "\r\n"
        self.requests += 1
        self.wire_body += len(body)
        self.wire_head += len(head.encode())
        plain = decode(body, encoding)
        self.plain_body += len(plain)
        return json.loads(plain)


def batch_path(procedure, page_input):
    query = urllib.parse.urlencode(
        {"batch": "1", "input": json.dumps({"0": page_input}, separators=(",", ":"))}
    )
    return f"/api/trpc/{procedure}?{query}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True, help="http://HOST:PORT")
    ap.add_argument("--token", default="")
    ap.add_argument("--limit", type=int, default=1000)
    ap.add_argument("--accept-encoding", default="gzip, br")
    args = ap.parse_args()
    u = urllib.parse.urlsplit(args.url)
    client = Client(u.hostname, u.port or 80, args.token, args.accept_encoding)

    wall_start = time.perf_counter()
    answer = client.get("/api/trpc/getServerTime?batch=1&input=%7B%7D")
    server_time = answer[0]["result"]["data"]
    rows_total = 0
    for table in TABLES:
        t0 = time.perf_counter()
        r0, w0, p0 = client.requests, client.wire_body, client.plain_body
        rows = 0
        after = None
        while True:
            page_input = {"offset": 0, "limit": args.limit}
            if after:
                page_input["after"] = after
            answer = client.get(batch_path(table, page_input))
            item = answer[0]
            if "error" in item:
                raise SystemExit(f"{table}: {item['error']}")
            page = item["result"]["data"]
            rows += len(page)
            if len(page) < args.limit:
                break
            last = page[-1]
            after = {"updatedAt": last["updatedAt"], "id": last["id"]}
        rows_total += rows
        print(
            f"  {table:<16} {rows:>7} rows in {client.requests - r0:>3} requests, "
            f"{(time.perf_counter() - t0) * 1000:8.1f} ms, "
            f"{client.wire_body - w0:>9} bytes on the wire ({client.plain_body - p0} uncompressed)"
        )
    wall = time.perf_counter() - wall_start
    print(
        "RESULT "
        + " ".join(
            f"{k}={v}"
            for k, v in {
                "server_time": server_time,
                "rows": rows_total,
                "requests": client.requests,
                "wall_ms": f"{wall * 1000:.1f}",
                "sum_request_ms": f"{client.request_time * 1000:.1f}",
                "wire_body_bytes": client.wire_body,
                "wire_head_bytes": client.wire_head,
                "plain_body_bytes": client.plain_body,
                "encodings": ",".join(f"{k}:{v}" for k, v in sorted(client.encodings.items())),
            }.items()
        )
    )


if __name__ == "__main__":
    main()
