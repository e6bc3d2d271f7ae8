//! Admission figures for `make bench` (bench/admission.sh, issue 36). Prints figures; never fails
//! on them.
//!
//! 1. A connection flood against `writeit serve` (the binary `BIN`, its own process, so its RSS
//!    is its own): a signed-in learner asks for the server's time and a batched delta sync in a
//!    loop, first alone, then while `FLOOD` connections (10,000) are held open: a third silent,
//!    a third sending one request and then holding, a third trickling a request body at 1 byte/s;
//!    once the server closes one, it comes back after `RECONNECT_MS`. Figures:
//!    the server's RSS (VmRSS) idle, at its peak and after; the learner's p50/p95 of each call
//!    alone and under the flood (and their ratio); what the flood got.
//! 2. A wrong-password flood from 48 addresses (127.0.0.2 to 127.0.0.49, 3 senders each) against
//!    a server in this process (the per-address limit raised so the flood lasts): a learner signs
//!    in `SIGN_INS` times from the browser they signed up with (its known-device cookie), and a
//!    newcomer on another address with no cookie; answered, and in how long.
//!
//! Environment: BIN (default target/release/writeit), SERVER_FLAGS (more `serve` flags),
//! FLOOD=10000, SECS=10 (each phase of 1), RECONNECT_MS=1000, SIGN_INS=20.

use std::net::{IpAddr, Ipv4Addr};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rss_mib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Milliseconds of each call of a learner's loop, and the calls that failed.
#[derive(Default)]
struct Learner {
    time: Vec<f64>,
    delta: Vec<f64>,
    failed: Vec<String>,
}

impl Learner {
    fn line(&mut self, what: &str) -> (f64, f64) {
        self.time.sort_by(f64::total_cmp);
        self.delta.sort_by(f64::total_cmp);
        let (t95, d95) = (percentile(&self.time, 0.95), percentile(&self.delta, 0.95));
        println!(
            "  learner {what}: getServerTime p50 {:.1} ms p95 {t95:.1} ms (n={}); delta sync p50 {:.1} ms p95 {d95:.1} ms (n={}); failed {}{}",
            percentile(&self.time, 0.5),
            self.time.len(),
            percentile(&self.delta, 0.5),
            self.delta.len(),
            self.failed.len(),
            self.failed
                .first()
                .map(|f| format!(" (first: {f})"))
                .unwrap_or_default()
        );
        (t95, d95)
    }
}

/// The batched delta sync of bench/delta_request.py: the server's time and the eight queries,
/// an empty delta up to `t`, the public rows of Korean only.
fn delta_path(t: i64) -> String {
    let procs = [
        "getServerTime",
        "queryLanguages",
        "queryDecks",
        "queryEntries",
        "queryCharacters",
        "queryUserEntries",
        "queryUserDecks",
        "queryUserCards",
        "queryUserReviews",
    ];
    let mut inputs = serde_json::Map::new();
    for (i, p) in procs.iter().enumerate().skip(1) {
        let mut page = json!({"offset": t, "until": t});
        if matches!(*p, "queryDecks" | "queryEntries" | "queryCharacters") {
            page["languages"] = json!(["ko"]);
        }
        inputs.insert(i.to_string(), page);
    }
    let input = Value::Object(inputs).to_string();
    format!(
        "/api/trpc/{}?batch=1&input={}",
        procs.join(","),
        percent_encoding::utf8_percent_encode(&input, percent_encoding::NON_ALPHANUMERIC)
    )
}

/// Runs the learner's loop until `stop`.
async fn learn(url: String, token: String, stop: Arc<AtomicBool>) -> Learner {
    let http = Client::new();
    let mut learner = Learner::default();
    let mut offset = 0i64;
    while !stop.load(Ordering::Relaxed) {
        let t = Instant::now();
        match http
            .get(format!("{url}/api/trpc/getServerTime"))
            .send()
            .await
        {
            Ok(r) if r.status() == 200 => {
                let v: Value = r.json().await.unwrap_or_default();
                offset = v["result"]["data"].as_i64().unwrap_or(offset);
                learner.time.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            Ok(r) => learner.failed.push(format!("time {}", r.status())),
            Err(e) => learner.failed.push(format!("time {e}")),
        }
        let t = Instant::now();
        match http
            .get(format!("{url}{}", delta_path(offset)))
            .bearer_auth(&token)
            .send()
            .await
        {
            Ok(r) if r.status() == 200 => {
                let _ = r.bytes().await;
                learner.delta.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            Ok(r) => learner.failed.push(format!("delta {}", r.status())),
            Err(e) => learner.failed.push(format!("delta {e}")),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    learner
}

/// What the flood's connections got.
#[derive(Default)]
struct FloodTally {
    connects: AtomicUsize,
    connect_errors: AtomicUsize,
    ok: AtomicUsize,
    refused_503: AtomicUsize,
    cut_408: AtomicUsize,
    other: AtomicUsize,
    closed_unanswered: AtomicUsize,
}

/// How a flood connection behaves.
#[derive(Clone, Copy)]
enum Kind {
    /// Connects and says nothing.
    Silent,
    /// Asks for the server's time once, then holds the connection.
    OneRequest,
    /// Sends a request whose 1,000-byte body comes at 1 byte/s.
    Trickle,
}

/// One flood connection, again and again: connect, behave as `kind`, hold until closed, wait.
async fn flood_one(
    addr: std::net::SocketAddr,
    kind: Kind,
    tally: Arc<FloodTally>,
    stop: Arc<AtomicBool>,
    reconnect: Duration,
) {
    let request = match kind {
        Kind::Silent => String::new(),
        Kind::OneRequest => {
            format!("GET /api/trpc/getServerTime HTTP/1.1\r\nhost: {addr}\r\n\r\n")
        }
        Kind::Trickle => format!(
            "POST /api/trpc/saveUserReview HTTP/1.1\r\nhost: {addr}\r\n\
             content-type: application/json\r\ncontent-length: 1000\r\n\r\n"
        ),
    };
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut s) = TcpStream::connect(addr).await else {
            tally.connect_errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(reconnect).await;
            continue;
        };
        tally.connects.fetch_add(1, Ordering::Relaxed);
        let _ = s.write_all(request.as_bytes()).await;
        let mut buf = [0u8; 2048];
        let mut first = true;
        loop {
            let read = tokio::select! {
                r = s.read(&mut buf) => r,
                _ = tokio::time::sleep(Duration::from_millis(1000)) => {
                    if stop.load(Ordering::Relaxed) { break }
                    if matches!(kind, Kind::Trickle) && first {
                        let _ = s.write_all(b" ").await;
                    }
                    continue;
                }
            };
            match read {
                Ok(n) if n > 0 => {
                    if first {
                        let head = String::from_utf8_lossy(&buf[..n.min(12)]).into_owned();
                        let tally = match head.get(9..12) {
                            Some("200") => &tally.ok,
                            Some("503") => &tally.refused_503,
                            Some("408") => &tally.cut_408,
                            _ => &tally.other,
                        };
                        tally.fetch_add(1, Ordering::Relaxed);
                        first = false;
                    }
                }
                _ => {
                    if first {
                        tally.closed_unanswered.fetch_add(1, Ordering::Relaxed);
                    }
                    break;
                }
            }
        }
        drop(s);
        tokio::time::sleep(reconnect).await;
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

struct Server(Child);
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn connection_flood() -> anyhow::Result<()> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bin: String = env(
        "BIN",
        root.join("target/release/writeit").display().to_string(),
    );
    let flood_n: usize = env("FLOOD", 10_000);
    let secs: u64 = env("SECS", 10);
    let reconnect = Duration::from_millis(env("RECONNECT_MS", 1000));
    let extra_flags: String = env("SERVER_FLAGS", String::new());
    let data = std::env::temp_dir().join(format!("writeit-admbench-{}", uuid::Uuid::now_v7()));
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let server = Server(
        Command::new(&bin)
            .args([
                "serve",
                "--addr",
                &format!("127.0.0.1:{port}"),
                "--web-dir",
                "/nonexistent",
            ])
            .arg("--data-dir")
            .arg(&data)
            .arg("--starter-dir")
            .arg(root.join("data/starter"))
            .args(extra_flags.split_whitespace())
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?,
    );
    let pid = server.0.id();
    let http = Client::new();
    for _ in 0..600 {
        if http.get(format!("{url}/healthz")).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let signed_up: Value = http
        .post(format!("{url}/identity/v1/accounts:signUp"))
        .json(&json!({"email": "bench@example.com", "password": "bench password 1"}))
        .send()
        .await?
        .json()
        .await?;
    let token = signed_up["idToken"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("sign-up failed: {signed_up}"))?
        .to_string();
    println!("--- {flood_n}-connection flood (server {bin} {extra_flags}) ---");

    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_mib(pid);
    let stop = Arc::new(AtomicBool::new(false));
    let alone = tokio::spawn(learn(url.clone(), token.clone(), stop.clone()));
    tokio::time::sleep(Duration::from_secs(secs.min(5))).await;
    stop.store(true, Ordering::Relaxed);
    let mut alone = alone.await?;

    let addr = format!("127.0.0.1:{port}").parse()?;
    let tally = Arc::new(FloodTally::default());
    let flood_stop = Arc::new(AtomicBool::new(false));
    let kinds = [Kind::Silent, Kind::OneRequest, Kind::Trickle];
    let flood: Vec<_> = (0..flood_n)
        .map(|i| {
            tokio::spawn(flood_one(
                addr,
                kinds[i % 3],
                tally.clone(),
                flood_stop.clone(),
                reconnect,
            ))
        })
        .collect();
    let samples = Arc::new(Mutex::new(Vec::new()));
    let sampler = {
        let (samples, stop) = (samples.clone(), flood_stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                samples.lock().unwrap().push(rss_mib(pid));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    // The flood connects first; the learner then works under it.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let stop = Arc::new(AtomicBool::new(false));
    let under = tokio::spawn(learn(url.clone(), token, stop.clone()));
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stop.store(true, Ordering::Relaxed);
    let mut under = under.await?;
    flood_stop.store(true, Ordering::Relaxed);
    sampler.await?;
    for f in flood {
        let _ = f.await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_mib(pid);
    let samples = samples.lock().unwrap().clone();
    let peak = samples.iter().copied().fold(0.0, f64::max);
    let mean = samples.iter().sum::<f64>() / samples.len().max(1) as f64;
    println!(
        "  server RSS: idle {idle:.0} MiB, under the flood mean {mean:.0} / peak {peak:.0} MiB, 2 s after {after:.0} MiB (target: peak <= 200 MiB)"
    );
    println!(
        "  flood over {:.0} s: {} connections made ({} failed to connect); first answers 200: {}, 503: {}, 408: {}, other: {}; closed unanswered (given up for a newcomer, or silent past the header timeout): {}",
        secs as f64 + 2.0,
        tally.connects.load(Ordering::Relaxed),
        tally.connect_errors.load(Ordering::Relaxed),
        tally.ok.load(Ordering::Relaxed),
        tally.refused_503.load(Ordering::Relaxed),
        tally.cut_408.load(Ordering::Relaxed),
        tally.other.load(Ordering::Relaxed),
        tally.closed_unanswered.load(Ordering::Relaxed),
    );
    let (t0, d0) = alone.line("alone");
    let (t1, d1) = under.line("under the flood");
    println!(
        "  p95 under the flood / alone: getServerTime {:.1}x, delta sync {:.1}x (target: p95 <= 250 ms)",
        t1 / t0,
        d1 / d0
    );
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

async fn sign_in_flood() -> anyhow::Result<()> {
    let n: usize = env("SIGN_INS", 20);
    let secs: u64 = env("SECS", 10);
    let dir = std::env::temp_dir().join(format!("writeit-admbench-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("b.db").display())).await?;
    let server = writeit_server::testing::TestServer::start_serving(store, &[], |c| {
        c.limits.per_address = i64::MAX / 2;
    })
    .await;
    let url = |e: &str| format!("{}/identity/v1/{e}", server.url());
    let password = "bench password 1";
    println!("--- 48-address wrong-password flood (server in this process, default hashing) ---");
    let browser = Client::new();
    let mut cookies = Vec::new();
    for who in ["learner", "newcomer"] {
        let res = browser
            .post(url("accounts:signUp"))
            .json(&json!({"email": format!("{who}@example.com"), "password": password}))
            .send()
            .await?;
        anyhow::ensure!(res.status() == 200, "sign-up failed");
        cookies.push(
            res.headers()
                .get("set-cookie")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(';').next())
                .unwrap_or_default()
                .to_string(),
        );
    }
    // Alone first: the sign-in's own time on this machine.
    let sign_in = |client: Client, email: &'static str, cookie: Option<String>| {
        let url = url("accounts:signInWithPassword");
        async move {
            let t = Instant::now();
            let mut req = client
                .post(url)
                .json(&json!({"email": email, "password": password}));
            if let Some(c) = cookie {
                req = req.header("cookie", c);
            }
            let status = req.send().await.map(|r| r.status().as_u16()).unwrap_or(0);
            (status, t.elapsed().as_secs_f64() * 1000.0)
        }
    };
    let mut alone = Vec::new();
    for _ in 0..5 {
        alone.push(
            sign_in(
                browser.clone(),
                "learner@example.com",
                Some(cookies[0].clone()),
            )
            .await
            .1,
        );
    }
    alone.sort_by(f64::total_cmp);

    let stop = Arc::new(AtomicBool::new(false));
    let counts = Arc::new(Mutex::new(std::collections::BTreeMap::<u16, usize>::new()));
    let mut flood = Vec::new();
    for source in 2..=49u8 {
        let client = Client::builder()
            .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, source)))
            .build()?;
        for worker in 0..3 {
            let (client, stop, counts, url) = (
                client.clone(),
                stop.clone(),
                counts.clone(),
                url("accounts:signInWithPassword"),
            );
            flood.push(tokio::spawn(async move {
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) {
                    i += 1;
                    let body = json!({"email": format!("x{source}-{worker}-{i}@example.com"), "password": "not the password"});
                    let status = match client.post(&url).json(&body).send().await {
                        Ok(r) => r.status().as_u16(),
                        Err(_) => 0,
                    };
                    *counts.lock().unwrap().entry(status).or_default() += 1;
                }
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let newcomer_ip = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 50));
    let newcomer = Client::builder().local_address(newcomer_ip).build()?;
    let started = Instant::now();
    let gap = Duration::from_millis((secs * 1000 / n.max(1) as u64).max(50));
    let (mut known, mut fresh) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let (k, f) = tokio::join!(
            sign_in(
                browser.clone(),
                "learner@example.com",
                Some(cookies[0].clone())
            ),
            sign_in(newcomer.clone(), "newcomer@example.com", None),
        );
        known.push(k);
        fresh.push(f);
        tokio::time::sleep(gap).await;
    }
    let took = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    for f in &flood {
        f.abort();
    }
    let counts = counts.lock().unwrap().clone();
    let total: usize = counts.values().sum();
    println!(
        "  flood: {total} wrong sign-ins in {took:.1} s ({:.0}/s), answers by status {counts:?}",
        total as f64 / took
    );
    let report = |who: &str, got: &[(u16, f64)]| {
        let ok = got
            .iter()
            .filter(|(s, ms)| *s == 200 && *ms <= 3000.0)
            .count();
        let mut ms: Vec<f64> = got.iter().map(|g| g.1).collect();
        ms.sort_by(f64::total_cmp);
        let statuses: std::collections::BTreeMap<u16, usize> =
            got.iter().fold(Default::default(), |mut m, (s, _)| {
                *m.entry(*s).or_default() += 1;
                m
            });
        println!(
            "  {who}: {ok} of {} signed in within 3 s; p50 {:.0} ms, max {:.0} ms; statuses {statuses:?}",
            got.len(),
            percentile(&ms, 0.5),
            ms.last().copied().unwrap_or(f64::NAN),
        );
    };
    println!(
        "  a sign-in alone: p50 {:.0} ms, max {:.0} ms",
        percentile(&alone, 0.5),
        alone[alone.len() - 1]
    );
    report("learner, known browser (target: all within 3 s)", &known);
    report("newcomer, another address, no cookie", &fresh);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // 10,000 sockets here, fewer at the server.
    writeit_server::admission::open_files::raise();
    if std::env::var("ONLY").as_deref() != Ok("signin") {
        connection_flood().await?;
    }
    if std::env::var("ONLY").as_deref() != Ok("flood") {
        sign_in_flood().await?;
    }
    Ok(())
}
