#!/usr/bin/env python3
"""Memory under a burst of wrong sign-ins (issue 24): starts `writeit serve` on loopback, reads its
RSS (/proc/PID/status VmRSS) when idle, every 20 ms during N concurrent wrong sign-ins, and after
them, and counts the answers by status. Each request names another email and, through
--trust-forwarded-for, another client address, so only the hashing bound limits them.

usage: signin-burst.py [--bin target/debug/writeit] [--n 200]
Prints figures; exits 1 only when the server fails (a 500, or it dies)."""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sign_in(url, i):
    body = json.dumps({"email": f"burst{i}@example.com", "password": "not the password"}).encode()
    req = urllib.request.Request(
        f"{url}/identity/v1/accounts:signInWithPassword",
        data=body,
        headers={"content-type": "application/json", "x-forwarded-for": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, None
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("retry-after")
    except Exception as e:  # noqa: BLE001 - a refused connection is a figure too
        return type(e).__name__, None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=os.path.join(root, "target/debug/writeit"))
    p.add_argument("--n", type=int, default=200)
    args = p.parse_args()
    data = tempfile.mkdtemp(prefix="writeit-burst-")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [args.bin, "serve", "--addr", f"127.0.0.1:{port}", "--data-dir", data,
         "--starter-dir", os.path.join(root, "data/starter"), "--web-dir", "/nonexistent",
         "--trust-forwarded-for"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=1).read()
                break
            except Exception:  # noqa: BLE001 - not listening yet
                if server.poll() is not None:
                    sys.exit("the server exited")
                time.sleep(0.1)
        sign_in(url, 10**6)  # the dummy hash, made once
        time.sleep(1)
        idle = rss_mib(server.pid)
        samples, done = [], threading.Event()

        def sample():
            while not done.is_set():
                samples.append(rss_mib(server.pid))
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        gate = threading.Barrier(args.n)
        results = [None] * args.n

        def one(i):
            gate.wait()
            results[i] = sign_in(url, i)

        threads = [threading.Thread(target=one, args=(i,)) for i in range(args.n)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.monotonic() - t0
        time.sleep(2)
        done.set()
        sampler.join()
        after2 = rss_mib(server.pid)
        time.sleep(3)
        after5 = rss_mib(server.pid)
        statuses = Counter(str(s) for s, _ in results)
        retry = Counter(r for s, r in results if s in (429, 503))
        print(f"{args.n} concurrent wrong sign-ins in {took:.1f} s: answers {dict(statuses)}, Retry-After {dict(retry)}")
        print(f"RSS MiB: idle {idle:.1f}, peak {max(samples):.1f}, 2 s after {after2:.1f}, 5 s after {after5:.1f}")
        if server.poll() is not None or "500" in statuses:
            sys.exit(1)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
