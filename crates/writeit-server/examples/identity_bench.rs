//! Identity figures for `make bench` (bench/identity.sh): sign-in latency and throughput over
//! HTTP on loopback (argon2id bound), and the per-request cost of checking an ID token.
//! Prints figures; never fails on them.

use std::time::{Duration, Instant};

use writeit_server::auth::{authenticate, StatusCache, Verifier};
use writeit_server::testing::TestServer;
use writeit_store::Role;

const PASSWORD: &str = "bench password 1";

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let secs: u64 = std::env::var("BENCH_IDENTITY_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let dir = std::env::temp_dir().join(format!("writeit-idbench-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("b.db").display())).await?;
    let server = TestServer::start_with(store.clone(), None, |c| {
        c.limits.per_address = i64::MAX / 2;
        c.limits.failures_per_account = i64::MAX / 2;
    })
    .await;
    let http = reqwest::Client::new();
    let url = format!("{}/identity/v1/accounts:signInWithPassword", server.url());
    let body = serde_json::json!({"email": "bench@example.com", "password": PASSWORD});
    let res = http
        .post(format!("{}/identity/v1/accounts:signUp", server.url()))
        .json(&body)
        .send()
        .await?;
    anyhow::ensure!(res.status() == 200, "sign-up failed: {}", res.text().await?);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    // Sign-in latency, one at a time.
    let mut lat = Vec::new();
    for _ in 0..40 {
        let t = Instant::now();
        let res = http.post(&url).json(&body).send().await?;
        anyhow::ensure!(res.status() == 200, "sign-in failed");
        res.bytes().await?;
        lat.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    lat.sort_by(f64::total_cmp);
    println!(
        "sign-in latency (sequential, n={}): p50 {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        lat.len(),
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        lat[lat.len() - 1]
    );

    // Sign-ins per second with 2 × cores clients for `secs`.
    let clients = cores * 2;
    let deadline = Instant::now() + Duration::from_secs(secs);
    let tasks: Vec<_> = (0..clients)
        .map(|_| {
            let (http, url, body) = (http.clone(), url.clone(), body.clone());
            tokio::spawn(async move {
                let mut done = 0u64;
                let mut lat = Vec::new();
                while Instant::now() < deadline {
                    let t = Instant::now();
                    let ok = http
                        .post(&url)
                        .json(&body)
                        .send()
                        .await
                        .is_ok_and(|r| r.status() == 200);
                    if ok {
                        done += 1;
                        lat.push(t.elapsed().as_secs_f64() * 1000.0);
                    }
                }
                (done, lat)
            })
        })
        .collect();
    let start = Instant::now();
    let mut total = 0;
    let mut lat = Vec::new();
    for t in tasks {
        let (n, l) = t.await?;
        total += n;
        lat.extend(l);
    }
    lat.sort_by(f64::total_cmp);
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "sign-ins/s ({clients} concurrent clients, {cores} cores, {secs} s): {:.1}/s, p50 {:.1} ms, p99 {:.1} ms",
        total as f64 / elapsed,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );

    // Token verification, per request.
    let verifier = &server.state.verifier;
    let now = writeit_server::clock::now_secs();
    let n = 5_000;
    let tokens: Vec<String> = (0..n)
        .map(|i| {
            verifier.mint(&Verifier::claims(
                &format!("user-{i}"),
                Role::User,
                &[],
                now,
                3600,
            ))
        })
        .collect();
    let t = Instant::now();
    for tok in &tokens {
        verifier.verify(tok, now).expect("valid");
    }
    let first = t.elapsed().as_secs_f64() * 1e6 / n as f64;
    let rounds = 200_000;
    let t = Instant::now();
    for i in 0..rounds {
        verifier.verify(&tokens[i % 100], now).expect("valid");
    }
    let cached = t.elapsed().as_secs_f64() * 1e6 / rounds as f64;
    println!("ID-token signature check (EdDSA, first sight of a token): {first:.1} µs");
    println!("ID-token check of a token already seen (cache hit, expiry checked): {cached:.2} µs");

    // The whole per-request check: token + account status (disabled, role, revocation).
    let statuses = StatusCache::new(Duration::from_secs(5)).with_dev_tokens(true);
    let warm: Vec<String> = tokens[..100]
        .iter()
        .map(|t| format!("Bearer {t}"))
        .collect();
    for h in &warm {
        authenticate(verifier, &statuses, &*store, Some(h), now)
            .await
            .expect("valid");
    }
    let t = Instant::now();
    for i in 0..rounds {
        authenticate(verifier, &statuses, &*store, Some(&warm[i % 100]), now)
            .await
            .expect("valid");
    }
    let hit = t.elapsed().as_secs_f64() * 1e6 / rounds as f64;
    let cold = StatusCache::new(Duration::ZERO).with_dev_tokens(true);
    let m = 5_000;
    let t = Instant::now();
    for i in 0..m {
        authenticate(verifier, &cold, &*store, Some(&warm[i % 100]), now)
            .await
            .expect("valid");
    }
    let miss = t.elapsed().as_secs_f64() * 1e6 / m as f64;
    println!("per-request check, token and account status cached (the usual case): {hit:.2} µs (target ≤ 50 µs)");
    println!("per-request check, account status read from SQLite every time (TTL 0): {miss:.1} µs");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(server.outbox());
    Ok(())
}
