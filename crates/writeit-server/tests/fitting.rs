//! Fitted FSRS parameters over HTTP against a real server: a learner's long history is fitted in
//! the background and on request, the row syncs through `queryUserParameters`, their cards are
//! rescheduled with it, a restart finds who is still due, and only the learner reaches their row.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use writeit_core::card::rebuild;
use writeit_core::entity::{UserCard, UserParameters, UserReview};
use writeit_core::fsrs::weights_or_default;
use writeit_server::testing::TestServer;
use writeit_store::{Role, SharedStore};

/// A temp folder removed on drop.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("writeit-fit-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn open_store(dir: &std::path::Path) -> SharedStore {
    writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap()
}

/// The starter content and a simulated learner's log of `n` reviews on entries of its own.
async fn history(store: &SharedStore, seed: u64, n: usize) -> Vec<UserReview> {
    writeit_server::seed::seed(
        &**store,
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter"),
    )
    .await
    .unwrap();
    writeit_server::testing::simulated_log(&**store, seed, n).await
}

struct Api {
    server: TestServer,
    http: Client,
}

impl Api {
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        auth: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.http.request(
            method.clone(),
            format!("{}/api/trpc/{path}", self.server.url()),
        );
        if !auth.is_empty() {
            req = req.header("authorization", auth);
        }
        // A mutation without input is a POST of JSON with a blank body, as @trpc/client sends it.
        if method == reqwest::Method::POST {
            req = req.header("content-type", "application/json");
        }
        if let Some(b) = body {
            req = req.body(b.to_string());
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        (status, res.json().await.unwrap())
    }

    /// Saves reviews 32 to a request, as the client's batches do.
    async fn save_reviews(&self, auth: &str, reviews: &[UserReview]) {
        for chunk in reviews.chunks(32) {
            let names = vec!["saveUserReview"; chunk.len()].join(",");
            let body: serde_json::Map<String, Value> = chunk
                .iter()
                .enumerate()
                .map(|(i, r)| (i.to_string(), serde_json::to_value(r).unwrap()))
                .collect();
            let (s, v) = self
                .call(
                    reqwest::Method::POST,
                    &format!("{names}?batch=1"),
                    auth,
                    Some(Value::Object(body)),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
    }

    async fn parameters(&self, auth: &str, offset: i64) -> (StatusCode, Value) {
        let input = json!({"offset": offset}).to_string();
        let q = percent_encoding::utf8_percent_encode(&input, percent_encoding::NON_ALPHANUMERIC);
        self.call(
            reqwest::Method::GET,
            &format!("queryUserParameters?input={q}"),
            auth,
            None,
        )
        .await
    }

    async fn cards(&self, auth: &str) -> Vec<UserCard> {
        let input = json!({"offset": 0, "limit": 5000}).to_string();
        let q = percent_encoding::utf8_percent_encode(&input, percent_encoding::NON_ALPHANUMERIC);
        let (_, v) = self
            .call(
                reqwest::Method::GET,
                &format!("queryUserCards?input={q}"),
                auth,
                None,
            )
            .await;
        serde_json::from_value(v["result"]["data"].clone()).unwrap()
    }

    /// The learner's row once one made from a log of the size `wanted` is synced.
    async fn wait_for_row(&self, auth: &str, wanted: impl Fn(u32) -> bool) -> UserParameters {
        for _ in 0..600 {
            let (_, v) = self.parameters(auth, 0).await;
            let rows: Vec<UserParameters> =
                serde_json::from_value(v["result"]["data"].clone()).unwrap();
            if let Some(row) = rows.into_iter().find(|r| wanted(r.reviews)) {
                return row;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no row of the size wanted within a minute");
    }
}

/// Every card is the replay of its reviews with the row's weights.
fn assert_cards_follow(row: &UserParameters, reviews: &[UserReview], cards: &[UserCard]) {
    let w = weights_or_default(&row.weights);
    let mut by_card: HashMap<&str, Vec<UserReview>> = HashMap::new();
    for r in reviews {
        by_card.entry(&r.card_id).or_default().push(r.clone());
    }
    assert_eq!(cards.len(), by_card.len());
    for card in cards {
        let mut want = rebuild(&w, by_card[card.id.as_str()].clone()).unwrap();
        want.updated_at = card.updated_at;
        assert_eq!(card, &want);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_history_is_fitted_in_the_background_and_on_request() {
    let dir = TempDir::new();
    let store = open_store(dir.path()).await;
    let reviews = history(&store, 4, 1_200).await;
    let api = Api {
        server: TestServer::start(store).await,
        http: Client::new(),
    };
    let me = api.server.bearer("learner", Role::User, &[]);
    let other = api.server.bearer("someone-else", Role::User, &[]);

    // Below the threshold nothing is fitted; the request still answers a row (the defaults).
    api.save_reviews(&me, &reviews[..300]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, v) = api.parameters(&me, 0).await;
    assert_eq!(v["result"]["data"], json!([]), "fitted below the threshold");

    // Past it, the background fitter fits the learner (while the log is still arriving: on
    // however many reviews it had then).
    api.save_reviews(&me, &reviews[300..]).await;
    let background = api.wait_for_row(&me, |n| n >= 800).await;
    assert!(background.fitted);

    // On request, the whole log: fitted on all 1,200, and every card rescheduled with it.
    let optimize = || api.call(reqwest::Method::POST, "optimizeUserParameters", &me, None);
    let (s, v) = optimize().await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let row: UserParameters = serde_json::from_value(v["result"]["data"].clone()).unwrap();
    assert_eq!(row.reviews, 1_200);
    assert_eq!(row.weights.len(), 21);
    assert!(row.items > 0);
    let (d, l) = (row.default_log_loss.unwrap(), row.log_loss.unwrap());
    assert!(
        row.fitted,
        "a 1,200-review log of unlike weights is fitted ({d} vs {l})"
    );
    assert!(l < d);
    assert_eq!(row.workload.len(), 28);
    assert!(row.recommended_retention.is_some());
    assert_eq!(api.wait_for_row(&me, |n| n == 1_200).await, row);
    assert_cards_follow(&row, &reviews, &api.cards(&me).await);

    // Asking again with the log unchanged answers the same row, without refitting.
    let (_, v) = optimize().await;
    let answered: UserParameters = serde_json::from_value(v["result"]["data"].clone()).unwrap();
    assert_eq!(answered, row);

    // A new review is replayed with the fitted weights.
    let mut next = reviews.last().unwrap().clone();
    next.id = "0190a4b3-0000-7000-8000-ffffffffffff".into();
    next.reviewed_at = writeit_server::clock::now_ms();
    api.save_reviews(&me, std::slice::from_ref(&next)).await;
    let mut all = reviews.clone();
    all.push(next);
    assert_cards_follow(&row, &all, &api.cards(&me).await);

    // On request, with the log grown by one: fitted now, on 1,201 reviews.
    let (s, v) = optimize().await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let refit: UserParameters = serde_json::from_value(v["result"]["data"].clone()).unwrap();
    assert_eq!(refit.reviews, 1_201);
    assert!(refit.updated_at > row.updated_at);
    let (_, v) = api.parameters(&me, row.updated_at).await;
    assert_eq!(v["result"]["data"][0]["reviews"], 1_201);

    // Only the learner reaches their row: another learner has none, a guest is refused.
    let (_, v) = api.parameters(&other, 0).await;
    assert_eq!(v["result"]["data"], json!([]));
    let (s, _) = api.parameters("", 0).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = api
        .call(reqwest::Method::POST, "optimizeUserParameters", "", None)
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

/// Who is due is read from the database: a learner whose reviews were saved while no fitter ran
/// (a crash before the fit, a restart) is fitted when the next server starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_fits_learners_left_due() {
    let dir = TempDir::new();
    let store = open_store(dir.path()).await;
    let reviews = history(&store, 5, 900).await;
    for r in &reviews {
        store.save_user_review("learner", r).await.unwrap();
    }
    let api = Api {
        server: TestServer::start(store).await,
        http: Client::new(),
    };
    let me = api.server.bearer("learner", Role::User, &[]);
    let row = api.wait_for_row(&me, |n| n == 900).await;
    assert_cards_follow(&row, &reviews, &api.cards(&me).await);
}
