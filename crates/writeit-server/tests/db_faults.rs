//! A database that fails as a whole. A PostgreSQL outage: calls answer 503 with Retry-After within
//! seconds, not a 500 after the pool's wait, and the server recovers by itself when the database
//! is back. A read-only database: not healthy, and refused at start (tests/cli.rs).
//!
//! PostgreSQL tests run when `WRITEIT_TEST_POSTGRES_URL` names a server
//! (`WRITEIT_REQUIRE_POSTGRES=1`: required). The outage is a TCP proxy between the store and PostgreSQL that drops every connection and
//! accepts none, as a stopped server does, without stopping the cluster other tests share.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::Connection;
use tokio::net::{TcpListener, TcpStream};
use writeit_server::testing::TestServer;
use writeit_store::OpenOptions;

/// A proxy to `target` that can be cut (every connection dropped, new ones closed at once, as by
/// a stopped server), hung (new ones accepted and never answered, as by a server that hangs or a
/// lost network) and restored.
struct Proxy {
    addr: SocketAddr,
    up: Arc<AtomicBool>,
    hang: Arc<AtomicBool>,
    pipes: Arc<Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let hang = Arc::new(AtomicBool::new(false));
        let pipes = Arc::new(Mutex::new(Vec::new()));
        let (accepting, hanging, tracked) = (up.clone(), hang.clone(), pipes.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut client, _)) = listener.accept().await else {
                    return;
                };
                if !accepting.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let target = target.clone();
                let hang = hanging.load(Ordering::SeqCst);
                let pipe = tokio::spawn(async move {
                    if hang {
                        tokio::time::sleep(Duration::from_secs(3600)).await;
                    } else if let Ok(mut server) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                tracked.lock().unwrap().push(pipe.abort_handle());
            }
        });
        Proxy {
            addr,
            up,
            hang,
            pipes,
        }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for pipe in self.pipes.lock().unwrap().drain(..) {
            pipe.abort();
        }
    }

    fn hang(&self) {
        self.cut();
        self.hang.store(true, Ordering::SeqCst);
        self.up.store(true, Ordering::SeqCst);
    }

    fn restore(&self) {
        self.hang.store(false, Ordering::SeqCst);
        self.up.store(true, Ordering::SeqCst);
    }
}

/// `url`'s host:port.
fn authority(url: &str) -> &str {
    let rest = &url[url.find("://").unwrap() + 3..];
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    rest.split(['/', '?']).next().unwrap()
}

/// `url` with its database (the path) replaced by `database`.
fn with_database(url: &str, database: &str) -> String {
    let start = url.find("://").unwrap() + 3;
    let end = url[start..].find('/').map_or(url.len(), |i| start + i);
    let query = url.split_once('?').map(|(_, q)| format!("?{q}"));
    format!("{}/{database}{}", &url[..end], query.unwrap_or_default())
}

async fn admin(url: &str, statement: &str) {
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    sqlx::raw_sql(statement).execute(&mut conn).await.unwrap();
    let _ = conn.close().await;
}

/// The PostgreSQL server to test on, or `None` (skip) unless required.
fn postgres() -> Option<String> {
    match std::env::var("WRITEIT_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert_ne!(
                std::env::var("WRITEIT_REQUIRE_POSTGRES").as_deref(),
                Ok("1"),
                "WRITEIT_REQUIRE_POSTGRES=1 but WRITEIT_TEST_POSTGRES_URL is not set"
            );
            None
        }
    }
}

async fn healthz(app: &TestServer) -> (u16, String) {
    let answer = reqwest::get(format!("{}/healthz", app.url()))
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_read_only_is_not_healthy() {
    let dir = std::env::temp_dir().join(format!("writeit-ro-{}", uuid::Uuid::now_v7()));
    let url = format!("sqlite:{}", dir.join("ro.db").display());
    let store = writeit_store::open(&url).await.unwrap();
    store.check_writable().await.unwrap();
    assert_eq!(healthz(&TestServer::start(store).await).await.0, 200);

    // What a write-protected file gives (root is not stopped by one).
    let store = writeit_store::open(&format!("{url}?mode=ro"))
        .await
        .unwrap();
    let refused = store.check_writable().await.unwrap_err().to_string();
    assert!(refused.contains("readonly"), "{refused}");
    let (status, body) = healthz(&TestServer::start(store).await).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("does not accept writes"), "{body}");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_read_only_is_refused_and_not_healthy() {
    let Some(server) = postgres() else {
        return;
    };
    let name = format!("t_{}", uuid::Uuid::now_v7().simple());
    admin(&server, &format!("CREATE DATABASE \"{name}\"")).await;
    let url = with_database(&server, &name);
    let store = writeit_store::open(&url).await.unwrap();
    let app = TestServer::start(store).await;
    assert_eq!(healthz(&app).await.0, 200);

    // The database turns read-only under a running server (as after a fail-over to a standby).
    admin(
        &server,
        &format!(
            "ALTER DATABASE \"{name}\" SET default_transaction_read_only = on; \
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
        ),
    )
    .await;
    let mut answer = healthz(&app).await;
    if answer.0 != 503 {
        // The first call may meet a terminated connection; the pool replaces it.
        answer = healthz(&app).await;
    }
    assert_eq!(answer.0, 503, "{}", answer.1);
    assert!(answer.1.contains("does not accept writes"), "{}", answer.1);

    // Starting on it fails: at the migration or at the write probe, saying read-only.
    let refused = match writeit_store::open(&url).await {
        Ok(store) => store.check_writable().await.unwrap_err().to_string(),
        Err(e) => e.to_string(),
    };
    println!("refused: {refused}");
    assert!(refused.contains("read-only"), "{refused}");
    drop(app);
    admin(
        &server,
        &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_outage_answers_503_quickly_and_recovers() {
    let Some(server) = postgres() else {
        return;
    };
    let name = format!("t_{}", uuid::Uuid::now_v7().simple());
    admin(&server, &format!("CREATE DATABASE \"{name}\"")).await;
    let proxy = Proxy::start(authority(&server).to_string()).await;
    let url = with_database(
        &server.replacen(authority(&server), &proxy.addr.to_string(), 1),
        &name,
    );
    let options = OpenOptions {
        acquire_timeout: Duration::from_secs(1),
    };
    let store = writeit_store::open_with(&url, &options).await.unwrap();
    let app = TestServer::start(store).await;
    let query = format!(
        "{}/api/trpc/queryLanguages?input=%7B%22offset%22%3A0%7D",
        app.url()
    );
    assert_eq!(reqwest::get(&query).await.unwrap().status(), 200);

    // Stopped: refused at once. Hung: the pool's wait (1 s here) bounds each call.
    for (outage, limit) in [("cut", 1.0), ("hung", 2.5)] {
        match outage {
            "cut" => proxy.cut(),
            _ => proxy.hang(),
        }
        for call in 0..2 {
            let start = Instant::now();
            let answer = reqwest::get(&query).await.unwrap();
            let took = start.elapsed();
            println!("{outage}, call {call}: {} in {took:.2?}", answer.status());
            assert_eq!(answer.status(), 503);
            assert!(answer.headers().contains_key("retry-after"));
            let body = answer.text().await.unwrap();
            assert!(body.contains("\"SERVICE_UNAVAILABLE\""), "{body}");
            assert!(took.as_secs_f64() < limit, "took {took:?}");
        }
        // Signed-in callers: each a fresh account, so its status is looked up (no cache hit),
        // on every route family that finds its caller: a user query, a batch of mutations, an
        // import preview; and a media file.
        let http = reqwest::Client::new();
        for (what, request) in [
            ("a user query", {
                let q = "%7B%220%22%3A%7B%22offset%22%3A0%7D%7D";
                http.get(format!(
                    "{}/api/trpc/queryUserCards?batch=1&input={q}",
                    app.url()
                ))
            }),
            (
                "a mutation",
                http.post(format!("{}/api/trpc/saveUserEntry", app.url()))
                    .header("content-type", "application/json")
                    .body(format!(
                        r#"{{"id":"{}","enabled":true}}"#,
                        uuid::Uuid::now_v7()
                    )),
            ),
            (
                "an import preview",
                http.post(format!("{}/api/import/preview", app.url()))
                    .header("content-type", "text/csv")
                    .body("text\nx\n"),
            ),
            (
                "a media file",
                http.get(format!("{}/media/{}.mp3", app.url(), "a".repeat(64))),
            ),
        ] {
            let who = format!("u-{}", uuid::Uuid::now_v7());
            let role = match what {
                "an import preview" => writeit_store::Role::Admin,
                _ => writeit_store::Role::User,
            };
            let start = Instant::now();
            let answer = request
                .header("authorization", app.bearer(&who, role, &[]))
                .send()
                .await
                .unwrap();
            let took = start.elapsed();
            println!(
                "{outage}, signed in, {what}: {} in {took:.2?}",
                answer.status()
            );
            assert_eq!(answer.status(), 503, "{outage}: {what}");
            assert!(
                answer.headers().contains_key("retry-after"),
                "{outage}: {what}"
            );
            assert!(took.as_secs_f64() < limit, "{outage}: {what} took {took:?}");
        }
        let start = Instant::now();
        let sign_in = reqwest::Client::new()
            .post(format!(
                "{}/identity/v1/accounts:signInWithPassword",
                app.url()
            ))
            .header("content-type", "application/json")
            .body(r#"{"email":"a@example.com","password":"correct horse battery"}"#)
            .send()
            .await
            .unwrap();
        println!(
            "{outage}, sign-in: {} in {:.2?}",
            sign_in.status(),
            start.elapsed()
        );
        assert_eq!(sign_in.status(), 503);
        assert!(sign_in.headers().contains_key("retry-after"));
    }

    proxy.restore();
    let start = Instant::now();
    loop {
        let status = reqwest::get(&query).await.unwrap().status();
        if status == 200 {
            println!(
                "recovered {:.2?} after PostgreSQL came back",
                start.elapsed()
            );
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(app);
    admin(
        &server,
        &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
    )
    .await;
}
