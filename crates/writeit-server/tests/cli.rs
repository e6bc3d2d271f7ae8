//! The `writeit` binary: start-up, clear start-up errors, graceful shutdown, seeding, generation.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_writeit");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Dir(PathBuf);
impl Dir {
    fn new() -> Dir {
        let d = std::env::temp_dir().join(format!("writeit-cli-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }
}
impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn writeit(dir: &Dir) -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(repo())
        .env_remove("DATABASE_URL")
        .env_remove("WRITEIT_KEYS_DIR")
        .env_remove("WRITEIT_ID_TOKEN_KEYS")
        .env("WRITEIT_DATA_DIR", &dir.0)
        .env("RUST_LOG", "warn");
    c
}

/// Starts `serve` on a free port and waits for its "running at" line.
fn serve(dir: &Dir) -> (Child, String) {
    serve_with(dir, &[])
}

/// [`serve`] with more flags.
fn serve_with(dir: &Dir, flags: &[&str]) -> (Child, String) {
    serve_command(writeit(dir), flags)
}

/// Starts `serve` with `command`'s environment and more flags.
fn serve_command(mut command: Command, flags: &[&str]) -> (Child, String) {
    let mut child = command
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--web-dir",
            "/nonexistent",
        ])
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("WriteIt is running at ")
        .expect("start line")
        .trim_end_matches('/')
        .to_string();
    (child, url)
}

/// Sends SIGTERM and waits (at most 10 s) for the process to exit.
fn terminate(child: &mut Child) -> std::process::ExitStatus {
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn serve_creates_a_wal_sqlite_database_with_starter_content_and_stops_on_sigterm() {
    let dir = Dir::new();
    let (mut child, url) = serve(&dir);
    let body = reqwest::blocking_get(&format!("{url}/healthz"));
    assert!(body.contains("\"status\":\"ok\""), "{body}");
    let langs = reqwest::blocking_get(&format!(
        "{url}/api/trpc/queryLanguages?input=%7B%22offset%22%3A0%7D"
    ));
    assert!(langs.contains("\"id\":\"ko\""), "{langs}");
    assert!(dir.0.join("writeit.db").is_file());
    assert!(dir.0.join("writeit.db-wal").is_file(), "WAL mode");
    assert!(dir.0.join("keys/id-token-ed25519.pk8").is_file());
    assert!(terminate(&mut child).success(), "graceful shutdown exits 0");
}

/// A save's headers and 20 of its 300 body bytes, on a raw connection.
fn stalled_save(url: &str) -> std::net::TcpStream {
    use std::io::Write;
    let mut tcp = std::net::TcpStream::connect(url.trim_start_matches("http://")).unwrap();
    tcp.write_all(
        b"POST /api/trpc/saveEntry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 300\r\n\r\n{\"id\":\"",
    )
    .unwrap();
    tcp
}

#[test]
fn sigterm_stops_within_the_deadline_while_a_client_stalls_mid_request() {
    let dir = Dir::new();
    let (mut child, url) = serve_with(&dir, &["--shutdown-timeout", "1"]);
    let _tcp = stalled_save(&url);
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let status = terminate(&mut child);
    let took = start.elapsed();
    println!("SIGTERM to exit: {:.2} s", took.as_secs_f64());
    assert!(status.success(), "{status}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
}

#[test]
fn stalled_headers_and_bodies_are_cut_off() {
    use std::io::{Read, Write};
    let dir = Dir::new();
    let (mut child, url) = serve_with(&dir, &["--header-timeout", "1", "--body-timeout", "1"]);
    // Headers never finished: the connection is closed.
    let mut headers = std::net::TcpStream::connect(url.trim_start_matches("http://")).unwrap();
    headers.write_all(b"GET /healthz HTTP/1.1\r\nHost").unwrap();
    // A body that stops: the request fails with 408.
    let mut body = stalled_save(&url);
    for (name, tcp) in [("headers", &mut headers), ("body", &mut body)] {
        tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let start = Instant::now();
        let mut answer = Vec::new();
        let read = tcp.read_to_end(&mut answer);
        let took = start.elapsed();
        assert!(read.is_ok(), "{name}: still open after {took:?}: {read:?}");
        assert!(took < Duration::from_secs(3), "{name}: {took:?}");
        if name == "body" {
            let answer = String::from_utf8_lossy(&answer);
            assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        }
    }
    assert!(terminate(&mut child).success());
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let dir = Dir::new();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = writeit(&dir)
        .args(["serve", "--addr", &addr])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "cannot listen on {addr}: the port is already in use"
        )),
        "{err}"
    );
}

#[test]
fn a_read_only_database_is_a_clear_error_at_start() {
    let dir = Dir::new();
    let db = dir.0.join("ro.db");
    let url = format!("sqlite:{}", db.display());
    assert!(writeit(&dir)
        .args(["migrate", "--database-url", &url])
        .status()
        .unwrap()
        .success());
    // Tests run as root, whom a write-protected file does not stop: SQLite's read-only mode
    // stands for it (a write-protected file is opened that way, silently).
    let mut child = writeit(&dir)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--web-dir",
            "/nonexistent",
            "--database-url",
            &format!("{url}?mode=ro"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("started on a read-only database");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    println!("{err}");
    assert!(
        err.contains("does not accept writes") && err.contains("readonly"),
        "{err}"
    );
}

#[test]
fn a_bad_database_url_is_a_clear_error() {
    let dir = Dir::new();
    let out = writeit(&dir)
        .args(["migrate", "--database-url", "mysql://x"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unsupported database URL 'mysql://x'"),
        "{err}"
    );

    let out = writeit(&dir)
        .args([
            "migrate",
            "--database-url",
            "postgres://nobody:secret@127.0.0.1:1/x",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot open the database postgres://nobody:***@127.0.0.1:1/x"),
        "{err}"
    );
    assert!(!err.contains("secret"), "{err}");
}

#[test]
fn seed_is_idempotent() {
    let dir = Dir::new();
    let once = writeit(&dir).arg("seed").output().unwrap();
    let twice = writeit(&dir).arg("seed").output().unwrap();
    assert!(once.status.success() && twice.status.success());
    assert_eq!(
        String::from_utf8_lossy(&once.stdout),
        String::from_utf8_lossy(&twice.stdout)
    );
    let (mut child, url) = serve(&dir);
    let entries = reqwest::blocking_get(&format!(
        "{url}/api/trpc/queryEntries?input=%7B%22offset%22%3A0%2C%22limit%22%3A5000%7D"
    ));
    let v: serde_json::Value = serde_json::from_str(&entries).unwrap();
    let n = v["result"]["data"].as_array().unwrap().len();
    let seeded: usize = String::from_utf8_lossy(&once.stdout)
        .split(", ")
        .find_map(|p| p.strip_suffix(" entries\n").and_then(|n| n.parse().ok()))
        .unwrap();
    assert_eq!(n, seeded, "seeding twice writes no duplicates");
    terminate(&mut child);
}

#[test]
fn generated_typescript_is_current() {
    let dir = Dir::new();
    let out = writeit(&dir).args(["gen", "--check"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Tiny blocking GET without pulling in reqwest's blocking feature.
mod reqwest {
    pub fn blocking_get(url: &str) -> String {
        tokio::runtime::Runtime::new()
            .unwrap()
            .block_on(async { ::reqwest::get(url).await.unwrap().text().await.unwrap() })
    }

    /// The status of a GET with an `Authorization: Bearer` header.
    pub fn blocking_status_with_token(url: &str, token: &str) -> u16 {
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            ::reqwest::Client::new()
                .get(url)
                .bearer_auth(token)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        })
    }
}

/// Runs `writeit ARGS` with `envs`, asserting success; its standard output.
fn output(dir: &Dir, envs: &[(&str, &str)], args: &[&str]) -> String {
    let out = writeit(dir)
        .envs(envs.iter().copied())
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "writeit {args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn keys_in_a_shared_folder_rotate_and_move_to_the_environment() {
    use base64::Engine;
    let dir = Dir::new();
    let shared = dir.0.join("shared-keys");
    let keys_dir = shared.to_str().unwrap();
    let in_folder = [("WRITEIT_KEYS_DIR", keys_dir)];
    let rotated = output(&dir, &in_folder, &["keys", "rotate"]);
    assert!(
        rotated.contains("verifies now and signs in 120 s"),
        "{rotated}"
    );
    std::thread::sleep(Duration::from_millis(1_100));
    output(&dir, &in_folder, &["keys", "rotate"]);
    // Both keys are new: the older one signs until the newer is two minutes old.
    let listed = output(&dir, &in_folder, &["keys", "list"]);
    let roles: Vec<&str> = listed
        .lines()
        .map(|l| l.rsplit('\t').next().unwrap())
        .collect();
    assert_eq!(roles.len(), 2, "{listed}");
    assert_eq!(roles[0], "signs", "{listed}");
    assert!(roles[1].starts_with("verifies; signs from "), "{listed}");
    // Nothing stopped signing 75 minutes ago.
    let retired = output(&dir, &in_folder, &["keys", "retire"]);
    assert!(retired.starts_with("retired 0"), "{retired}");
    let old_token = output(&dir, &in_folder, &["token", "--sub", "u1", "--ttl", "600"]);

    // The same keys given in the variable, a new one first: it signs, the folder's verify.
    let new = output(&dir, &[], &["keys", "new"]);
    let mut documents = vec![new];
    for file in std::fs::read_dir(&shared).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_some_and(|e| e == "pk8") {
            let bytes = std::fs::read(path).unwrap();
            documents.push(base64::engine::general_purpose::STANDARD.encode(bytes));
        }
    }
    let documents = documents.join(",");
    let from_env = [
        ("WRITEIT_KEYS_DIR", keys_dir),
        ("WRITEIT_ID_TOKEN_KEYS", documents.as_str()),
    ];
    let listed = output(&dir, &from_env, &["keys", "list"]);
    assert_eq!(listed.lines().count(), 3, "{listed}");
    assert!(
        listed.lines().next().unwrap().ends_with("signs"),
        "{listed}"
    );
    let refused = writeit(&dir)
        .envs(from_env)
        .args(["keys", "rotate"])
        .output()
        .unwrap();
    assert!(!refused.status.success(), "rotate needs the folder");
    let new_token = output(&dir, &from_env, &["token", "--sub", "u2", "--ttl", "600"]);

    let (mut child, url) = {
        let mut c = writeit(&dir);
        c.envs(from_env);
        serve_command(c, &["--dev-tokens"])
    };
    let decks = format!("{url}/api/trpc/queryUserDecks?input=%7B%22offset%22%3A0%7D");
    assert_eq!(reqwest::blocking_status_with_token(&decks, &old_token), 200);
    assert_eq!(reqwest::blocking_status_with_token(&decks, &new_token), 200);
    let jwks = reqwest::blocking_get(&format!("{url}/identity/v1/jwks.json"));
    assert_eq!(jwks.matches("\"kid\"").count(), 3, "{jwks}");
    assert!(terminate(&mut child).success());
    // Nothing went to the data folder's own keys folder: the TOTP key is in the shared one.
    assert!(!dir.0.join("keys").exists());
    assert!(shared.join("totp-secrets.key").is_file());
}
