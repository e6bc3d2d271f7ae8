#!/usr/bin/env python3
"""The cluster test (`make test`, issue 28): three `writeit serve` instances over one PostgreSQL
behind HAProxy (scripts/cluster.py) behave as one server.

1. Accounts: sign-up on instance 1, sign-in on instance 2, a first sync there; the ID token works
   on every instance; the instances publish the same signing key.
   An admin's recording, uploaded through the balancer, is served identically by every instance.
2. Rate limits count across instances: the per-account limit on failed sign-ins and the
   per-address limit, each reached by spreading the attempts over all instances.
3. Refresh-token reuse is caught whichever instance sees it (each instance in turn).
   Then `writeit keys rotate` on the shared keys folder (skipped by a build without it): after
   the rolling restart below, a token signed with the new key and one signed before the
   rotation both work on every instance.
4. Load through the balancer: writers save reviews (client-made ids) and user entries, retrying
   what was not acknowledged as the client's outbox does; syncers run the delta sync of
   docs/sync.md (getServerTime batched with the first page, pages resumed `after` the last row,
   lastSync = that time) over and over. Instance 3 is killed (SIGKILL) mid-load, later started
   again; then every instance is restarted in turn, drained first (a rolling restart). Then:
   every acknowledged write is stored, each syncer's copy equals the server's tables, only
   requests in flight at the kill failed, and none during the rolling restart.

Usage: scripts/cluster-test.py [BIN]  (default target/debug/writeit; needs haproxy, see
scripts/install-haproxy.sh, and root for the throwaway PostgreSQL, as scripts/pg-cluster.sh).
Exits non-zero on the first failed check, printing the instances' logs.
"""
import base64
import json
import os
import random
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import ROOT, Cluster  # noqa: E402

PASSWORD = "a quiet river 42"
WRITERS = 6
SYNCERS = 3
PAGE = 25  # small pages, so that a sync pages and `after` is exercised
LOAD_SECS = float(os.environ.get("WRITEIT_CLUSTER_LOAD_SECS", "4"))  # per phase of the load
CARD_NAMESPACE = uuid.UUID("6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091")  # writeit-core card.rs
USER_TABLES = ("queryUserEntries", "queryUserReviews")


class Failed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failed(message)


# -- HTTP --------------------------------------------------------------------------------------

def request(url, body=None, token=None, form=False, client="192.0.2.1", timeout=15):
    """(status, JSON answer); status is "network: …" when no HTTP answer came."""
    headers = {"x-forwarded-for": client}
    data = None
    if form:
        data = urllib.parse.urlencode(body).encode()
        headers["content-type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        headers["content-type"] = "application/json"
    if token:
        headers["authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, headers=headers, method="POST" if data else "GET")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw)
        except ValueError:
            return e.code, raw.decode(errors="replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as e:
        return f"network: {e}", None


def identity(base, endpoint, body, client="192.0.2.1"):
    return request(f"{base}/identity/v1/{endpoint}", body, client=client)


def id_error(answer):
    try:
        return answer["error"]["message"].split(" : ")[0]
    except (TypeError, KeyError):
        return repr(answer)[:200]


def sign_up(base, email, client="192.0.2.1"):
    status, v = identity(base, "accounts:signUp", {"email": email, "password": PASSWORD,
                                                     "returnSecureToken": True}, client)
    check(status == 200, f"sign-up of {email} on {base}: {status} {v}")
    return v


def sign_in(base, email, password=PASSWORD, client="192.0.2.1"):
    return identity(base, "accounts:signInWithPassword",
                    {"email": email, "password": password, "returnSecureToken": True}, client)


def refresh(base, refresh_token):
    return request(f"{base}/identity/v1/token",
                   {"grant_type": "refresh_token", "refresh_token": refresh_token}, form=True)


def query_path(procedures, inputs):
    """A batched GET: `inputs` maps a call's index to its input."""
    encoded = urllib.parse.quote(json.dumps({str(k): v for k, v in inputs.items()}, separators=(",", ":")))
    return f"/api/trpc/{','.join(procedures)}?batch=1&input={encoded}"


def rpc_query(base, procedure, page, token):
    status, v = request(base + query_path([procedure], {0: page}), token=token)
    return status, (v[0]["result"]["data"] if status == 200 else v)


def rpc_save(base, procedure, body, token):
    status, v = request(f"{base}/api/trpc/{procedure}", body, token=token)
    return status, (v["result"]["data"] if status == 200 else v)


def retryable(status):
    """What a client retries: no answer, or the balancer's or server's "try again"."""
    return not isinstance(status, int) or status in (502, 503, 504)


# -- sync --------------------------------------------------------------------------------------

class Syncer:
    """A client's copy of its user tables, kept by the delta sync of docs/sync.md."""

    def __init__(self, base, token):
        self.base, self.token = base, token
        self.last_sync = 0
        self.rows = {t: {} for t in USER_TABLES}
        self.syncs = 0
        self.failed_syncs = 0

    def sync(self):
        """One sync; False when a request failed (lastSync then stays, as in the client)."""
        server_time = None
        pulled = {t: [] for t in USER_TABLES}
        for table in USER_TABLES:
            after = None
            while True:
                page = {"offset": self.last_sync, "limit": PAGE}
                if after:
                    page["after"] = after
                if server_time is None:
                    # getServerTime batched ahead of the first page: it reads the clock first.
                    status, v = request(self.base + query_path(["getServerTime", table], {1: page}),
                                        token=self.token)
                    if status == 200:
                        server_time = v[0]["result"]["data"]
                        rows = v[1]["result"]["data"]
                else:
                    status, v = request(self.base + query_path([table], {0: page}), token=self.token)
                    if status == 200:
                        rows = v[0]["result"]["data"]
                if status != 200:
                    check(retryable(status), f"sync page of {table}: {status} {v}")
                    self.failed_syncs += 1
                    return False
                pulled[table].extend(rows)
                if len(rows) < PAGE:
                    break
                after = {"updatedAt": rows[-1]["updatedAt"], "id": rows[-1]["id"]}
        for table, rows in pulled.items():
            for row in rows:
                self.rows[table][row["id"]] = row
        self.last_sync = server_time
        self.syncs += 1
        return True


def read_all(base, token, table):
    """Every row of a user table, from offset 0."""
    out, after = {}, None
    while True:
        page = {"offset": 0, "limit": 1000}
        if after:
            page["after"] = after
        status, rows = rpc_query(base, table, page, token)
        check(status == 200, f"read {table}: {status} {rows}")
        out.update((r["id"], r) for r in rows)
        if len(rows) < 1000:
            return out
        after = {"updatedAt": rows[-1]["updatedAt"], "id": rows[-1]["id"]}


# -- the parts of the test ---------------------------------------------------------------------

def uuid7():
    ms = int(time.time() * 1000)
    rand = uuid.uuid4().int & ((1 << 74) - 1)
    value = (ms << 80) | (0x7 << 76) | ((rand >> 62) << 64) | (0b10 << 62) | (rand & ((1 << 62) - 1))
    return str(uuid.UUID(int=value))


def accounts(c, run):
    """Sign-up on instance 1, sign-in and a first sync on instance 2, the token everywhere."""
    email = f"ada-{run}@example.com"
    up = sign_up(c.instance_url(0), email)
    status, session = sign_in(c.instance_url(1), email)
    check(status == 200, f"sign-in on instance 2 after sign-up on instance 1: {status} {session}")
    check(session["localId"] == up["localId"], "sign-in answered another account")
    first = Syncer(c.instance_url(1), session["idToken"])
    check(first.sync(), "a first sync on instance 2 failed")
    keys = set()
    for i in range(c.count):
        for name, token in (("sign-up", up["idToken"]), ("sign-in", session["idToken"])):
            status, v = rpc_query(c.instance_url(i), "queryUserEntries", {"offset": 0}, token)
            check(status == 200, f"the {name} ID token on instance {i + 1}: {status} {v} "
                                 "(the instances must share one keys folder: --keys-dir)")
        status, jwks = request(f"{c.instance_url(i)}/identity/v1/jwks.json")
        check(status == 200, f"jwks.json on instance {i + 1}: {status}")
        keys.add(json.dumps(sorted(k["x"] for k in jwks["keys"])))
    check(len(keys) == 1, f"the instances publish different signing keys: {keys}")
    print(f"  accounts: sign-up on 1, sign-in and sync on 2; both tokens accepted by all {c.count}, one key set")
    return email, session


def wav(samples):
    """A small but real WAV file: 8-bit mono PCM silence."""
    return (b"RIFF" + struct.pack("<I", 36 + samples) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", samples) + bytes([128]) * samples)


def media(c, run, entry_id):
    """A recording stored through one instance is served, byte for byte, by every instance."""
    email = f"admin-{run}@example.com"
    admin = sign_up(c.instance_url(0), email, client="192.0.2.60")
    subprocess.run([c.bin, "users", "--database-url", c.pg_url, "grant", email, "admin"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    body = wav(2000)
    req = urllib.request.Request(f"{c.balancer_url()}/api/media/audio?entryId={entry_id}", body, method="POST",
                                 headers={"content-type": "application/octet-stream",
                                          "authorization": f"Bearer {admin['idToken']}"})
    with urllib.request.urlopen(req, timeout=15) as res:
        url = json.loads(res.read())["url"]
    for i in range(c.count):
        with urllib.request.urlopen(c.instance_url(i) + url, timeout=15) as res:
            check((res.status, res.read()) == (200, body), f"instance {i + 1} serves {url} differently")
    print(f"  media: a recording uploaded through the balancer is served by all {c.count} instances")


def rate_limits(c, run):
    """Failed sign-ins of one account, and one address's requests, spread over the instances."""
    n = c.count
    email = f"grace-{run}@example.com"
    sign_up(c.instance_url(n - 1), email, client="192.0.2.50")
    # Per account: 10 failed checks per 15 min (docs/identity.md), each from another address.
    for k in range(10):
        status, v = sign_in(c.instance_url(k % n), email, "not the password 1", client=f"198.51.100.{k + 1}")
        check((status, id_error(v)) == (400, "INVALID_LOGIN_CREDENTIALS"),
              f"wrong password #{k + 1} on instance {k % n + 1}: {status} {v}")
    for i in range(n):
        status, v = sign_in(c.instance_url(i), email, client=f"198.51.100.{50 + i}")
        check(status == 429, f"instance {i + 1} let a sign-in through after 10 failures spread over "
                             f"{n} instances: {status} {id_error(v)}")
    # Per address: 100 requests per 10 min on the endpoints that check secrets (createAuthUri is
    # the cheapest of them).
    address = "203.0.113.77"
    for k in range(100):
        status, v = identity(c.instance_url(k % n), "accounts:createAuthUri",
                             {"identifier": f"someone-{k}@example.com"}, address)
        check(status == 200, f"createAuthUri #{k + 1} on instance {k % n + 1}: {status} {v}")
    for i in range(n):
        status, v = identity(c.instance_url(i), "accounts:createAuthUri",
                             {"identifier": "one-more@example.com"}, address)
        check(status == 429, f"instance {i + 1} let request 101 of one address through: {status}")
    print(f"  rate limits: 10 failed sign-ins and 100 requests of one address, spread over {n} "
          "instances, then 429 on every instance")


def refresh_reuse(c, email):
    """Sign in on instance k, refresh on k+1, replay the spent token on k+2: refused, and the
    family with it (the successor too), for each k."""
    n = c.count
    for k in range(n):
        a, b, r = k, (k + 1) % n, (k + 2) % n
        status, session = sign_in(c.instance_url(a), email, client=f"192.0.2.{10 + k}")
        check(status == 200, f"sign-in on instance {a + 1}: {status} {session}")
        spent = session["refreshToken"]
        status, v = refresh(c.instance_url(b), spent)
        check(status == 200, f"refresh on instance {b + 1}: {status} {v}")
        successor = v["refresh_token"]
        status, v = refresh(c.instance_url(r), spent)
        check((status, id_error(v)) == (400, "TOKEN_EXPIRED"),
              f"instance {r + 1} took a refresh token spent on instance {b + 1}: {status} {v}")
        status, v = refresh(c.instance_url(a), successor)
        check((status, id_error(v)) == (400, "TOKEN_EXPIRED"),
              f"instance {a + 1} took the successor of a reused token: {status} {v}")
    print(f"  refresh tokens: reuse caught on each of the {n} instances, the family revoked")


def kid(token):
    head = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))["kid"]


def rotate(c):
    """`writeit keys rotate` on the shared folder; False when the build has no such command."""
    keys = [c.bin, "keys", "--keys-dir", c.keys_dir]
    if subprocess.run(keys + ["--help"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        print("  key rotation: skipped, this build has no `writeit keys`")
        return False
    subprocess.run(keys + ["rotate"], check=True, stdout=subprocess.DEVNULL)
    # A new key signs once it is two minutes old (its file name holds when it was made), so that
    # every instance has read it first. The test does not wait: it dates the key two minutes back,
    # as if the load below had lasted that long; the rolling restart then reads it everywhere.
    made = sorted(
        (int(m.group(1)), name)
        for name in os.listdir(c.keys_dir)
        if (m := re.fullmatch(r"id-token-ed25519-(\d+)\.pk8", name))
    )
    check(made, f"`writeit keys rotate` made no dated key in {c.keys_dir}")
    secs, name = made[-1]
    os.rename(os.path.join(c.keys_dir, name), os.path.join(c.keys_dir, f"id-token-ed25519-{secs - 121}.pk8"))
    return True


def after_rotation(c, email, old_token):
    """After the rolling restart every instance signs with the new key; tokens signed with the
    old one (the load's, the first sign-in's) still work on every instance."""
    status, session = sign_in(c.instance_url(0), email, client="192.0.2.30")
    check(status == 200, f"sign-in after the rotation: {status} {session}")
    new_token = session["idToken"]
    check(kid(new_token) != kid(old_token), f"instance 1 still signs with the old key {kid(old_token)}")
    for i in range(c.count):
        for name, t in (("new", new_token), ("old", old_token)):
            status, v = rpc_query(c.instance_url(i), "queryUserEntries", {"offset": 0}, t)
            check(status == 200, f"after `writeit keys rotate`, instance {i + 1} refused a token signed "
                                 f"with the {name} key (kid {kid(t)}): {status} {v}")
    print(f"  key rotation: tokens of the old and the new key accepted by all {c.count} instances")


def load(c, users, entry_ids):
    """Writers and syncers through the balancer; instance 3 killed mid-load and started again,
    then every instance restarted gracefully in turn."""
    base = c.balancer_url()
    stop = threading.Event()
    lock = threading.Lock()
    acked_reviews = {}  # review id -> (user index, review)
    acked_entries = {}  # (user index, entry id) -> enabled
    retried = {"count": 0, "kinds": {}}
    errors = []

    def note_retry(status):
        with lock:
            retried["count"] += 1
            kind = status if isinstance(status, int) else status.split(":")[0]
            retried["kinds"][kind] = retried["kinds"].get(kind, 0) + 1

    def save(procedure, body, token):
        """Until acknowledged, as the outbox: the same input again (both saves are idempotent)."""
        while True:
            status, v = rpc_save(base, procedure, body, token)
            if status == 200:
                return v
            if not retryable(status):
                raise Failed(f"{procedure} {body}: {status} {v}")
            note_retry(status)
            time.sleep(0.05)

    def writer(n):
        try:
            rng = random.Random(n)
            u = n % len(users)
            token = users[u]["idToken"]
            mine = entry_ids[n::WRITERS]  # each writer toggles its own user entries
            while not stop.is_set():
                entry = rng.choice(mine)
                if rng.random() < 0.7:
                    kind = rng.choice(["meaning", "reading", "writing"])
                    review = {"id": uuid7(), "entryId": entry, "kind": kind, "rating": rng.randint(1, 4),
                              "reviewedAt": int(time.time() * 1000), "durationMs": rng.randint(300, 9000),
                              "cardId": str(uuid.uuid5(CARD_NAMESPACE, f"{entry}/{kind}"))}
                    save("saveUserReview", review, token)
                    with lock:
                        acked_reviews[review["id"]] = (u, review)
                else:
                    enabled = rng.random() < 0.5
                    save("saveUserEntry", {"entryId": entry, "enabled": enabled}, token)
                    with lock:
                        acked_entries[(u, entry)] = enabled
        except Exception as e:  # noqa: BLE001 - reported by the main thread
            errors.append(f"writer {n}: {e}")

    syncers = [Syncer(base, users[u]["idToken"]) for u in range(SYNCERS)]

    def failures():
        """Requests that got no answer or a "try again": writers' and syncers'."""
        with lock:
            return retried["count"] + sum(s.failed_syncs for s in syncers)

    def syncing(s):
        try:
            while not stop.is_set():
                s.sync()
        except Exception as e:  # noqa: BLE001
            errors.append(f"syncer: {e}")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    threads += [threading.Thread(target=syncing, args=(s,)) for s in syncers]
    for t in threads:
        t.start()
    try:
        time.sleep(LOAD_SECS)
        killed_at = len(acked_reviews) + len(acked_entries)
        c.kill(2)
        c.wait_servers(lambda up: not up["writeit"]["s3"])
        time.sleep(LOAD_SECS)
        c.start_instance(2)
        c.wait_servers(lambda up: up["writeit"]["s3"])
        after_kill = failures()
        # A rolling restart, as docs/deploy.md rolls out a new version: not one request fails.
        for i in range(c.count):
            c.restart_gracefully(i)
        time.sleep(LOAD_SECS)
    finally:
        stop.set()
        for t in threads:
            t.join()
    check(not errors, "; ".join(errors))
    writes = len(acked_reviews) + len(acked_entries)
    failed = failures()
    print(f"  load: {WRITERS} writers, {SYNCERS} syncers through the balancer; {writes} writes acknowledged "
          f"({killed_at} before the SIGKILL of instance 3), {sum(s.syncs for s in syncers)} syncs; "
          f"{after_kill} requests failed at the kill (saves retried: {retried['kinds']}, syncs cut off: "
          f"the rest), {failed - after_kill} during the rolling restart of all {c.count}")
    # Only requests in flight at the kill may fail: at most one per client thread. Requests
    # the killed instance had not accepted are retried by HAProxy on another.
    check(after_kill <= WRITERS + SYNCERS,
          f"{after_kill} requests failed, more than the {WRITERS + SYNCERS} that can have been "
          f"in flight on the killed instance: {retried['kinds']}")
    check(failed == after_kill, f"{failed - after_kill} requests failed during the rolling restart")

    # Every acknowledged write is stored (read back through another instance each time).
    for u, user in enumerate(users):
        via = c.instance_url(u % c.count)
        reviews = read_all(via, user["idToken"], "queryUserReviews")
        entries = read_all(via, user["idToken"], "queryUserEntries")
        mine = [r for (owner, r) in acked_reviews.values() if owner == u]
        missing = [r["id"] for r in mine if r["id"] not in reviews or reviews[r["id"]].get("deleted")]
        check(not missing, f"user {u}: {len(missing)} acknowledged reviews not stored, e.g. {missing[:3]}")
        wrong = [e for (owner, e), enabled in acked_entries.items()
                 if owner == u and (e not in entries or entries[e]["enabled"] != enabled)]
        check(not wrong, f"user {u}: {len(wrong)} user entries differ from the last acknowledged save")
        # Each syncer's copy, after one more sync, is the server's table, row for row.
        s = syncers[u]
        check(s.sync(), f"the final sync of user {u} failed")
        for table, server_rows in (("queryUserReviews", reviews), ("queryUserEntries", entries)):
            copy = {k: r["updatedAt"] for k, r in s.rows[table].items()}
            truth = {k: r["updatedAt"] for k, r in server_rows.items()}
            check(copy == truth, f"user {u}, {table}: the delta-synced copy differs from the server: "
                                 f"{len(set(truth) - set(copy))} rows missing, "
                                 f"{sum(1 for k in truth if k in copy and copy[k] != truth[k])} stale")
    print("  every acknowledged write stored; every syncer's copy equals the server's tables")


def main():
    bin_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/debug/writeit")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    run = uuid.uuid4().hex[:8]
    started = time.time()
    c = Cluster(bin_path, instances=3)
    try:
        c.start()
        print(f"cluster test: 3 instances behind HAProxy at {c.balancer_url()} "
              f"(up in {time.time() - started:.1f} s)")
        email, session = accounts(c, run)
        status, entries = rpc_query(c.balancer_url(), "queryEntries", {"offset": 0, "limit": 120}, None)
        check(status == 200 and len(entries) >= WRITERS, f"queryEntries: {status}")
        media(c, run, entries[0]["id"])
        rate_limits(c, run)
        refresh_reuse(c, email)
        rotated = rotate(c)
        users = [sign_up(c.balancer_url(), f"learner-{u}-{run}@example.com") for u in range(SYNCERS)]
        load(c, users, [e["id"] for e in entries])
        if rotated:
            after_rotation(c, email, session["idToken"])
    except (Failed, RuntimeError) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        for i in range(c.count):
            print(f"--- instance {i + 1} log (tail)\n{c.log_tail(i)}", file=sys.stderr)
        return 1
    finally:
        c.stop()
    print(f"cluster test passed in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
