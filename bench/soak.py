#!/usr/bin/env python3
"""`make bench`, soak (issue 24): a mixed load on one `writeit serve` for a while, the server's
memory sampled all along.

Eight client threads on loopback for BENCH_SOAK_SECS (default 600) seconds: delta sync queries
(getServerTime, a page of entries, the caller's reviews and cards), saveUserReview with a fresh
id, and one sign-in (argon2id) a second across all threads. Each thread is one client address
(X-Forwarded-For, the server started as behind a proxy), so the per-address sign-in limit sees
eight clients at 75 sign-ins in ten minutes each, under its 100, as real users would be. Counts every answer by status;
samples the server's resident memory (VmRSS) every 2 s. Prints figures and never fails on them.

Usage: bench/soak.py [BIN]  (default target/release/writeit; the server is started here, on a
temporary data folder with the starter content).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/writeit")
SECS = float(os.environ.get("BENCH_SOAK_SECS", "600"))
THREADS = 8
PASSWORD = "a quiet river 42"


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def call(url, body=None, token=None, timeout=30, client=0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    req.add_header("content-type", "application/json")
    req.add_header("x-forwarded-for", f"10.0.0.{client}")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, None
    except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
        return f"network: {e}", None


def uuid7():
    ms = int(time.time() * 1000)
    rand = uuid.uuid4().int & ((1 << 74) - 1)
    value = (ms << 80) | (0x7 << 76) | ((rand >> 62) << 64) | (0b10 << 62) | (rand & ((1 << 62) - 1))
    return str(uuid.UUID(int=value))


# writeit-core card.rs: a card's id is the UUIDv5 of "entryId/kind" in this namespace.
CARD_NAMESPACE = uuid.UUID("6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091")


def card_id(entry_id, kind):
    return str(uuid.uuid5(CARD_NAMESPACE, f"{entry_id}/{kind}"))


def main():
    data = tempfile.mkdtemp(prefix="writeit-soak-")
    server = subprocess.Popen(
        [BIN, "serve", "--addr", "127.0.0.1:0", "--data-dir", data, "--web-dir", "/nonexistent",
         "--starter-dir", os.path.join(ROOT, "data/starter"), "--trust-forwarded-for"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "RUST_LOG": "error"},
    )
    try:
        line = server.stdout.readline()
        url = re.search(r"running at (http://\S+?)/?$", line.strip()).group(1)
        entries = call(f"{url}/api/trpc/queryEntries?input=" + urllib.parse.quote('{"offset":0,"limit":200}'))[1]
        entry_ids = [e["id"] for e in entries["result"]["data"]]
        users = []
        for i in range(THREADS * 2):
            email = f"soak-{i}-{uuid.uuid4().hex[:8]}@example.com"
            status, answer = call(f"{url}/identity/v1/accounts:signUp",
                                  {"email": email, "password": PASSWORD, "returnSecureToken": True}, client=i)
            users.append({"email": email, "token": answer["idToken"]})
        counts = {}
        sign_ins = {}
        lock = threading.Lock()
        stop = time.time() + SECS

        def count(status):
            with lock:
                counts[status] = counts.get(status, 0) + 1

        def worker(n):
            rng = random.Random(n)
            user = users[n]
            page = urllib.parse.quote('{"offset":0,"limit":100}')
            next_sign_in = time.time() + rng.random() * THREADS
            while time.time() < stop:
                roll = rng.random()
                if time.time() >= next_sign_in:
                    next_sign_in += THREADS
                    status, _ = call(f"{url}/identity/v1/accounts:signInWithPassword",
                                     {"email": user["email"], "password": PASSWORD, "returnSecureToken": True},
                                     client=n)
                    count(status)
                    with lock:
                        sign_ins[status] = sign_ins.get(status, 0) + 1
                elif roll < 0.55:
                    for proc in ("getServerTime", "queryEntries", "queryUserReviews", "queryUserCards"):
                        q = "" if proc == "getServerTime" else f"?input={page}"
                        count(call(f"{url}/api/trpc/{proc}{q}", token=user["token"])[0])
                else:
                    entry = rng.choice(entry_ids)
                    review = {"id": uuid7(), "entryId": entry, "kind": "reading", "rating": rng.randint(1, 4),
                              "reviewedAt": int(time.time() * 1000), "durationMs": rng.randint(300, 9000),
                              "cardId": cards[entry]}
                    count(call(f"{url}/api/trpc/saveUserReview", review, user["token"])[0])

        cards = {e: card_id(e, "reading") for e in entry_ids}
        samples = [(0.0, rss_mib(server.pid))]
        threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
        started = time.time()
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            time.sleep(2)
            samples.append((time.time() - started, rss_mib(server.pid)))
        total = sum(counts.values())
        errors = {k: v for k, v in counts.items() if k != 200}
        mid = min(samples, key=lambda s: abs(s[0] - SECS / 2))[1]
        print(f"  answers by status: {dict(sorted(counts.items(), key=str))}; "
              f"sign-ins by status: {dict(sorted(sign_ins.items(), key=str))}")
        print(f"RESULT soak, {SECS:.0f} s mixed load ({THREADS} clients: sync queries, saves, sign-ins): "
              f"{total} requests ({total / SECS:.0f}/s), not 200: {sum(errors.values())} "
              f"(5xx {sum(v for k, v in errors.items() if isinstance(k, int) and k >= 500)}); "
              f"server RSS start {samples[0][1]:.0f} MiB, middle {mid:.0f}, end {samples[-1][1]:.0f}, "
              f"max {max(s[1] for s in samples):.0f}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
