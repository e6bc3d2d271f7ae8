//! Public data by language (docs/sync.md "Public data by language"), told once and run on both
//! databases: pages of some languages only, bounded by the sync's T, the characters other
//! languages' entries write coming along, and a language added while writers save rows in it.

#[macro_use]
mod common;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::*;
use writeit_core::entity::*;
use writeit_core::paging::{Cursor, PageInput};
use writeit_store::SharedStore;

stories! {
    story_pages_of_languages => sqlite_pages_of_languages, postgres_pages_of_languages;
    story_borrowed_characters => sqlite_borrowed_characters, postgres_borrowed_characters;
    story_user_deck_language => sqlite_user_deck_language, postgres_user_deck_language;
    story_language_added_while_writing => sqlite_language_added_while_writing, postgres_language_added_while_writing;
}

/// Korean, Japanese and Chinese.
async fn seed(store: &SharedStore) {
    store
        .save_languages(vec![
            language("ko", "Korean", "한국어"),
            language("ja", "Japanese", "日本語"),
            language("zh", "Chinese", "中文"),
        ])
        .await
        .expect("save languages");
}

fn page(offset: i64, until: Option<i64>, languages: &[&str]) -> PageInput {
    PageInput {
        offset,
        until,
        languages: Some(languages.iter().map(|l| l.to_string()).collect()),
        limit: Some(1000),
        ..Default::default()
    }
}

fn ids<T: Synced>(rows: &[T]) -> HashSet<String> {
    rows.iter().map(|r| r.id().to_string()).collect()
}

async fn add_character(store: &SharedStore, language: &str, value: &str) -> Character {
    let mut saved = store
        .save_characters(vec![CharacterAdder::new(language, value).build()], &anyone)
        .await
        .expect("save a character");
    saved.pop().expect("one character")
}

/// Decks, entries and characters come for the languages asked (all when none are named),
/// `languages` stays whole, and `until` leaves out what was stamped after it.
async fn story_pages_of_languages(store: SharedStore) {
    seed(&store).await;
    let ko = EntryAdder::new("ko").text("물").add(&store).await;
    let ja = EntryAdder::new("ja").text("みず").add(&store).await;
    let ko_deck = DeckAdder::new("ko").entries(&[&ko]).add(&store).await;
    let ja_deck = DeckAdder::new("ja").entries(&[&ja]).add(&store).await;
    let ko_char = add_character(&store, "ko", "ㅁ").await;
    let zh_char = add_character(&store, "zh", "水").await;
    let t = store.server_time().await.unwrap();
    let late = EntryAdder::new("ko").text("불").add(&store).await;

    let entries = store.query_entries(&page(0, None, &["ko"])).await.unwrap();
    assert_eq!(ids(&entries), ids(&[ko.clone(), late.clone()]));
    let entries = store
        .query_entries(&page(0, Some(t), &["ko"]))
        .await
        .unwrap();
    assert_eq!(
        ids(&entries),
        ids(std::slice::from_ref(&ko)),
        "until leaves out what came after T"
    );
    let entries = store
        .query_entries(&page(0, None, &["ko", "ja"]))
        .await
        .unwrap();
    assert_eq!(entries.len(), 3);
    let entries = store.query_entries(&page(0, None, &[])).await.unwrap();
    assert!(entries.is_empty(), "no language, no rows");
    let all = store.query_entries(&since(0)).await.unwrap();
    assert_eq!(all.len(), 3, "no `languages`: every language, as before");

    let decks = store.query_decks(&page(0, None, &["ja"])).await.unwrap();
    assert_eq!(ids(&decks), ids(&[ja_deck]));
    assert!(!ids(&decks).contains(&ko_deck.id));
    let characters = store
        .query_characters(&page(0, None, &["ko"]))
        .await
        .unwrap();
    assert_eq!(ids(&characters), ids(&[ko_char]));
    let characters = store
        .query_characters(&page(0, None, &["zh"]))
        .await
        .unwrap();
    assert_eq!(ids(&characters), ids(&[zh_char]));
    let languages = store
        .query_languages(&page(0, None, &["ko"]))
        .await
        .unwrap();
    assert_eq!(languages.len(), 3, "languages are always whole");

    // A tombstone is a row of its language like any other.
    let gone = EntryAdder::from(&ja).deleted().add(&store).await;
    let delta = store.query_entries(&page(t, None, &["ja"])).await.unwrap();
    assert_eq!(delta, vec![gone]);
}

/// A character of another language's set that an entry writes (a kanji stored under `zh`) comes
/// with the entry's language: in a full pull, and in the delta after the entry that first uses it,
/// though the character itself did not change.
async fn story_borrowed_characters(store: SharedStore) {
    seed(&store).await;
    let joy = add_character(&store, "zh", "嬉").await;
    let unused = add_character(&store, "zh", "龍").await;
    let sun_ja = add_character(&store, "ja", "日").await;
    let sun_zh = add_character(&store, "zh", "日").await;
    let before = store.server_time().await.unwrap();
    assert!(store
        .query_characters(&page(0, None, &["ja"]))
        .await
        .unwrap()
        .iter()
        .all(|c| c.language_code == "ja"));

    // A Japanese entry starts using 嬉 (and 日, which Japanese has its own of).
    let entry = EntryAdder::new("ja").text("嬉しい 日").add(&store).await;
    let delta = store
        .query_characters(&page(before, None, &["ja"]))
        .await
        .unwrap();
    let came: HashSet<String> = ids(&delta);
    assert!(
        came.contains(&joy.id),
        "the borrowed kanji comes with the delta"
    );
    assert!(
        came.contains(&sun_zh.id),
        "so does another set's row of a value used"
    );
    assert!(!came.contains(&unused.id));
    assert!(
        !came.contains(&sun_ja.id),
        "Japanese's own 日 did not change"
    );
    let restamped = delta.iter().find(|c| c.id == joy.id).unwrap();
    assert_eq!(
        restamped.updated_at, entry.updated_at,
        "stamped with the entry's write"
    );
    assert_eq!(restamped.strokes, joy.strokes, "re-stamped, not changed");

    let full = store
        .query_characters(&page(0, None, &["ja"]))
        .await
        .unwrap();
    assert_eq!(
        ids(&full),
        ids(&[joy.clone(), sun_ja.clone(), sun_zh.clone()])
    );
    let chinese = store
        .query_characters(&page(0, None, &["zh"]))
        .await
        .unwrap();
    assert_eq!(
        chinese.len(),
        3,
        "Chinese gets its own set, nothing of Japanese's"
    );

    // Using it again changes nothing; a later change of the character comes as any change does.
    let again = store.server_time().await.unwrap();
    EntryAdder::new("ja").text("嬉").add(&store).await;
    let delta = store
        .query_characters(&page(again, None, &["ja"]))
        .await
        .unwrap();
    assert!(
        delta.is_empty(),
        "a value already used is not re-stamped: {delta:?}"
    );
    let mut changed = joy.clone();
    changed.leniency = 1.5;
    store.save_characters(vec![changed], &anyone).await.unwrap();
    let delta = store
        .query_characters(&page(again, None, &["ja"]))
        .await
        .unwrap();
    assert_eq!(ids(&delta), ids(&[joy]));
    assert_eq!(
        store.record_character_uses().await.unwrap(),
        0,
        "nothing left to record"
    );
    // A deleted entry records nothing.
    let before = store.server_time().await.unwrap();
    EntryAdder::new("ja").text("龍").deleted().add(&store).await;
    let delta = store
        .query_characters(&page(before, None, &["ja"]))
        .await
        .unwrap();
    assert!(delta.is_empty());
}

/// A followed deck's row says the deck's language, so a second device knows what to pull.
async fn story_user_deck_language(store: SharedStore) {
    seed(&store).await;
    let deck = DeckAdder::new("ja").add(&store).await;
    let user = new_id();
    let saved = store
        .save_user_deck(&user, &user_deck_input(&deck.id))
        .await
        .unwrap();
    assert_eq!(saved.language_code.as_deref(), Some("ja"));
    let pulled = store.query_user_decks(&user, &since(0)).await.unwrap();
    assert_eq!(pulled, vec![saved]);
}

/// Rows of `table` of `languages` stamped in (offset, until], resumed after `after`: one page.
async fn entries_page(
    store: &SharedStore,
    offset: i64,
    until: i64,
    languages: &[&str],
    after: Option<Cursor>,
) -> Vec<Entry> {
    let mut input = page(offset, Some(until), languages);
    input.after = after;
    input.limit = Some(SYNC_PAGE);
    store.query_entries(&input).await.expect("a page")
}

const SYNC_PAGE: u32 = 8;
const WRITERS: usize = 3;

/// docs/sync.md "Adding a language": a learner of Korean syncs in rounds (T, the delta of the
/// languages it holds up to T, lastSync = T) while writers save Korean and Chinese entries. Midway
/// it adds Chinese: one page at a time between rounds, from 0 up to the lastSync of the moment,
/// resumed after its cursor; when a page comes back short, Chinese joins the delta. At the end its
/// copy equals the server's Korean and Chinese rows, and no (row, stamp) came twice.
async fn story_language_added_while_writing(store: SharedStore) {
    seed(&store).await;
    let done = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut saved = Vec::new();
                for i in 0..per_writer() {
                    let language = if i % 2 == 0 { "zh" } else { "ko" };
                    let entry = EntryAdder::new(language)
                        .text(&format!("{language} {w} {i}"))
                        .add(&store)
                        .await;
                    if i % 7 == 6 {
                        let old: &Entry = &saved[jitter(saved.len() as u64) as usize];
                        EntryAdder::from(old)
                            .text(&format!("{language} {w} {i} again"))
                            .add(&store)
                            .await;
                    }
                    saved.push(entry);
                    tokio::time::sleep(Duration::from_micros(jitter(3_000))).await;
                }
            })
        })
        .collect();

    let mut held: Vec<&str> = vec!["ko"];
    let mut adding: Option<Option<Cursor>> = None;
    let mut last_sync = 0;
    let mut copy: HashMap<String, Entry> = HashMap::new();
    let mut seen: HashSet<(String, i64)> = HashSet::new();
    let mut twice = 0;
    let mut add_pages = 0;
    let mut added = false;
    let mut added_while_writing = false;
    let mut take = |rows: Vec<Entry>, copy: &mut HashMap<String, Entry>| {
        for e in rows {
            if !seen.insert((e.id.clone(), e.updated_at)) {
                twice += 1;
            }
            copy.insert(e.id.clone(), e);
        }
    };
    loop {
        let finished = done.load(Ordering::SeqCst);
        // The regular sync: T, then the held languages' delta up to T.
        let t = store.server_time().await.unwrap();
        let mut after = None;
        loop {
            let rows = entries_page(&store, last_sync, t, &held, after.take()).await;
            let short = rows.len() < SYNC_PAGE as usize;
            after = rows.last().map(|e| Cursor {
                updated_at: e.updated_at,
                id: e.id.clone(),
            });
            take(rows, &mut copy);
            if short {
                break;
            }
        }
        last_sync = t;
        // Chinese is added once writing is under way; then one page of it a round.
        if !added && copy.len() >= WRITERS * per_writer() / 6 {
            added = true;
            added_while_writing = !finished;
            adding = Some(None);
        }
        if let Some(cursor) = adding.take() {
            let rows = entries_page(&store, 0, last_sync, &["zh"], cursor).await;
            add_pages += 1;
            let short = rows.len() < SYNC_PAGE as usize;
            let next = rows.last().map(|e| Cursor {
                updated_at: e.updated_at,
                id: e.id.clone(),
            });
            take(rows, &mut copy);
            if short {
                held.push("zh");
            } else {
                adding = Some(next);
            }
        }
        if finished && adding.is_none() && held.contains(&"zh") {
            break;
        }
        if writers.iter().all(|w| w.is_finished()) {
            done.store(true, Ordering::SeqCst);
        }
        tokio::time::sleep(Duration::from_micros(jitter(2_000))).await;
    }
    for w in writers {
        w.await.unwrap();
    }

    let server: HashMap<String, Entry> = pull_entries(&store, 0, 1000)
        .await
        .into_iter()
        .map(|e| (e.id.clone(), e))
        .collect();
    assert_eq!(server.len(), WRITERS * per_writer());
    let missing = server.keys().filter(|id| !copy.contains_key(*id)).count();
    assert_eq!(missing, 0, "the learner missed {missing} rows");
    let stale = copy.iter().filter(|(id, e)| server[*id] != **e).count();
    assert_eq!(stale, 0, "the learner holds {stale} outdated rows");
    assert_eq!(twice, 0, "{twice} rows were pulled twice");
    assert!(
        added_while_writing,
        "Chinese was added after the writers had finished"
    );
    assert!(add_pages > 1, "Chinese came in one page");
}

fn per_writer() -> usize {
    std::env::var("WRITEIT_STORY_PER_WRITER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

/// An entry saved without its uses recorded (by an older server during a rolling upgrade, or
/// before the table existed) has them recorded at the next open, its borrowed character
/// re-stamped for the delta; an open with nothing new to scan writes nothing.
#[tokio::test]
async fn an_open_records_the_uses_an_older_server_left_out() {
    use sqlx::Connection;
    let path = std::env::temp_dir().join(format!("writeit-store-test-{}.db", new_id()));
    let url = format!("sqlite:{}", path.display());
    let store = writeit_store::open(&url).await.expect("open");
    seed(&store).await;
    let joy = add_character(&store, "zh", "嬉").await;
    EntryAdder::new("ja").text("嬉").add(&store).await;
    let before = store.server_time().await.unwrap();
    drop(store);
    // What an older server leaves: an entry written, its use not recorded.
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("DELETE FROM character_uses WHERE value = '嬉'")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();

    let store = writeit_store::open(&url).await.expect("reopen");
    let delta = store
        .query_characters(&page(before, None, &["ja"]))
        .await
        .unwrap();
    assert_eq!(ids(&delta), ids(&[joy]), "recorded at open, and re-stamped");
    assert_eq!(store.record_character_uses().await.unwrap(), 0);
    let now = store.server_time().await.unwrap();
    drop(store);
    let store = writeit_store::open(&url).await.expect("open again");
    assert_eq!(
        store.server_time().await.unwrap(),
        now,
        "an open with nothing new writes nothing"
    );
    drop(store);
    remove_sqlite(&path);
}
