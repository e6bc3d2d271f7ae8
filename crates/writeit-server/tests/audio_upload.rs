//! `POST /api/media/audio` over HTTP against a real server on SQLite: who may attach a recording
//! to an entry (guest, learner, editor of another language, editor, admin), the refusals of a
//! file too large, not audio or empty (each a readable message naming `file`, never a 5xx), and
//! a stored recording served back at the URL the answer gives, which a saved entry accepts; the
//! per-account quota (413 naming the limit), and the collector of recordings no entry uses.

mod common;

use common::media::{korean_entry, wav};
use reqwest::{Client, StatusCode};
use serde_json::Value;
use writeit_core::entity::Entry;
use writeit_server::media_collector::{self, MediaPolicy};
use writeit_server::testing::TestServer;
use writeit_store::Role;

struct Ctx {
    server: TestServer,
    http: Client,
    dir: std::path::PathBuf,
    entry: Entry,
}

impl Drop for Ctx {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn start() -> Ctx {
    start_with(Default::default()).await
}

async fn start_with(media: MediaPolicy) -> Ctx {
    let dir = std::env::temp_dir().join(format!("writeit-audio-test-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let starter = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter");
    writeit_server::seed::seed(&*store, &starter).await.unwrap();
    let entry = korean_entry(&*store).await;
    let server = TestServer::start_with_media(store, media).await;
    Ctx {
        server,
        http: Client::new(),
        dir,
        entry,
    }
}

impl Ctx {
    async fn upload(&self, query: &str, auth: Option<&str>, body: Vec<u8>) -> (StatusCode, Value) {
        let mut req = self
            .http
            .post(format!("{}/api/media/audio?{query}", self.server.url()))
            .header("content-type", "application/octet-stream")
            .body(body);
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        let json = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        (status, json)
    }

    fn entry_query(&self) -> String {
        format!("entryId={}", self.entry.id)
    }
}

/// Posts `body` with no declared length (chunked, over raw TCP): the status the server answers.
async fn chunked_status(c: &Ctx, query: &str, auth: &str, body: &[u8]) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(c.server.addr).await.unwrap();
    let head = format!(
        "POST /api/media/audio?{query} HTTP/1.1\r\nhost: x\r\nauthorization: {auth}\r\n\
         transfer-encoding: chunked\r\nconnection: close\r\n\r\n"
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    for chunk in body.chunks(256 * 1024) {
        let sent = async {
            tcp.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
                .await?;
            tcp.write_all(chunk).await?;
            tcp.write_all(b"\r\n").await
        };
        if sent.await.is_err() {
            break;
        }
    }
    let _ = tcp.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer);
    text.split(' ')
        .nth(1)
        .unwrap_or_default()
        .parse()
        .unwrap_or(0)
}

fn refusal(answer: &(StatusCode, Value)) -> (StatusCode, String, String) {
    let e = &answer.1["error"];
    assert!(e.is_object(), "expected an error, got {answer:?}");
    (
        answer.0,
        e["data"]["code"].as_str().unwrap().to_string(),
        e["message"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn only_admins_and_editors_of_the_entrys_language_may_attach_audio() {
    let c = start().await;
    let q = c.entry_query();
    let user = c.server.bearer("learner", Role::User, &[]);
    let editor_ja = c.server.bearer("editor-ja", Role::Editor, &["ja"]);
    let editor_ko = c.server.bearer("editor-ko", Role::Editor, &["ko"]);
    let admin = c.server.bearer("admin", Role::Admin, &[]);
    let file = wav(800);

    let (status, code, message) = refusal(&c.upload(&q, None, file.clone()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "UNAUTHORIZED")
    );
    assert!(message.contains("Sign in"), "{message}");
    let (status, code, message) = refusal(&c.upload(&q, Some(&user), file.clone()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "FORBIDDEN")
    );
    assert!(message.contains("admins and editors"), "{message}");
    let (status, code, message) = refusal(&c.upload(&q, Some(&editor_ja), file.clone()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "FORBIDDEN")
    );
    assert!(message.contains("language 'ko'"), "{message}");
    // Naming another language does not help: the stored entry's language decides.
    let (status, ..) = refusal(
        &c.upload(
            &format!("{q}&languageCode=ja"),
            Some(&editor_ja),
            file.clone(),
        )
        .await,
    );
    assert_eq!(status, StatusCode::FORBIDDEN);

    for who in [&editor_ko, &admin] {
        let (status, answer) = c.upload(&q, Some(who), file.clone()).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let url = answer["url"].as_str().unwrap();
        assert!(url.starts_with("/media/") && url.ends_with(".wav"), "{url}");
        assert_eq!(answer["contentType"], "audio/wav");
        assert_eq!(answer["bytes"], file.len());
    }
}

#[tokio::test]
async fn a_stored_recording_is_served_and_an_entry_takes_its_url() {
    let c = start().await;
    let admin = c.server.bearer("admin", Role::Admin, &[]);
    let file = wav(4000);
    let (status, answer) = c.upload(&c.entry_query(), Some(&admin), file.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let url = answer["url"].as_str().unwrap().to_string();
    // Stored under the content's hash: the same file again gives the same URL.
    let (_, again) = c.upload(&c.entry_query(), Some(&admin), file.clone()).await;
    assert_eq!(again["url"], url.as_str());

    let res = c
        .http
        .get(format!("{}{url}", c.server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/wav");
    assert_eq!(res.bytes().await.unwrap().to_vec(), file);

    // The URL passes the entry's own rule (writeit-core validate::audio_url).
    let mut entry = c.entry.clone();
    entry.audio_url = Some(url.clone());
    let saved = c
        .server
        .store
        .save_entries(vec![entry], &|_: &str| true)
        .await
        .unwrap();
    assert_eq!(saved[0].audio_url.as_deref(), Some(url.as_str()));

    // An entry not saved yet: its language comes from the query.
    let new_id = uuid::Uuid::now_v7().to_string();
    let editor_ko = c.server.bearer("editor-ko", Role::Editor, &["ko"]);
    let (status, _) = c
        .upload(
            &format!("entryId={new_id}&languageCode=ko"),
            Some(&editor_ko),
            file.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, code, message) = refusal(
        &c.upload(&format!("entryId={new_id}"), Some(&editor_ko), file)
            .await,
    );
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::NOT_FOUND, "NOT_FOUND")
    );
    assert!(message.starts_with("entryId:"), "{message}");
}

#[tokio::test]
async fn too_large_non_audio_and_empty_files_are_refused_by_name() {
    let c = start().await;
    let q = c.entry_query();
    let admin = c.server.bearer("admin", Role::Admin, &[]);
    let max = writeit_server::import::media::UPLOAD_BYTES_MAX;

    // Over the limit: by its declared length, and by what arrives (a chunked body).
    let big = wav(max as u32);
    let (status, code, message) = refusal(&c.upload(&q, Some(&admin), big.clone()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE")
    );
    assert!(
        message.starts_with("file:") && message.contains("MiB"),
        "{message}"
    );
    assert_eq!(chunked_status(&c, &q, &admin, &big).await, 413);
    // Exactly at the limit is taken.
    let at_limit = wav((max - 44) as u32);
    assert_eq!(at_limit.len(), max);
    assert_eq!(c.upload(&q, Some(&admin), at_limit).await.0, StatusCode::OK);

    // Not audio, whatever it claims to be: text, a PNG, an HTML page.
    for body in [
        b"just some text".to_vec(),
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        b"<!doctype html><title>x</title>".to_vec(),
    ] {
        let (status, code, message) = refusal(&c.upload(&q, Some(&admin), body).await);
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, "UNSUPPORTED_MEDIA_TYPE")
        );
        assert!(
            message.starts_with("file:") && message.contains("audio"),
            "{message}"
        );
    }

    let (status, code, message) = refusal(&c.upload(&q, Some(&admin), Vec::new()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "BAD_REQUEST")
    );
    assert!(
        message.starts_with("file:") && message.contains("empty"),
        "{message}"
    );

    // No entry named at all.
    let (status, _, message) = refusal(&c.upload("", Some(&admin), wav(10)).await);
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message.starts_with("entryId:"), "{message}");
}

#[tokio::test]
async fn uploads_past_the_quota_are_refused_and_unused_ones_collected() {
    let quota = writeit_store::MediaQuota {
        bytes: 2500,
        files: 10,
    };
    let c = start_with(MediaPolicy {
        quota,
        grace_ms: 24 * 3600 * 1000,
    })
    .await;
    let q = c.entry_query();
    let admin = c.server.bearer("admin", Role::Admin, &[]);
    let (first, second) = (wav(1000), wav(1500));
    let (status, kept) = c.upload(&q, Some(&admin), first.clone()).await;
    assert_eq!(status, StatusCode::OK, "{kept}");
    // The same recording again is not counted twice; another one past 2,500 bytes is refused.
    assert_eq!(c.upload(&q, Some(&admin), first).await.0, StatusCode::OK);
    let (status, code, message) = refusal(&c.upload(&q, Some(&admin), second.clone()).await);
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE")
    );
    assert!(
        message.starts_with("file: ") && message.contains("10 files per account"),
        "{message}"
    );

    // The first becomes the entry's audio; the third is uploaded by someone else and never used.
    let kept = kept["url"].as_str().unwrap().to_string();
    let mut entry = c.entry.clone();
    entry.audio_url = Some(kept.clone());
    c.server
        .store
        .save_entries(vec![entry], &|_| true)
        .await
        .unwrap();
    let other = c.server.bearer("other-admin", Role::Admin, &[]);
    let (status, unused) = c.upload(&q, Some(&other), second).await;
    assert_eq!(status, StatusCode::OK, "{unused}");
    let unused = unused["url"].as_str().unwrap().to_string();
    let get = |url: String| {
        let c = &c;
        async move {
            c.http
                .get(format!("{}{url}", c.server.url()))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    // Within the grace period nothing goes; a day later (the clock given), the unused one.
    let day = 24 * 3600 * 1000;
    let now = writeit_server::clock::now_ms();
    let store = &c.server.store;
    assert_eq!(media_collector::collect(store, day, now).await.unwrap(), 0);
    assert_eq!(
        media_collector::collect(store, day, now + day + 1000)
            .await
            .unwrap(),
        1
    );
    assert_eq!(get(unused).await, StatusCode::NOT_FOUND);
    assert_eq!(get(kept).await, StatusCode::OK);
}
