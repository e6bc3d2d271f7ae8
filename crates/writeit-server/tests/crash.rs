//! `kill -9` under write load (issue 24's fault tests): the real binary, four writers saving
//! reviews as fast as they are acknowledged, killed ten times at a random moment and started
//! again. Every write the server acknowledged is there, intact, after each restart: on SQLite,
//! and on PostgreSQL when `WRITEIT_TEST_POSTGRES_URL` names a server.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::postgres::Database;
use common::sqlite::SqliteFile;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use writeit_core::card::card_id;
use writeit_core::entity::CardKind;

const BIN: &str = env!("CARGO_BIN_EXE_writeit");
const KILLS: usize = 10;
const WRITERS: usize = 4;

struct Dir(PathBuf);
impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts `serve` on a free port over `database_url` and waits for its "running at" line.
fn serve(dir: &Path, database_url: &str) -> (Child, String) {
    let mut child = Command::new(BIN)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .env("WRITEIT_DATA_DIR", dir)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "error")
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--web-dir",
            "/nonexistent",
        ])
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

/// A review as the client sends it, and what must be read back.
fn review(entry_id: &str, kind: CardKind, rating: u8, at: i64) -> Value {
    json!({"id": uuid::Uuid::now_v7().to_string(), "cardId": card_id(entry_id, kind), "entryId": entry_id,
        "kind": kind.as_str(), "rating": rating, "reviewedAt": at, "durationMs": 700})
}

async fn kill_under_load(database_url: &str) {
    let dir = Dir(std::env::temp_dir().join(format!("writeit-crash-{}", uuid::Uuid::now_v7())));
    std::fs::create_dir_all(&dir.0).unwrap();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();

    // A learner with an account (signed up on the first start) and the starter entries.
    let (mut child, url) = serve(&dir.0, database_url);
    let email = format!("crash-{}@example.com", uuid::Uuid::now_v7().simple());
    let auth: Value = http
        .post(format!("{url}/identity/v1/accounts:signUp"))
        .json(&json!({"email": email, "password": "a quiet river 42", "returnSecureToken": true}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = format!("Bearer {}", auth["idToken"].as_str().expect("id token"));
    let entries: Value = http
        .get(format!(
            "{url}/api/trpc/queryEntries?input=%7B%22offset%22%3A0%2C%22limit%22%3A50%7D"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let entry_ids: Vec<String> = entries["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap().to_string())
        .collect();

    let acknowledged: Arc<Mutex<HashMap<String, Value>>> = Arc::default();
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let t0 = writeit_server::clock::now_ms() - 3_600_000;
    let mut url = url;
    for round in 0..KILLS {
        if round > 0 {
            (child, url) = serve(&dir.0, database_url);
        }
        let writers: Vec<_> = (0..WRITERS)
            .map(|w| {
                let http = http.clone();
                let token = token.clone();
                let entry_ids = entry_ids.clone();
                let acknowledged = acknowledged.clone();
                let url = url.clone();
                tokio::spawn(async move {
                    for n in 0.. {
                        let entry = &entry_ids[(w * 7 + n) % entry_ids.len()];
                        let at = t0 + (round * 100_000 + w * 10_000 + n) as i64;
                        let body = review(entry, CardKind::Reading, (n % 4 + 1) as u8, at);
                        let Ok(res) = http
                            .post(format!("{url}/api/trpc/saveUserReview"))
                            .header("authorization", &token)
                            .json(&body)
                            .send()
                            .await
                        else {
                            return;
                        };
                        if res.status().is_success() {
                            let id = body["id"].as_str().unwrap().to_string();
                            acknowledged.lock().unwrap().insert(id, body);
                        }
                    }
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(rng.gen_range(200..700))).await;
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        for w in writers {
            w.await.unwrap();
        }
    }

    // After the last kill: start again and read every review back.
    let (mut child, url) = serve(&dir.0, database_url);
    let stored: Value = http
        .get(format!(
            "{url}/api/trpc/queryUserReviews?input=%7B%22offset%22%3A0%2C%22limit%22%3A5000%7D"
        ))
        .header("authorization", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let stored: HashMap<String, Value> = stored["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_str().unwrap().to_string(), r.clone()))
        .collect();
    let acknowledged = acknowledged.lock().unwrap();
    let mut lost = 0;
    for (id, sent) in acknowledged.iter() {
        match stored.get(id) {
            Some(r)
                if ["rating", "reviewedAt", "entryId", "kind", "durationMs"]
                    .iter()
                    .all(|k| r[k] == sent[k]) => {}
            _ => lost += 1,
        }
    }
    println!(
        "kill -9 x{KILLS} under {WRITERS} writers ({}): {} writes acknowledged, {lost} lost or altered",
        database_url.split(':').next().unwrap_or("?"),
        acknowledged.len()
    );
    assert!(
        acknowledged.len() > KILLS * WRITERS,
        "the writers barely wrote"
    );
    assert_eq!(lost, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_keeps_every_acknowledged_write_through_ten_kills() {
    let db = SqliteFile::new("writeit-crash");
    kill_under_load(&db.url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_every_acknowledged_write_through_ten_kills() {
    let Some(database) = Database::create("writeit_crash").await else {
        return;
    };
    kill_under_load(&database.url).await;
    database.drop().await;
}
