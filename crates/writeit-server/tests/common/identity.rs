//! Test client for the identity service: a real server on loopback, HTTP calls, the mail outbox.

#![allow(dead_code)]

use std::time::Duration;

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use writeit_server::identity::IdentityConfig;
use writeit_server::testing::TestServer;

/// A temp folder removed on drop.
pub struct TempDir(pub std::path::PathBuf);
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server with a seeded SQLite store, and an HTTP client.
pub struct Ctx {
    pub server: TestServer,
    pub http: Client,
    pub _dir: TempDir,
}

/// A good password (not common, long enough).
pub const PASSWORD: &str = "correct horse battery";

/// Starts a server on a fresh seeded SQLite store.
pub async fn start() -> Ctx {
    start_with(|_| {}).await
}

/// Starts a server with the identity set-up changed by `configure`.
pub async fn start_with(configure: impl FnOnce(&mut IdentityConfig)) -> Ctx {
    let dir = std::env::temp_dir().join(format!("writeit-id-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let starter = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter");
    writeit_server::seed::seed(&*store, &starter).await.unwrap();
    let server = TestServer::start_with(store, None, configure).await;
    Ctx {
        server,
        http: Client::new(),
        _dir: TempDir(dir),
    }
}

/// The upstream error code of an answer.
pub fn err(v: &Value) -> &str {
    v["error"]["message"].as_str().unwrap_or("")
}

impl Ctx {
    /// POSTs JSON to `/identity/v1/{endpoint}`.
    pub async fn post(&self, endpoint: &str, body: Value) -> (StatusCode, Value) {
        self.post_raw(endpoint, "application/json", body.to_string())
            .await
    }

    /// POSTs a body as it is.
    pub async fn post_raw(&self, endpoint: &str, ct: &str, body: String) -> (StatusCode, Value) {
        let res = self
            .http
            .post(format!("{}/identity/v1/{endpoint}", self.server.url()))
            .header("content-type", ct)
            .body(body)
            .send()
            .await
            .unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// Signs up and answers the response (tokens, localId).
    pub async fn sign_up(&self, email: &str) -> Value {
        let (s, v) = self
            .post(
                "accounts:signUp",
                json!({"email": email, "password": PASSWORD, "returnSecureToken": true}),
            )
            .await;
        assert_eq!(s, 200, "{v}");
        v
    }

    /// Signs in with [`PASSWORD`].
    pub async fn sign_in(&self, email: &str) -> (StatusCode, Value) {
        self.sign_in_with(email, PASSWORD).await
    }

    /// Signs in.
    pub async fn sign_in_with(&self, email: &str, password: &str) -> (StatusCode, Value) {
        self.post(
            "accounts:signInWithPassword",
            json!({"email": email, "password": password, "returnSecureToken": true}),
        )
        .await
    }

    /// Refreshes with a form body, as the securetoken endpoint takes it.
    pub async fn refresh(&self, refresh_token: &str) -> (StatusCode, Value) {
        self.post_raw(
            "token",
            "application/x-www-form-urlencoded",
            format!("grant_type=refresh_token&refresh_token={refresh_token}"),
        )
        .await
    }

    /// A tRPC query with a bearer token: the HTTP status and the tRPC error code ("OK" when none).
    pub async fn rpc(&self, procedure: &str, id_token: &str) -> (u16, String) {
        let input = percent_encoding::utf8_percent_encode(
            r#"{"offset":0}"#,
            percent_encoding::NON_ALPHANUMERIC,
        )
        .to_string();
        let res = self
            .http
            .get(format!(
                "{}/api/trpc/{procedure}?input={input}",
                self.server.url()
            ))
            .header("authorization", format!("Bearer {id_token}"))
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let v: Value = res.json().await.unwrap();
        let code = v["error"]["data"]["code"]
            .as_str()
            .unwrap_or("OK")
            .to_string();
        (status, code)
    }

    /// Runs a `writeit users` command on the server's store.
    pub async fn users(&self, command: writeit_server::identity::users::UsersCommand) -> String {
        writeit_server::identity::users::run(&*self.server.store, command)
            .await
            .unwrap()
    }

    /// Waits for a mail to `to` whose link has `mode=…`, and answers its `oobCode`.
    pub async fn mailed_code(&self, to: &str, mode: &str) -> String {
        let outbox = self.server.outbox();
        let want = format!("mode={mode}&oobCode=");
        for _ in 0..100 {
            if let Ok(entries) = std::fs::read_dir(&outbox) {
                let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
                paths.sort();
                for path in paths.iter().rev() {
                    let text = std::fs::read_to_string(path).unwrap_or_default();
                    if !text.contains(&format!("To: {to}")) {
                        continue;
                    }
                    if let Some(i) = text.find(&want) {
                        let code: String = text[i + want.len()..]
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                            .collect();
                        let _ = std::fs::remove_file(path);
                        return code;
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no mail to {to} with {want} in {}", outbox.display());
    }

    /// How many mails are in the outbox.
    pub fn outbox_count(&self) -> usize {
        std::fs::read_dir(self.server.outbox())
            .map(|d| d.count())
            .unwrap_or(0)
    }
}

/// The claims of a JWT, unverified (to look at them).
pub fn claims(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}
