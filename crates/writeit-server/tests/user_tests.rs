//! A learner's tests over HTTP against a real server (issue 35): who may save and read them,
//! each user's rows their own, a save replacing the row and a replay changing nothing, and every
//! refused input naming its field; a body over the limit is refused whole, never a 500.

use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};
use writeit_core::limits::{TEST_ANSWERS_MAX, TEST_TEXT_MAX};
use writeit_server::testing::TestServer;
use writeit_store::Role;

/// 2026-01-01, a client clock.
const T0: i64 = 1_767_225_600_000;

/// A temp folder removed on drop.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Ctx {
    server: TestServer,
    http: Client,
    _dir: TempDir,
}

async fn start() -> Ctx {
    let dir = std::env::temp_dir().join(format!("writeit-tests-{}", uuid7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    Ctx {
        server: TestServer::start(store).await,
        http: Client::new(),
        _dir: TempDir(dir),
    }
}

impl Ctx {
    fn learner(&self, sub: &str) -> String {
        self.server.bearer(sub, Role::User, &[])
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        auth: Option<&str>,
        body: Option<String>,
    ) -> (StatusCode, Value) {
        let mut req = self
            .http
            .request(method, format!("{}/api/trpc/{path}", self.server.url()));
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(b);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn save(&self, test: &Value, auth: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::POST, "saveUserTest", auth, Some(test.to_string()))
            .await
    }

    /// The caller's tests after `offset` (the answer's data), or the error answer.
    async fn tests(&self, offset: i64, auth: Option<&str>) -> (StatusCode, Value) {
        let input = json!({"offset": offset}).to_string();
        let q = percent_encoding::utf8_percent_encode(&input, percent_encoding::NON_ALPHANUMERIC);
        self.call(
            Method::GET,
            &format!("queryUserTests?input={q}"),
            auth,
            None,
        )
        .await
    }

    /// The caller's tests, all of them.
    async fn rows(&self, auth: &str) -> Vec<Value> {
        let (s, v) = self.tests(0, Some(auth)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["result"]["data"].as_array().unwrap().clone()
    }
}

fn uuid7() -> String {
    uuid::Uuid::now_v7().to_string()
}

fn code(v: &Value) -> &str {
    v["error"]["data"]["code"].as_str().unwrap_or("")
}

fn answer(n: i64) -> Value {
    json!({
        "entryId": uuid7(), "kind": "meaning", "type": "choice", "prompt": "학교",
        "given": "school", "expected": "school", "verdict": "correct",
        "answeredAt": T0 + n * 1_000, "reviewId": null,
    })
}

/// A test under way with `answers` answers, as the client sends it (no server fields).
fn test(answers: i64) -> Value {
    json!({
        "id": uuid7(), "deckId": uuid7(), "startedAt": T0, "finishedAt": null,
        "rescheduled": false, "answers": (1..=answers).map(answer).collect::<Vec<_>>(),
    })
}

/// `row` as saved: the input with the server's stamp and no tombstone.
fn stored(input: &Value, answered: &Value) -> Value {
    let mut row = input.clone();
    row["updatedAt"] = answered["updatedAt"].clone();
    row["deleted"] = json!(false);
    row
}

#[tokio::test]
async fn guests_are_refused_and_each_user_reaches_only_their_own_tests() {
    let c = start().await;
    let (a, b) = (c.learner("learner-a"), c.learner("learner-b"));
    let mine = test(2);

    // A guest can neither save nor read tests.
    let (s, v) = c.save(&mine, None).await;
    assert_eq!((s.as_u16(), code(&v)), (401, "UNAUTHORIZED"), "{v}");
    let (s, v) = c.tests(0, None).await;
    assert_eq!((s.as_u16(), code(&v)), (401, "UNAUTHORIZED"), "{v}");

    // The learner saves: `{test}`, the row as stored, and it syncs to them alone.
    let (s, v) = c.save(&mine, Some(&a)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let saved = v["result"]["data"]["test"].clone();
    assert!(saved["updatedAt"].as_i64().unwrap() > 0);
    assert_eq!(saved, stored(&mine, &saved));
    assert_eq!(c.rows(&a).await, vec![saved.clone()]);
    assert!(c.rows(&b).await.is_empty());

    // Another user saving under the same id saves their own row: the answer is theirs, and the
    // learner's row is neither changed nor shown to them.
    let mut theirs = mine.clone();
    theirs["answers"] = json!([]);
    theirs["rescheduled"] = json!(true);
    let (s, v) = c.save(&theirs, Some(&b)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let their_row = v["result"]["data"]["test"].clone();
    assert_eq!(their_row, stored(&theirs, &their_row));
    assert_eq!(c.rows(&b).await, vec![their_row.clone()]);
    let mut tombstone = theirs.clone();
    tombstone["deleted"] = json!(true);
    let (s, _) = c.save(&tombstone, Some(&b)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(c.rows(&a).await, vec![saved.clone()]);

    // The same save again changes nothing: the stored row, its stamp unchanged.
    let (_, v) = c.save(&mine, Some(&a)).await;
    assert_eq!(v["result"]["data"]["test"], saved);
    let (_, v) = c
        .tests(saved["updatedAt"].as_i64().unwrap(), Some(&a))
        .await;
    assert_eq!(v["result"]["data"], json!([]));

    // The next answer's save replaces the row; the learner's tombstone deletes it.
    let mut next = mine.clone();
    next["answers"].as_array_mut().unwrap().push(answer(3));
    next["finishedAt"] = json!(T0 + 60_000);
    let (_, v) = c.save(&next, Some(&a)).await;
    let replaced = v["result"]["data"]["test"].clone();
    assert!(replaced["updatedAt"].as_i64() > saved["updatedAt"].as_i64());
    assert_eq!(replaced, stored(&next, &replaced));
    assert_eq!(c.rows(&a).await, vec![replaced.clone()]);
    next["deleted"] = json!(true);
    let (_, v) = c.save(&next, Some(&a)).await;
    assert_eq!(v["result"]["data"]["test"]["deleted"], true);
    let rows = c.rows(&a).await;
    assert_eq!((rows.len(), &rows[0]["deleted"]), (1, &json!(true)));
    assert_eq!(rows[0]["answers"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn refusals_name_the_field_and_store_nothing() {
    let c = start().await;
    let me = c.learner("learner");
    type Break = fn(&mut Value);
    let cases: Vec<(Break, &str, &str, &str)> = vec![
        (
            |t| t["answers"][3]["verdict"] = json!("maybe"),
            "answers[3].verdict",
            "invalidType",
            "answers[3].verdict: unknown variant `maybe`, expected one of `correct`, `near`, `wrong`",
        ),
        (
            |t| t["answers"][0]["kind"] = json!("writing"),
            "answers[0].kind",
            "invalidType",
            "answers[0].kind: unknown variant `writing`, expected `meaning` or `reading`",
        ),
        (
            |t| t["answers"][1]["type"] = json!("essay"),
            "answers[1].type",
            "invalidType",
            "answers[1].type: unknown variant `essay`",
        ),
        (
            |t| {
                let given = "a".repeat(TEST_TEXT_MAX + 1);
                t["answers"][2]["given"] = json!(given);
            },
            "answers[2].given",
            "tooLong",
            "answers[2].given: must be at most 1000 characters",
        ),
        (
            |t| t["answers"][0]["prompt"] = json!("a\u{0}b"),
            "answers[0].prompt",
            "invalidFormat",
            "answers[0].prompt: must not contain NUL characters",
        ),
        (
            |t| t["answers"][1]["reviewId"] = json!("not-a-review"),
            "answers[1].reviewId",
            "invalidFormat",
            "answers[1].reviewId: must be a UUID",
        ),
        (
            |t| t["answers"][1]["entryId"] = json!(""),
            "answers[1].entryId",
            "invalidFormat",
            "answers[1].entryId: must be a UUID",
        ),
        (
            |t| t["answers"][3]["answeredAt"] = json!(1.5),
            "answers[3].answeredAt",
            "invalidType",
            "answers[3].answeredAt: invalid type: floating point `1.5`, expected i64",
        ),
        (
            |t| t["answers"][3]["answeredAt"] = json!(0),
            "answers[3].answeredAt",
            "outOfRange",
            "answers[3].answeredAt: must be between 946684800000 and 7258118400000",
        ),
        (
            |t| {
                let many: Vec<Value> = (0..=TEST_ANSWERS_MAX as i64).map(answer).collect();
                t["answers"] = json!(many);
            },
            "answers",
            "tooMany",
            "answers: must have at most 100 items",
        ),
        (
            |t| t["startedAt"] = json!(T0 * 10),
            "startedAt",
            "outOfRange",
            "startedAt: must be between",
        ),
        (
            |t| t["finishedAt"] = json!(T0 - 1),
            "finishedAt",
            "outOfRange",
            "finishedAt: must not be before startedAt",
        ),
        (
            |t| t["deckId"] = json!("deck"),
            "deckId",
            "invalidFormat",
            "deckId: must be a UUID",
        ),
        (
            |t| {
                t.as_object_mut().unwrap().remove("deckId");
            },
            "deckId",
            "invalidType",
            "input: missing field `deckId`",
        ),
        (
            |t| {
                t["answers"][0].as_object_mut().unwrap().remove("expected");
            },
            "answers[0].expected",
            "invalidType",
            "answers[0]: missing field `expected`",
        ),
    ];
    for (break_it, field, reason, message) in cases {
        let mut t = test(4);
        break_it(&mut t);
        let (s, v) = c.save(&t, Some(&me)).await;
        assert_eq!((s.as_u16(), code(&v)), (400, "BAD_REQUEST"), "{field}: {v}");
        assert_eq!(v["error"]["data"]["field"], field, "{v}");
        assert_eq!(v["error"]["data"]["reason"], reason, "{v}");
        assert_eq!(v["error"]["data"]["path"], "saveUserTest", "{v}");
        let said = v["error"]["message"].as_str().unwrap();
        assert!(said.starts_with(message), "{said}");
    }
    assert!(c.rows(&me).await.is_empty(), "nothing refused was stored");

    // Device clocks are not the server's business: a test dated a year ahead is kept.
    let mut ahead = test(1);
    ahead["startedAt"] = json!(T0 + 365 * 86_400_000);
    ahead["finishedAt"] = ahead["startedAt"].clone();
    ahead["answers"][0]["answeredAt"] = json!(T0 - 86_400_000);
    let (s, v) = c.save(&ahead, Some(&me)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn the_largest_test_fits_and_a_larger_body_is_payload_too_large() {
    let c = start().await;
    let me = c.learner("learner");
    // Every limit at once, in 4-byte characters: accepted, and read back exactly.
    let wide = "😀".repeat(TEST_TEXT_MAX);
    let mut full = test(TEST_ANSWERS_MAX as i64);
    for a in full["answers"].as_array_mut().unwrap() {
        for field in ["prompt", "given", "expected"] {
            a[field] = json!(wide);
        }
    }
    let body = full.to_string();
    assert!(body.len() > 1_000_000, "{}", body.len());
    let (s, v) = c.save(&full, Some(&me)).await;
    assert_eq!(s, StatusCode::OK, "{}", code(&v));
    let saved = v["result"]["data"]["test"].clone();
    assert_eq!(saved, stored(&full, &saved));
    assert_eq!(c.rows(&me).await, vec![saved]);

    // Over the body limit: refused whole, before any field is read.
    let mut huge = test(TEST_ANSWERS_MAX as i64);
    for a in huge["answers"].as_array_mut().unwrap() {
        a["given"] = json!("😀".repeat(6 * TEST_TEXT_MAX));
    }
    let (s, v) = c.save(&huge, Some(&me)).await;
    assert_eq!((s.as_u16(), code(&v)), (413, "PAYLOAD_TOO_LARGE"), "{v}");
    // Under the body limit but over a text limit: the field is named.
    let mut long = test(1);
    long["answers"][0]["expected"] = json!("😀".repeat(TEST_TEXT_MAX + 1));
    let (s, v) = c.save(&long, Some(&me)).await;
    assert_eq!((s.as_u16(), code(&v)), (400, "BAD_REQUEST"), "{v}");
    assert_eq!(v["error"]["data"]["field"], "answers[0].expected");
    assert_eq!(c.rows(&me).await.len(), 1);
}
