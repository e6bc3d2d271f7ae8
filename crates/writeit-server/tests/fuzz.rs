//! A seeded fuzz of the API (issue 24): 2,000 requests, valid inputs of every procedure bent out
//! of shape (wrong types, huge and control-laden strings, numbers out of range, fields missing or
//! unknown, nested garbage), batches mixing them, and malformed identity calls. No answer may be
//! a 5xx, and every refusal of an object input names the field it is about.

mod common;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};
use writeit_core::card::card_id;
use writeit_core::entity::CardKind;
use writeit_store::Role;

const TRPC_CALLS: usize = 1_700;
const IDENTITY_CALLS: usize = 300;

/// A value of the wrong kind, or of the right kind out of bounds.
fn bent_value(rng: &mut StdRng) -> Value {
    match rng.gen_range(0..16) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(1.5),
        4 => json!(1e308),
        5 => json!(-9_007_199_254_740_993_i64),
        6 => json!(""),
        7 => json!("x".repeat(rng.gen_range(1_000..40_000))),
        8 => json!("a\u{0}b"),
        9 => json!([]),
        10 => json!({}),
        11 => json!([1, "two", null]),
        12 => json!("not-a-uuid"),
        13 => json!("\u{202e}evil\u{200b}"),
        14 => json!({"nested": {"deeper": [{"x": 1}]}}),
        _ => json!(u64::MAX),
    }
}

/// `input` bent once: a field replaced, removed or added, or an array item replaced.
fn bend(input: &Value, rng: &mut StdRng) -> Value {
    let mut v = input.clone();
    let Some(obj) = v.as_object_mut() else {
        return bent_value(rng);
    };
    let keys: Vec<String> = obj.keys().cloned().collect();
    match rng.gen_range(0..10) {
        0 if !keys.is_empty() => {
            obj.remove(&keys[rng.gen_range(0..keys.len())]);
        }
        1 => {
            obj.insert("unexpected".into(), bent_value(rng));
        }
        2 => {
            // An array field's item bent.
            let arrays: Vec<&String> = keys.iter().filter(|k| obj[*k].is_array()).collect();
            if let Some(k) = arrays.first().map(|k| (*k).clone()) {
                let item = bent_value(rng);
                obj[&k].as_array_mut().unwrap().push(item);
            }
        }
        _ if !keys.is_empty() => {
            let k = &keys[rng.gen_range(0..keys.len())];
            obj.insert(k.clone(), bent_value(rng));
        }
        _ => {}
    }
    v
}

/// Valid inputs of every mutation and query, from the starter content.
async fn seeds(ctx: &common::identity::Ctx) -> Vec<(&'static str, Value)> {
    let get = |proc: &'static str| {
        let url = format!(
            "{}/api/trpc/{proc}?input={}",
            ctx.server.url(),
            percent_encoding::utf8_percent_encode(
                r#"{"offset":0,"limit":1}"#,
                percent_encoding::NON_ALPHANUMERIC
            )
        );
        let http = ctx.http.clone();
        async move {
            let v: Value = http.get(url).send().await.unwrap().json().await.unwrap();
            let mut row = v["result"]["data"][0].clone();
            row.as_object_mut().unwrap().remove("updatedAt");
            row
        }
    };
    let entry = get("queryEntries").await;
    let deck = get("queryDecks").await;
    let character = get("queryCharacters").await;
    let entry_id = entry["id"].as_str().unwrap().to_string();
    let deck_id = deck["id"].as_str().unwrap().to_string();
    let review = json!({"id": uuid::Uuid::now_v7().to_string(), "cardId": card_id(&entry_id, CardKind::Reading),
        "entryId": entry_id, "kind": "reading", "rating": 3,
        "reviewedAt": writeit_server::clock::now_ms(), "durationMs": 900});
    let page = json!({"offset": 0, "limit": 10});
    vec![
        ("saveEntry", entry),
        ("saveDeck", deck),
        ("saveCharacter", character),
        ("saveUserReview", review),
        (
            "saveUserEntry",
            json!({"entryId": entry_id, "enabled": false}),
        ),
        (
            "saveUserDeck",
            json!({"deckId": deck_id, "newPerDay": 10, "desiredRetention": 0.85}),
        ),
        ("queryEntries", page.clone()),
        ("queryDecks", page.clone()),
        ("queryUserReviews", page.clone()),
        ("queryUserCards", page),
    ]
}

#[derive(Default, Debug)]
struct Tally {
    ok: usize,
    refused: usize,
    server_errors: Vec<String>,
    unnamed: Vec<String>,
}

impl Tally {
    /// Counts one call's answer; `named`: whether its refusal must name a field.
    fn count(&mut self, what: &str, status: u16, error: Option<&Value>, named: bool) {
        if status >= 500 {
            self.server_errors
                .push(format!("{what}: {status} {error:?}"));
        } else if let Some(e) = error {
            self.refused += 1;
            let data = &e["data"];
            if named && data["code"] == "BAD_REQUEST" && !data["field"].is_string() {
                self.unnamed.push(format!("{what}: {}", e["message"]));
            }
        } else {
            self.ok += 1;
        }
    }
}

#[tokio::test]
async fn two_thousand_bent_requests_get_no_5xx_and_refusals_name_their_field() {
    let ctx = common::identity::start().await;
    let admin = ctx.server.bearer("fuzz-admin", Role::Admin, &[]);
    let seeds = seeds(&ctx).await;
    let mut rng = StdRng::seed_from_u64(24);
    let mut tally = Tally::default();

    for i in 0..TRPC_CALLS {
        let (proc, seed) = &seeds[rng.gen_range(0..seeds.len())];
        let input = bend(seed, &mut rng);
        let named = input.is_object();
        if i % 10 == 9 {
            // A batch: this call beside a valid one of another procedure.
            let (other, valid) = &seeds[rng.gen_range(0..seeds.len())];
            let body = json!({"0": input, "1": valid});
            let url = format!("{}/api/trpc/{proc},{other}?batch=1", ctx.server.url());
            let res = ctx
                .http
                .post(url)
                .header("authorization", &admin)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let answer: Value = res.json().await.unwrap_or(Value::Null);
            match answer.as_array() {
                Some(calls) => {
                    for call in calls {
                        tally.count(proc, status, call.get("error"), named && call == &calls[0]);
                    }
                }
                None => tally.count(proc, status, answer.get("error"), false),
            }
            continue;
        }
        let res = if proc.starts_with("query") {
            let url = format!(
                "{}/api/trpc/{proc}?input={}",
                ctx.server.url(),
                percent_encoding::utf8_percent_encode(
                    &input.to_string(),
                    percent_encoding::NON_ALPHANUMERIC
                )
            );
            ctx.http.get(url).header("authorization", &admin).send()
        } else {
            let url = format!("{}/api/trpc/{proc}", ctx.server.url());
            ctx.http
                .post(url)
                .header("authorization", &admin)
                .json(&input)
                .send()
        }
        .await
        .unwrap();
        let status = res.status().as_u16();
        let answer: Value = res.json().await.unwrap_or(Value::Null);
        tally.count(proc, status, answer.get("error"), named);
    }

    // Identity: malformed and bent bodies, without hashing a password on every call.
    let endpoints = [
        "accounts:signUp",
        "accounts:signInWithPassword",
        "accounts:sendOobCode",
        "accounts:lookup",
        "accounts:update",
        "token",
    ];
    let valid = json!({"email": "fuzz@example.com", "password": "a quiet river 42", "returnSecureToken": true,
        "requestType": "PASSWORD_RESET", "grant_type": "refresh_token", "refresh_token": "x", "idToken": "y"});
    let mut identity_5xx = Vec::new();
    for _ in 0..IDENTITY_CALLS {
        let endpoint = endpoints[rng.gen_range(0..endpoints.len())];
        let mut body = bend(&valid, &mut rng);
        // Mostly bodies that fail before a password hash, so the run stays quick.
        if rng.gen_bool(0.8) {
            body["email"] = bent_value(&mut rng);
        }
        let (status, answer) = if rng.gen_bool(0.1) {
            ctx.post_raw(endpoint, "application/json", "{not json".into())
                .await
        } else {
            ctx.post(endpoint, body).await
        };
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            identity_5xx.push(format!("{endpoint}: {status} {answer}"));
        }
    }

    println!(
        "fuzz: {} tRPC calls ({} answered, {} refused, {} 5xx, {} refusals without a field); {} identity calls ({} 5xx)",
        TRPC_CALLS + TRPC_CALLS / 10,
        tally.ok,
        tally.refused,
        tally.server_errors.len(),
        tally.unnamed.len(),
        IDENTITY_CALLS,
        identity_5xx.len()
    );
    assert!(tally.server_errors.is_empty(), "{:#?}", tally.server_errors);
    assert!(tally.unnamed.is_empty(), "{:#?}", tally.unnamed);
    assert!(identity_5xx.is_empty(), "{identity_5xx:#?}");
    assert!(
        tally.refused > TRPC_CALLS / 2,
        "the inputs were bent: {tally:?}"
    );
}
