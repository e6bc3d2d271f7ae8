#!/usr/bin/env python3
"""Several `writeit serve` instances over one throwaway PostgreSQL, behind HAProxy on loopback.

Used by the cluster test (scripts/cluster-test.py, run by `make test`) and the cluster benchmark
(bench/cluster.py, run by `make bench`); docs/deploy.md shows the HAProxy configuration it writes.

    with Cluster(bin_path, instances=3) as c:   # PostgreSQL, instances one by one, HAProxy
        c.balancer_url(), c.instance_url(i)
        c.kill(i); c.start_instance(i)           # SIGKILL, or start again on the same port
        c.restart_gracefully(i)                  # drain in HAProxy, SIGTERM, start, back in
        c.servers_up()                           # what HAProxy's health checks say, by server

Each instance has its own data folder and port. They share the database and one keys folder: the
folder is passed as WRITEIT_KEYS_DIR, and each data folder's `keys` is a symlink to it, so the
instances sign and verify ID tokens and seal TOTP secrets with one key set whether the server
reads the variable or still keeps its keys in DATA_DIR/keys. The first instance starts alone (it
runs the migrations, loads the starter content and makes the keys), then the others.

Command line (stdlib only, no packages):
    scripts/cluster.py up [N] [--bin PATH]    start N instances (default 3) and wait for Ctrl-C
    scripts/cluster.py haproxy-config HOST:PORT...   print the balancer configuration for these
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def haproxy_config(listeners, stats_socket=None, check_ms=2000):
    """HAProxy's configuration: `listeners` is a list of (bind address, [server address, ...]),
    one frontend and backend each (the benchmark puts 1, 2 and 3 instances behind three ports).

    Round robin; a server is taken out after two failed health checks (`GET /healthz`, 200 when
    its database answers and accepts writes) and back after two good ones. A connection that
    fails (refused: the instance is down or draining) is retried, on another server after the
    first retry (`option redispatch`), so a request that no instance has accepted yet is never
    lost. A request already sent is not retried: a save may have committed, and a refresh token
    sent twice would look like a theft (docs/identity.md); the client retries, as its outbox
    does. X-Forwarded-For carries the client's address (start the instances with
    --trust-forwarded-for, which takes its last hop, for the rate limits).
    """
    out = ["global", "    maxconn 4096"]
    if stats_socket:
        out.append(f"    stats socket {stats_socket} mode 600 level admin")
    out += [
        "",
        "defaults",
        "    mode http",
        "    option forwardfor",
        "    timeout connect 2s",
        "    timeout client 60s",
        # Long enough for an Anki import's progress stream (docs/import.md).
        "    timeout server 120s",
        "    timeout http-request 10s",
        "    timeout http-keep-alive 10s",
        "    timeout queue 10s",
        "    retries 3",
        "    retry-on conn-failure",
        "    option redispatch 1",
    ]
    inter = f"inter {check_ms}ms fastinter {max(check_ms // 4, 100)}ms downinter {check_ms}ms"
    for n, (bind, servers) in enumerate(listeners):
        name = "writeit" if len(listeners) == 1 else f"writeit{n + 1}"
        out += [
            "",
            f"frontend {name}",
            f"    bind {bind}",
            f"    default_backend {name}",
            "",
            f"backend {name}",
            "    balance roundrobin",
            "    option httpchk GET /healthz",
            "    http-check expect status 200",
            # At most 192 requests at once per instance, below its --max-requests (256): beyond,
            # HAProxy queues (docs/deploy.md, "Admission control and HAProxy's maxconn").
            f"    default-server check {inter} fall 2 rise 2 maxconn 192",
        ]
        out += [f"    server s{i + 1} {addr}" for i, addr in enumerate(servers)]
    return "\n".join(out) + "\n"


def wait_healthy(url, proc=None, timeout=60.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url}: the process exited ({proc.returncode})")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as res:
                if res.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer /healthz within {timeout:.0f} s")


class Cluster:
    """A PostgreSQL cluster, `instances` servers and HAProxy; `stop()` (or leaving the `with`)
    removes everything, whatever happened.

    `balancers`: the instance counts to put behind a balancer port each (default: all of them
    behind one). `check_ms`: the health-check interval. `extra_args`: more `serve` flags.
    `nice`: a command prefix for the servers and HAProxy (the benchmark's `nice -n -10`).
    """

    def __init__(self, bin_path, instances=3, balancers=None, check_ms=500, extra_args=(), nice=()):
        self.bin = bin_path
        self.count = instances
        self.balancer_sizes = list(balancers or [instances])
        self.check_ms = check_ms
        self.extra_args = list(extra_args)
        self.nice = list(nice)
        # Short: PostgreSQL's and HAProxy's sockets live in it (107-byte limit).
        self.work = tempfile.mkdtemp(prefix="wic.", dir="/tmp")
        os.chmod(self.work, 0o755)
        self.keys_dir = os.path.join(self.work, "keys")
        self.pg_dir = os.path.join(self.work, "pg")
        self.pg_url = None
        self.ports = [free_port() for _ in range(instances)]
        self.balancer_ports = [free_port() for _ in self.balancer_sizes]
        self.procs = [None] * instances
        self.haproxy = None
        self.stats_socket = os.path.join(self.work, "haproxy.sock")

    # -- life cycle ------------------------------------------------------------------------

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        if shutil.which("haproxy") is None:
            raise RuntimeError("haproxy is missing: run scripts/install-haproxy.sh")
        started = subprocess.run(
            ["bash", os.path.join(ROOT, "scripts/pg-cluster.sh"), "start", self.pg_dir, str(free_port())],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if started.returncode != 0:
            raise RuntimeError(f"PostgreSQL did not start:\n{started.stderr[-2000:]}")
        self.pg_url = started.stdout.strip().splitlines()[-1]
        os.makedirs(self.keys_dir, mode=0o700)
        for i in range(self.count):
            data = self.data_dir(i)
            os.makedirs(data)
            os.symlink(self.keys_dir, os.path.join(data, "keys"))
        # The first alone: migrations, starter content and keys are made once.
        self.start_instance(0)
        for i in range(1, self.count):
            self.start_instance(i, wait=False)
        for i in range(1, self.count):
            wait_healthy(self.instance_url(i), self.procs[i])
        self.start_balancer()

    def stop(self):
        if self.haproxy is not None:
            self.haproxy.terminate()
            self.haproxy.wait(timeout=10)
            self.haproxy = None
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for i, proc in enumerate(self.procs):
            if proc is not None:
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                self.procs[i] = None
        if os.path.exists(self.pg_dir):
            subprocess.run(["bash", os.path.join(ROOT, "scripts/pg-cluster.sh"), "stop", self.pg_dir],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.pg_url = None
        shutil.rmtree(self.work, ignore_errors=True)

    # -- instances -------------------------------------------------------------------------

    def data_dir(self, i):
        return os.path.join(self.work, f"instance{i + 1}")

    def instance_url(self, i):
        return f"http://127.0.0.1:{self.ports[i]}"

    def balancer_url(self, n=0):
        return f"http://127.0.0.1:{self.balancer_ports[n]}"

    def start_instance(self, i, wait=True):
        """Starts instance `i` (again) on its port, with its data folder."""
        args = [self.bin, "serve", "--addr", f"127.0.0.1:{self.ports[i]}", "--data-dir", self.data_dir(i),
                "--database-url", self.pg_url, "--web-dir", "/nonexistent",
                "--starter-dir", os.path.join(ROOT, "data/starter"), "--trust-forwarded-for",
                *self.extra_args]
        env = {**os.environ, "RUST_LOG": os.environ.get("RUST_LOG", "warn"), "WRITEIT_KEYS_DIR": self.keys_dir}
        log = open(os.path.join(self.work, f"instance{i + 1}.log"), "ab")
        self.procs[i] = subprocess.Popen(self.nice + args, cwd=ROOT, env=env, stdout=log, stderr=log)
        log.close()
        if wait:
            wait_healthy(self.instance_url(i), self.procs[i])

    def kill(self, i):
        """SIGKILL: requests in flight on it fail; HAProxy takes it out after two checks."""
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait()
        self.procs[i] = None

    def restart_gracefully(self, i, drain_timeout=15.0):
        """A rolling restart's step (docs/deploy.md): HAProxy stops sending instance `i` requests
        (maintenance) and waits for those in flight to end; then SIGTERM (the server finishes
        what it still has and exits), a new process, and HAProxy takes it back once its health
        checks pass."""
        server = f"s{i + 1}"
        backends = [b for b, servers in self.servers_up().items() if server in servers]
        for b in backends:
            self.haproxy_command(f"set server {b}/{server} state maint")
        deadline = time.time() + drain_timeout
        while time.time() < deadline and any(self.sessions(b, server) for b in backends):
            time.sleep(0.05)
        self.procs[i].terminate()
        self.procs[i].wait(timeout=30)
        self.start_instance(i)
        for b in backends:
            self.haproxy_command(f"set server {b}/{server} state ready")
        self.wait_servers(lambda up: all(up[b][server] for b in backends))

    def pids(self):
        return [p.pid for p in self.procs if p is not None]

    def log_tail(self, i, lines=20):
        try:
            with open(os.path.join(self.work, f"instance{i + 1}.log"), errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    # -- the balancer ----------------------------------------------------------------------

    def start_balancer(self):
        listeners = [(f"127.0.0.1:{port}", [f"127.0.0.1:{p}" for p in self.ports[:size]])
                     for port, size in zip(self.balancer_ports, self.balancer_sizes)]
        cfg = os.path.join(self.work, "haproxy.cfg")
        with open(cfg, "w") as f:
            f.write(haproxy_config(listeners, self.stats_socket, self.check_ms))
        subprocess.run(["haproxy", "-c", "-q", "-f", cfg], check=True)
        log = open(os.path.join(self.work, "haproxy.log"), "ab")
        # -db: in the foreground, so that it is this process and ends with it.
        self.haproxy = subprocess.Popen(self.nice + ["haproxy", "-db", "-f", cfg], stdout=log, stderr=log)
        log.close()
        self.wait_servers(lambda up: all(all(states.values()) for states in up.values()))

    def haproxy_command(self, command):
        """One command on HAProxy's runtime API (its stats socket); its answer."""
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(self.stats_socket)
            s.sendall(command.encode() + b"\n")
            chunks = []
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def stats(self):
        """HAProxy's statistics of each server: {backend: {server: {column: value}}}."""
        lines = self.haproxy_command("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        out = {}
        for line in lines[1:]:
            row = dict(zip(header, line.split(",")))
            if len(row) == len(header) and row["svname"] not in ("FRONTEND", "BACKEND"):
                out.setdefault(row["pxname"], {})[row["svname"]] = row
        return out

    def servers_up(self):
        """{backend: {server: True when UP}} as HAProxy's health checks see them."""
        return {b: {s: row["status"].startswith("UP") for s, row in servers.items()}
                for b, servers in self.stats().items()}

    def sessions(self, backend, server):
        """Requests HAProxy has in flight on a server."""
        return int(self.stats()[backend][server]["scur"] or 0)

    def wait_servers(self, ready, timeout=30.0):
        """Waits until `ready(servers_up())` holds."""
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            if self.haproxy.poll() is not None:
                raise RuntimeError(f"haproxy exited ({self.haproxy.returncode})")
            try:
                last = self.servers_up()
                if ready(last):
                    return last
            except (OSError, IndexError, KeyError):
                pass
            time.sleep(0.05)
        raise RuntimeError(f"HAProxy's servers not as expected within {timeout:.0f} s: {last}")


def interrupt(*_):
    raise KeyboardInterrupt


def main(argv):
    if len(argv) >= 2 and argv[1] == "haproxy-config" and len(argv) > 2:
        sys.stdout.write(haproxy_config([("*:80", argv[2:])], "/run/haproxy/admin.sock", check_ms=2000))
        return 0
    if len(argv) >= 2 and argv[1] == "up":
        rest = argv[2:]
        bin_path = os.path.join(ROOT, "target/debug/writeit")
        if "--bin" in rest:
            at = rest.index("--bin")
            bin_path = rest[at + 1]
            del rest[at:at + 2]
        n = int(rest[0]) if rest else 3
        signal.signal(signal.SIGTERM, interrupt)  # cleans up as Ctrl-C does
        try:
            with Cluster(bin_path, instances=n) as c:
                for i in range(n):
                    print(f"instance {i + 1}: {c.instance_url(i)}  (data {c.data_dir(i)})")
                print(f"balancer:   {c.balancer_url()}  (config {c.work}/haproxy.cfg)")
                print(f"PostgreSQL: {c.pg_url}", flush=True)
                print("Ctrl-C stops everything", flush=True)
                signal.pause()
        except KeyboardInterrupt:
            pass
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
