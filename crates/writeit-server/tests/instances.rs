//! Several servers over one database and one keys folder act as one (docs/identity.md, "Keys"):
//! tokens minted by one are accepted by the others, before and after a key rotation; a TOTP
//! secret sealed by one opens on another; refresh-token reuse, rate limits, sign-out everywhere
//! and media hold across them. On SQLite (one file, a pool per server) and, when
//! `WRITEIT_TEST_POSTGRES_URL` names a server, on a PostgreSQL database of its own.

mod common;

use std::time::Duration;

use common::identity::*;
use common::media::{korean_entry, wav};
use common::postgres::Database;
use common::sqlite::SqliteFile;
use reqwest::Client;
use serde_json::{json, Value};
use writeit_server::identity::mfa::code_at;
use writeit_server::identity::IdentityConfig;
use writeit_server::testing::TestServer;
use writeit_store::Role;

fn id_token(v: &Value) -> String {
    v["idToken"].as_str().unwrap().to_string()
}

/// Requests per client address in a window (the story's own stay well below).
const PER_ADDRESS: usize = 20;

/// How the servers are set up: a short account-status cache, a small per-address limit, client
/// addresses from `X-Forwarded-For` (as behind a balancer).
fn configure(config: &mut IdentityConfig) {
    config.status_ttl = Duration::from_millis(500);
    config.limits.per_address = PER_ADDRESS as i64;
    config.trust_forwarded_for = true;
}

/// Three servers over the database at `url` (seeded) and one fresh keys folder, the last started
/// only when the story asks; each as an identity test client.
struct Cluster {
    url: String,
    keys: std::path::PathBuf,
    _dir: TempDir,
}

impl Cluster {
    async fn new(url: String) -> Cluster {
        let dir = std::env::temp_dir().join(format!("writeit-instances-{}", uuid::Uuid::now_v7()));
        let store = writeit_store::open(&url).await.unwrap();
        let starter = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter");
        writeit_server::seed::seed(&*store, &starter).await.unwrap();
        Cluster {
            url,
            keys: dir.join("keys"),
            _dir: TempDir(dir),
        }
    }

    /// A server with its own connection pool.
    async fn start(&self) -> Ctx {
        let store = writeit_store::open(&self.url).await.unwrap();
        let server = TestServer::start_sharing_keys(store, &self.keys, configure).await;
        Ctx {
            server,
            http: Client::new(),
            _dir: TempDir(std::env::temp_dir().join("writeit-instances-none")),
        }
    }
}

async fn story(url: String) {
    let cluster = Cluster::new(url).await;
    // Over an empty keys folder: the first makes the keys, the second reads them (instances
    // racing to make them: `auth/key_files.rs`).
    let (a, b) = (cluster.start().await, cluster.start().await);
    let key_files = std::fs::read_dir(&cluster.keys).unwrap().count();
    assert_eq!(key_files, 2, "one ID-token key and one TOTP secrets key");

    // Signed up on one, signed in on another: each accepts the other's tokens.
    let up = a.sign_up("ana@example.com").await;
    assert_eq!(
        b.rpc("queryUserDecks", &id_token(&up)).await,
        (200, "OK".into())
    );
    let (s, on_b) = b.sign_in("ana@example.com").await;
    assert_eq!(s, 200, "{on_b}");
    assert_eq!(
        a.rpc("queryUserDecks", &id_token(&on_b)).await,
        (200, "OK".into())
    );

    // A refresh token used on one and again on another: the reuse is caught.
    let r0 = up["refreshToken"].as_str().unwrap();
    let (s, v) = a.refresh(r0).await;
    assert_eq!(s, 200, "{v}");
    let r1 = v["refresh_token"].as_str().unwrap().to_string();
    let (_, v) = b.refresh(r0).await;
    assert_eq!(err(&v), "TOKEN_EXPIRED");
    let (_, v) = a.refresh(&r1).await;
    assert_eq!(err(&v), "TOKEN_EXPIRED", "the whole family is revoked");

    // A second factor enrolled through two servers (the session's sealed secret opens on the
    // second) is checked on the other one (so does the stored secret).
    let token = id_token(&on_b);
    let (s, v) = a
        .post("mfaEnrollment:start", json!({"idToken": token}))
        .await;
    assert_eq!(s, 200, "{v}");
    let secret = v["totpSessionInfo"]["sharedSecretKey"]
        .as_str()
        .unwrap()
        .to_string();
    let session = v["totpSessionInfo"]["sessionInfo"].as_str().unwrap();
    let now = writeit_server::clock::now_secs();
    let (s, v) = b.post("mfaEnrollment:finalize", json!({"idToken": token, "totpVerificationInfo": {"sessionInfo": session, "verificationCode": code_at(&secret, now)}})).await;
    assert_eq!(s, 200, "{v}");
    let enrollment = v["mfaInfo"][0]["mfaEnrollmentId"].as_str().unwrap();
    let (_, v) = a.sign_in("ana@example.com").await;
    let pending = v["mfaPendingCredential"].as_str().unwrap();
    let (s, v) = a.post("mfaSignIn:finalize", json!({"mfaPendingCredential": pending, "mfaEnrollmentId": enrollment, "totpVerificationInfo": {"verificationCode": code_at(&secret, now + 30)}})).await;
    assert_eq!(s, 200, "{v}");
    let before_rotation = id_token(&v);

    // A rotation (its key made long enough ago to sign now): a server started after it signs
    // with the new key; the others accept its tokens at once (an unknown kid makes them read the
    // folder), and it accepts theirs.
    let made = writeit_server::clock::now_secs() - writeit_server::auth::SIGNS_AFTER_SECS;
    let rotated = writeit_server::auth::rotate(&cluster.keys, made).unwrap();
    let c = cluster.start().await;
    let after_rotation = id_token(&c.sign_up("bo@example.com").await);
    assert_ne!(
        claims_kid(&after_rotation),
        claims_kid(&before_rotation),
        "{rotated} signs"
    );
    for server in [&a, &b, &c] {
        assert_eq!(
            server.rpc("queryUserDecks", &after_rotation).await,
            (200, "OK".into())
        );
        assert_eq!(
            server.rpc("queryUserDecks", &before_rotation).await,
            (200, "OK".into())
        );
    }
    let jwks: Value = reqwest::get(format!("{}/identity/v1/jwks.json", a.server.url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(jwks["keys"].as_array().unwrap().len(), 2, "{jwks}");

    // Rate limits count across servers: one client's requests spread over all three are
    // answered up to the limit, then refused by each.
    let servers = [&a, &b, &c];
    let mut statuses = Vec::new();
    for i in 0..PER_ADDRESS + 3 {
        let res = Client::new()
            .post(format!(
                "{}/identity/v1/accounts:createAuthUri",
                servers[i % 3].server.url()
            ))
            .header("x-forwarded-for", "203.0.113.7")
            .json(&json!({"identifier": "x@example.com", "continueUri": "http://x"}))
            .send()
            .await
            .unwrap();
        statuses.push(res.status().as_u16());
    }
    let mut want = vec![200; PER_ADDRESS];
    want.extend([429; 3]);
    assert_eq!(statuses, want);

    // Signed out everywhere on one: every server refuses the old tokens once its account-status
    // cache entry expires.
    let (s, _) = a
        .post("accounts:signOut", json!({"idToken": after_rotation}))
        .await;
    assert_eq!(s, 200);
    for server in [&b, &c] {
        let mut refused = false;
        for _ in 0..40 {
            if server.rpc("queryUserDecks", &after_rotation).await.0 == 401 {
                refused = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(refused, "signed out on {}", server.server.url());
    }

    // Media stored through one are served by another.
    let admin = a.server.bearer("admin-1", Role::Admin, &[]);
    let entry = korean_entry(&*a.server.store).await;
    let upload: Value = Client::new()
        .post(format!(
            "{}/api/media/audio?entryId={}",
            a.server.url(),
            entry.id
        ))
        .header("authorization", admin)
        .header("content-type", "application/octet-stream")
        .body(wav(64))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = upload["url"].as_str().expect("a media URL").to_string();
    for server in [&b, &c] {
        let res = reqwest::get(format!("{}{path}", server.server.url()))
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.bytes().await.unwrap().as_ref(), wav(64).as_slice());
    }
}

/// The `kid` in a JWT's header.
fn claims_kid(token: &str) -> String {
    jsonwebtoken::decode_header(token).unwrap().kid.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_over_one_sqlite_file_act_as_one() {
    let db = SqliteFile::new("writeit-instances");
    story(db.url.clone()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_over_one_postgres_database_act_as_one() {
    let Some(database) = Database::create("writeit_instances").await else {
        return;
    };
    story(database.url.clone()).await;
    database.drop().await;
}
