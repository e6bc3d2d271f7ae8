//! Test support for the store story: one fresh database per test (a temporary SQLite file, or a
//! new PostgreSQL database when `WRITEIT_TEST_POSTGRES_URL` is set), and builders for test data.

#![allow(dead_code)]

use std::collections::hash_map::RandomState;
use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::panic::AssertUnwindSafe;
use std::path::Path;

use futures::FutureExt;
use sqlx::Connection;
use writeit_core::card::card_id;
use writeit_core::entity::*;
use writeit_core::paging::{Cursor, PageInput};
use writeit_store::SharedStore;

/// `stories! { story_x => sqlite_x, postgres_x; }`: each `async fn story_x(store: SharedStore)`
/// becomes a test on SQLite and one on PostgreSQL.
#[allow(unused_macros)]
macro_rules! stories {
    ($($story:ident => $sqlite:ident, $postgres:ident;)*) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            common::run(Db::Sqlite, $story).await;
        }
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            common::run(Db::Postgres, $story).await;
        }
    )*};
}

/// The database a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// PostgreSQL server to test against (a URL to any database on it; each test makes its own).
const POSTGRES_URL: &str = "WRITEIT_TEST_POSTGRES_URL";
/// Set to 1 to make a missing PostgreSQL URL a failure rather than a skip (CI).
const REQUIRE_POSTGRES: &str = "WRITEIT_REQUIRE_POSTGRES";

/// Runs `story` on a fresh store of `db` and removes the database afterwards, even when the story
/// panics (the panic is then passed on).
pub async fn run<F, Fut>(db: Db, story: F)
where
    F: FnOnce(SharedStore) -> Fut,
    Fut: Future<Output = ()>,
{
    match db {
        Db::Sqlite => {
            let path = std::env::temp_dir().join(format!("writeit-store-test-{}.db", new_id()));
            let store = writeit_store::open(&format!("sqlite:{}", path.display()))
                .await
                .expect("open a SQLite store");
            let outcome = AssertUnwindSafe(story(store)).catch_unwind().await;
            remove_sqlite(&path);
            if let Err(panic) = outcome {
                std::panic::resume_unwind(panic);
            }
        }
        Db::Postgres => {
            let Some(server) = postgres_url() else {
                return;
            };
            let name = format!("t_{}", uuid::Uuid::now_v7().simple());
            admin(&server, &format!("CREATE DATABASE \"{name}\"")).await;
            let store = writeit_store::open(&with_database(&server, &name))
                .await
                .expect("open a PostgreSQL store");
            let outcome = AssertUnwindSafe(story(store)).catch_unwind().await;
            // The story owned the store; FORCE also ends connections its pool still holds.
            admin(
                &server,
                &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
            )
            .await;
            if let Err(panic) = outcome {
                std::panic::resume_unwind(panic);
            }
        }
    }
}

/// The PostgreSQL URL, or `None` (skip) when unset; panics when unset but required.
fn postgres_url() -> Option<String> {
    match std::env::var(POSTGRES_URL) {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var(REQUIRE_POSTGRES).as_deref() == Ok("1") => {
            panic!(
                "{REQUIRE_POSTGRES}=1 but {POSTGRES_URL} is not set: PostgreSQL cannot be skipped"
            )
        }
        _ => {
            eprintln!("skipped: set {POSTGRES_URL} to run the store story on PostgreSQL");
            None
        }
    }
}

/// Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run in the
/// database they name).
async fn admin(url: &str, statement: &str) {
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .unwrap_or_else(|e| panic!("connect to {url}: {e}"));
    sqlx::raw_sql(statement)
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
    let _ = conn.close().await;
}

/// `url` with its database (the path) replaced by `database`, keeping any query parameters.
fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let path = base[authority..]
        .find('/')
        .map_or(base.len(), |i| authority + i);
    let mut out = format!("{}/{database}", &base[..path]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

pub fn remove_sqlite(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        let _ = std::fs::remove_file(file);
    }
}

/// A fresh row id, as clients make them.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// Wall-clock ms since the epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_millis() as i64
}

/// A small random number below `n`, for jitter (std only: a randomly keyed hasher).
pub fn jitter(n: u64) -> u64 {
    RandomState::new().build_hasher().finish() % n.max(1)
}

/// `may_write` of an admin: every language.
pub fn anyone(_: &str) -> bool {
    true
}

/// A query for everything after `offset`, first page.
pub fn since(offset: i64) -> PageInput {
    PageInput {
        offset,
        after: None,
        limit: None,
        ..Default::default()
    }
}

/// Reads every row after `offset` the way the client does: pages of `limit`, each resumed after
/// the previous page's last (updatedAt, id), until a page is short.
pub async fn pull<T, F, Fut>(offset: i64, limit: u32, mut fetch: F) -> Vec<T>
where
    T: Synced,
    F: FnMut(PageInput) -> Fut,
    Fut: Future<Output = writeit_store::Result<Vec<T>>>,
{
    let mut rows: Vec<T> = Vec::new();
    loop {
        let after = rows.last().map(|r| Cursor {
            updated_at: r.updated_at(),
            id: r.id().to_string(),
        });
        let page = fetch(PageInput {
            offset,
            after,
            limit: Some(limit),
            ..Default::default()
        })
        .await
        .expect("query a page");
        assert!(page.len() <= limit as usize, "a page longer than its limit");
        let short = page.len() < limit as usize;
        rows.extend(page);
        if short {
            return rows;
        }
    }
}

/// All entries after `offset`, paged by `limit`.
pub async fn pull_entries(store: &SharedStore, offset: i64, limit: u32) -> Vec<Entry> {
    pull(offset, limit, |page| {
        let store = store.clone();
        async move { store.query_entries(&page).await }
    })
    .await
}

/// Sorts rows into query order, (updatedAt, id).
pub fn sync_order<T: Synced + Clone>(rows: &[T]) -> Vec<T> {
    let mut rows = rows.to_vec();
    rows.sort_by(|a, b| (a.updated_at(), a.id()).cmp(&(b.updated_at(), b.id())));
    rows
}

/// A language row (its stamp and grid type are the store's business).
pub fn language(code: &str, name: &str, native_name: &str) -> Language {
    Language {
        id: code.into(),
        name: name.into(),
        native_name: native_name.into(),
        rtl: matches!(code, "ar" | "fa" | "he"),
        grid_type: GridType::Character,
        updated_at: 0,
        deleted: false,
    }
}

/// Seeds Korean, Japanese and English in one batch and returns them as saved.
pub async fn seed_languages(store: &SharedStore) -> Vec<Language> {
    store
        .save_languages(vec![
            language("ko", "Korean", "한국어"),
            language("ja", "Japanese", "日本語"),
            language("en", "English", "English"),
        ])
        .await
        .expect("save languages")
}

/// Builds an entry: `EntryAdder::new("ko").text("물").build()`, or `.add(&store)` to save it.
pub struct EntryAdder(Entry);

impl EntryAdder {
    pub fn new(language: &str) -> Self {
        EntryAdder(Entry {
            id: new_id(),
            language_code: language.into(),
            text: "물".into(),
            reading: "mul".into(),
            meanings: vec!["water".into()],
            notes: String::new(),
            examples: vec![Example {
                text: "물 주세요".into(),
                translation: "Water, please".into(),
            }],
            audio_url: None,
            // Whatever a client sends here, the server stamps its own.
            updated_at: 0,
            deleted: false,
        })
    }
    /// Starts from an existing entry (to save a new version of it).
    pub fn from(entry: &Entry) -> Self {
        EntryAdder(entry.clone())
    }
    pub fn id(mut self, id: &str) -> Self {
        self.0.id = id.into();
        self
    }
    pub fn language(mut self, language: &str) -> Self {
        self.0.language_code = language.into();
        self
    }
    pub fn text(mut self, text: &str) -> Self {
        self.0.text = text.into();
        self
    }
    pub fn audio(mut self, url: &str) -> Self {
        self.0.audio_url = Some(url.into());
        self
    }
    pub fn updated_at(mut self, at: i64) -> Self {
        self.0.updated_at = at;
        self
    }
    pub fn deleted(mut self) -> Self {
        self.0.deleted = true;
        self
    }
    pub fn build(self) -> Entry {
        self.0
    }
    /// Saves the entry alone, as an admin, and returns it as saved.
    pub async fn add(self, store: &SharedStore) -> Entry {
        let mut saved = store
            .save_entries(vec![self.0], &anyone)
            .await
            .expect("save an entry");
        saved.pop().expect("one entry saved")
    }
}

/// Builds a deck: `DeckAdder::new("ko").entries(&[&e1, &e2]).build()`.
pub struct DeckAdder(Deck);

impl DeckAdder {
    pub fn new(language: &str) -> Self {
        DeckAdder(Deck {
            id: new_id(),
            language_code: language.into(),
            title: "Basics".into(),
            description: "First words".into(),
            entry_ids: Vec::new(),
            position: 0,
            updated_at: 0,
            deleted: false,
            source: None,
        })
    }
    pub fn title(mut self, title: &str) -> Self {
        self.0.title = title.into();
        self
    }
    pub fn position(mut self, position: i32) -> Self {
        self.0.position = position;
        self
    }
    pub fn source(mut self, source: &str) -> Self {
        self.0.source = Some(source.into());
        self
    }
    pub fn entries(mut self, entries: &[&Entry]) -> Self {
        self.0.entry_ids = entries.iter().map(|e| e.id.clone()).collect();
        self
    }
    pub fn build(self) -> Deck {
        self.0
    }
    /// Saves the deck alone, as an admin, and returns it as saved.
    pub async fn add(self, store: &SharedStore) -> Deck {
        let mut saved = store
            .save_decks(vec![self.0], &anyone)
            .await
            .expect("save a deck");
        saved.pop().expect("one deck saved")
    }
}

/// Builds a character with two strokes: `CharacterAdder::new("ko", "ㄱ").build()`.
pub struct CharacterAdder(Character);

impl CharacterAdder {
    pub fn new(language: &str, value: &str) -> Self {
        CharacterAdder(Character {
            id: new_id(),
            language_code: language.into(),
            value: value.into(),
            strokes: vec![
                Stroke {
                    path: "M 100 200 L 900 200".into(),
                    median: vec![[100, 200], [900, 200]],
                },
                Stroke {
                    path: "M 900 200 L 900 900".into(),
                    median: vec![[900, 200], [600, 500], [900, 900]],
                },
            ],
            source: "authored (MIT)".into(),
            updated_at: 0,
            leniency: 1.0,
            alternatives: vec![],
            deleted: false,
        })
    }
    pub fn build(self) -> Character {
        self.0
    }
}

/// 2023-11-14T22:13:20Z: review times in tests count from here.
pub const T0: i64 = 1_700_000_000_000;
/// Ms in a minute and a day.
pub const MINUTE: i64 = 60_000;
pub const DAY: i64 = 86_400_000;

/// Builds a review of an entry's card:
/// `ReviewAdder::new(&entry.id, CardKind::Reading).rating(3).at(T0).build()`.
pub struct ReviewAdder(UserReview);

impl ReviewAdder {
    pub fn new(entry_id: &str, kind: CardKind) -> Self {
        ReviewAdder(UserReview {
            id: new_id(),
            card_id: card_id(entry_id, kind),
            entry_id: entry_id.into(),
            kind,
            rating: 3,
            reviewed_at: T0,
            duration_ms: 4_000,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted: false,
        })
    }
    pub fn rating(mut self, rating: u8) -> Self {
        self.0.rating = rating;
        self
    }
    pub fn at(mut self, reviewed_at: i64) -> Self {
        self.0.reviewed_at = reviewed_at;
        self
    }
    pub fn score(mut self, score: f64) -> Self {
        self.0.score = Some(score);
        self
    }
    pub fn retention(mut self, retention: f64) -> Self {
        self.0.desired_retention = Some(retention);
        self
    }
    pub fn build(self) -> UserReview {
        self.0
    }
}

/// Builds a test of a deck with answers to the given entries, one a second from `T0`:
/// `TestAdder::new(&deck.id).answers(&[&a, &b]).finished().build()`.
pub struct TestAdder(UserTest);

impl TestAdder {
    pub fn new(deck_id: &str) -> Self {
        TestAdder(UserTest {
            id: new_id(),
            deck_id: deck_id.into(),
            started_at: T0,
            finished_at: None,
            rescheduled: false,
            answers: Vec::new(),
            updated_at: 0,
            deleted: false,
        })
    }
    pub fn from(test: &UserTest) -> Self {
        TestAdder(test.clone())
    }
    /// One more answer to `entry_id`, its meaning chosen rightly.
    pub fn answer(mut self, entry_id: &str) -> Self {
        let n = self.0.answers.len() as i64;
        self.0.answers.push(UserTestAnswer {
            entry_id: entry_id.into(),
            kind: TestAnswerKind::Meaning,
            answer_type: TestAnswerType::Choice,
            prompt: format!("prompt {n}"),
            given: "school".into(),
            expected: "school".into(),
            verdict: TestVerdict::Correct,
            answered_at: T0 + (n + 1) * 1_000,
            review_id: None,
        });
        self
    }
    pub fn answers(self, entries: &[&Entry]) -> Self {
        entries.iter().fold(self, |t, e| t.answer(&e.id))
    }
    pub fn finished(mut self) -> Self {
        self.0.finished_at = Some(T0 + MINUTE);
        self
    }
    pub fn rescheduled(mut self) -> Self {
        self.0.rescheduled = true;
        self
    }
    pub fn deleted(mut self) -> Self {
        self.0.deleted = true;
        self
    }
    pub fn build(self) -> UserTest {
        self.0
    }
}

/// A user deck input for `deck` with default settings.
pub fn user_deck_input(deck_id: &str) -> SaveUserDeckInput {
    SaveUserDeckInput {
        id: None,
        deck_id: Some(deck_id.into()),
        new_per_day: None,
        desired_retention: None,
        deleted: None,
        updated_at: None,
    }
}

/// A user entry input: `{entryId, enabled}`.
pub fn user_entry_input(entry_id: &str, enabled: bool) -> SaveUserEntryInput {
    SaveUserEntryInput {
        entry_id: Some(entry_id.into()),
        id: None,
        enabled,
        deleted: None,
        updated_at: None,
    }
}
