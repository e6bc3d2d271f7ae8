#!/usr/bin/env python3
"""`make bench`, the cluster figure (issue 28): the batched delta sync's requests per second
through HAProxy with 1, 2 and 3 instances, and against one instance without the balancer.

The request is bench/run.sh's benchmark A (bench/delta_request.py): getServerTime and the eight
query* procedures in one tRPC batch, signed in, an empty delta up to the server time, public rows
of one language, Accept-Encoding gzip and br; the load is wrk's closed loop, -t2 -c32, as there.
Three instances over one throwaway PostgreSQL (scripts/cluster.py), one HAProxy with three
frontends (the first 1, 2 and 3 instances). The four
targets are measured in turn, BENCH_CLUSTER_ROUNDS rounds of BENCH_CLUSTER_DURATION seconds each,
so that a change in the machine's load falls on all of them; the table gives each one's median,
and the CPU time per request of HAProxy and of the instances (from /proc), which the machine's
other work disturbs less than the rate.

On one machine every instance, PostgreSQL, HAProxy and wrk share the same cores: the figure is
the balancer's overhead, not scaling. Prints figures and never fails on them.

Environment: BENCH_CLUSTER_ROUNDS=3, BENCH_CLUSTER_DURATION=5, BENCH_BUILD=1 (0: use
target/release/writeit as it is), BENCH_NICE=1 (as bench/run.sh: servers and wrk at nice -10
when root).
"""
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import urllib.request

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from cluster import Cluster  # noqa: E402
from delta_request import path as delta_path  # noqa: E402

BIN = os.path.join(ROOT, "target/release/writeit")
ROUNDS = int(os.environ.get("BENCH_CLUSTER_ROUNDS", "3"))
DURATION = int(os.environ.get("BENCH_CLUSTER_DURATION", "5"))
NICE = ["nice", "-n", "-10"] if os.environ.get("BENCH_NICE", "1") == "1" and os.getuid() == 0 else []
BATCH = ("getServerTime,queryLanguages,queryDecks,queryEntries,queryCharacters,"
         "queryUserEntries,queryUserDecks,queryUserCards,queryUserReviews")


def log(message):
    print(f"bench: {message}", file=sys.stderr)


def prepare():
    if os.environ.get("BENCH_BUILD", "1") == "1":
        subprocess.run(["cargo", "build", "--release", "-p", "writeit-server", "--quiet"], cwd=ROOT, check=True)
    if shutil.which("wrk") is None:
        log("installing wrk (Debian package)")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=sys.stderr)
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, env=env, stdout=sys.stderr)
    subprocess.run(["bash", os.path.join(ROOT, "scripts/install-haproxy.sh")], check=True, stdout=sys.stderr)


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def get(url, token=None):
    req = urllib.request.Request(url, headers={"authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(req, timeout=30) as res:
        return res.status, json.loads(res.read())


def cpu_us(pids):
    """User + system CPU time of these processes, in microseconds."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total * 1_000_000 // os.sysconf("SC_CLK_TCK")


def wrk(url, script, seconds, cluster=None):
    """{rps, p50_ms, p99_ms, requests, bad_status, errors} of one closed-loop run, and the CPU
    time per request of HAProxy and of the instances (`lb_us`, `server_us`) when given the cluster."""
    if cluster:
        before = cpu_us([cluster.haproxy.pid]), cpu_us(cluster.pids())
    out = subprocess.run(NICE + ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency", "-s", script, url],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("WRK "))
    result = {k: float(v) for k, v in (f.split("=") for f in line.split()[1:])}
    if cluster:
        n = max(result["requests"], 1)
        result["lb_us"] = (cpu_us([cluster.haproxy.pid]) - before[0]) / n
        result["server_us"] = (cpu_us(cluster.pids()) - before[1]) / n
    return result


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the cluster is removed on the way out
    prepare()
    with Cluster(BIN, instances=3, balancers=[1, 2, 3], check_ms=2000, nice=NICE) as c:
        session = post(f"{c.instance_url(0)}/identity/v1/accounts:signUp",
                       {"email": "bench@example.com", "password": "a quiet river 42", "returnSecureToken": True})
        token = session["idToken"]
        now = get(f"{c.instance_url(0)}/api/trpc/getServerTime")[1]["result"]["data"]
        path = delta_path(BATCH, 1, now)
        targets = [("one instance, no balancer", c.instance_url(0))]
        targets += [(f"HAProxy, {n} instance{'s' if n > 1 else ''}", c.balancer_url(n - 1)) for n in (1, 2, 3)]
        for _, base in targets:
            status, answer = get(base + path, token)
            if status != 200 or any("error" in item for item in answer):
                raise SystemExit(f"the batch does not answer cleanly through {base}: {answer}")
        script = os.path.join(c.work, "delta.lua")
        with open(script, "w") as f:
            f.write(f'wrk.headers["Authorization"] = "Bearer {token}"\n')
            with open(os.path.join(BENCH, "wrk-report.lua")) as report:
                f.write(report.read())

        print(f"  request: GET {path[:90]}…")
        print(f"           (9 calls, offset = until = server time, Korean, signed in; wrk -t2 -c32, {ROUNDS} rounds of "
              f"{DURATION} s per target, in turn)")
        for _, base in targets:  # warm up pools and caches
            wrk(base + path, script, 2)
        runs = {name: [] for name, _ in targets}
        for r in range(ROUNDS):
            order = targets if r % 2 == 0 else targets[::-1]
            for name, base in order:
                runs[name].append(wrk(base + path, script, DURATION, c))

    direct = statistics.median(x["rps"] for x in runs[targets[0][0]])
    print(f"  {'':<28} {'':>9} {'':>7} {'':>8} {'':>8} {'CPU us/req':>19}")
    print(f"  {'target':<28} {'req/s':>9} {'ratio':>7} {'p50 ms':>8} {'p99 ms':>8} {'HAProxy':>9} {'servers':>9}"
          "   runs (req/s)")
    for name, _ in targets:
        rps, p50, p99, lb, server = (statistics.median(x[k] for x in runs[name])
                                     for k in ("rps", "p50_ms", "p99_ms", "lb_us", "server_us"))
        bad = sum(x["bad_status"] + x["errors"] for x in runs[name])
        print(f"  {name:<28} {rps:>9.0f} {rps / direct:>6.2f}x {p50:>8.2f} {p99:>8.2f} {lb:>9.0f} {server:>9.0f}   "
              + ", ".join(f"{x['rps']:.0f}" for x in runs[name])
              + (f"  (!) {bad:.0f} bad statuses or errors" if bad else ""))
    print("  (median of the rounds; ratio to one instance without the balancer; CPU = user + system time per "
          "request,\n   all instances together; 2 cores shared by all: overhead, not scaling)")


if __name__ == "__main__":
    main()
