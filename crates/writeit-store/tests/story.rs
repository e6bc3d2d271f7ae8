//! The store's behaviour, told once and run on every database: SQLite always, PostgreSQL when
//! `WRITEIT_TEST_POSTGRES_URL` names a server (each test makes its own database there). With
//! `WRITEIT_REQUIRE_POSTGRES=1` a missing URL fails the PostgreSQL tests instead of skipping them.
//!
//! Each story is an `async fn story_x(store: SharedStore)`; `stories!` turns it into the tests
//! `sqlite_x` and `postgres_x`.

#[macro_use]
mod common;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::*;
use writeit_core::card::{card_id, rebuild};
use writeit_core::entity::*;
use writeit_core::fsrs::DEFAULT_WEIGHTS;
use writeit_core::locate::ContentKind;
use writeit_core::paging::{Cursor, PageInput};
use writeit_store::{Role, SharedStore, StoreError, User};

stories! {
    story_empty_store => sqlite_empty_store, postgres_empty_store;
    story_save_and_read_back => sqlite_save_and_read_back, postgres_save_and_read_back;
    story_paging => sqlite_paging, postgres_paging;
    story_upsert => sqlite_upsert, postgres_upsert;
    story_may_write => sqlite_may_write, postgres_may_write;
    story_user_rows => sqlite_user_rows, postgres_user_rows;
    story_reviews => sqlite_reviews, postgres_reviews;
    story_review_tombstones => sqlite_review_tombstones, postgres_review_tombstones;
    story_take_back_after_the_answer => sqlite_take_back_after_the_answer, postgres_take_back_after_the_answer;
    story_take_back_before_the_answer => sqlite_take_back_before_the_answer, postgres_take_back_before_the_answer;
    story_take_back_instead_of_the_answer => sqlite_take_back_instead_of_the_answer, postgres_take_back_instead_of_the_answer;
    story_same_answer_twice => sqlite_same_answer_twice, postgres_same_answer_twice;
    story_take_back_another_answer => sqlite_take_back_another_answer, postgres_take_back_another_answer;
    story_review_from_the_future => sqlite_review_from_the_future, postgres_review_from_the_future;
    story_deleted_entries => sqlite_deleted_entries, postgres_deleted_entries;
    story_users => sqlite_users, postgres_users;
    story_concurrent_sync => sqlite_concurrent_sync, postgres_concurrent_sync;
    story_concurrent_review_sync => sqlite_concurrent_review_sync, postgres_concurrent_review_sync;
    story_import => sqlite_import, postgres_import;
    story_deck_entries_must_exist => sqlite_deck_entries_must_exist, postgres_deck_entries_must_exist;
    story_user_parameters => sqlite_user_parameters, postgres_user_parameters;
    story_user_tests => sqlite_user_tests, postgres_user_tests;
    story_language_of => sqlite_language_of, postgres_language_of;
}

/// The refusal of a deck's entry list: its field, reason and message.
fn refused_entry<T: std::fmt::Debug>(
    result: Result<T, StoreError>,
) -> (String, writeit_core::ErrorReason, String) {
    match result {
        Err(StoreError::Invalid {
            field,
            reason,
            message,
        }) => (field, reason, message),
        other => panic!("expected an invalid entry id, got {other:?}"),
    }
}

/// A deck lists only existing, live entries of its own language, checked in the save's
/// transaction (saveDeck and imports alike); nothing is written when one is not. An entry the
/// stored deck already listed may have been deleted since, so the deck can still be edited.
async fn story_deck_entries_must_exist(store: SharedStore) {
    use writeit_core::ErrorReason::{Conflict, NotFound};
    use writeit_store::{Import, ImportDeck};
    seed_languages(&store).await;
    let mut ko = Vec::new();
    for i in 0..3 {
        ko.push(
            EntryAdder::new("ko")
                .text(&format!("말{i}"))
                .add(&store)
                .await,
        );
    }
    let ja = EntryAdder::new("ja").text("水").add(&store).await;
    let gone = EntryAdder::new("ko")
        .text("없음")
        .deleted()
        .add(&store)
        .await;
    let missing = EntryAdder::new("ko").build();
    let snapshot = || async {
        (
            store.public_counts().await.unwrap(),
            store.server_time().await.unwrap(),
        )
    };
    let before = snapshot().await;
    let with = |last: &Entry| {
        DeckAdder::new("ko")
            .entries(&[&ko[0], &ko[1], &ko[2], last])
            .build()
    };
    let cases = [
        (&missing, NotFound, "no entry"),
        (&ja, Conflict, "in language 'ja'"),
        (&gone, NotFound, "was deleted"),
    ];
    for (last, reason, words) in cases {
        let (field, why, message) =
            refused_entry(store.save_decks(vec![with(last)], &anyone).await);
        assert_eq!((field.as_str(), why), ("entryIds[3]", reason), "{message}");
        assert!(
            message.starts_with("entryIds[3]: ") && message.contains(words),
            "{message}"
        );
        assert!(message.contains(&last.id), "{message}");
    }
    assert_eq!(snapshot().await, before);
    // An import whose new deck lists another language's entry is refused too, entries and all.
    let mut bad = with(&ko[0]);
    bad.entry_ids.truncate(2);
    bad.entry_ids[1] = ja.id.clone();
    let existing = DeckAdder::new("ko").entries(&[&ko[0]]).add(&store).await;
    let before = snapshot().await;
    let (field, _, _) = refused_entry(
        store
            .save_import(
                Import::new(ImportDeck::New(bad), vec![EntryAdder::new("ko").build()]),
                &anyone,
            )
            .await,
    );
    assert_eq!(field, "entryIds[1]");
    assert_eq!(snapshot().await, before);

    // Valid lists save; a listed entry deleted later does not block editing the deck, and
    // importing into it still works.
    let mut deck = DeckAdder::new("ko")
        .entries(&[&ko[0], &ko[1], &ko[2]])
        .add(&store)
        .await;
    store
        .save_entries(vec![EntryAdder::from(&ko[1]).deleted().build()], &anyone)
        .await
        .unwrap();
    deck.title = "Renamed".into();
    let deck = store
        .save_decks(vec![deck], &anyone)
        .await
        .unwrap()
        .remove(0);
    let saved = store
        .save_import(
            Import::new(
                ImportDeck::Existing {
                    id: deck.id.clone(),
                    language_code: "ko".into(),
                },
                vec![EntryAdder::new("ko").build()],
            ),
            &anyone,
        )
        .await
        .unwrap();
    assert_eq!(saved.deck.entry_ids.len(), 4);
    // A deleted deck may list anything it listed: deleting it is never refused.
    let mut gone_deck = existing;
    gone_deck.deleted = true;
    gone_deck.entry_ids.push(missing.id.clone());
    store.save_decks(vec![gone_deck], &anyone).await.unwrap();
}

/// An import saves its entries and their deck in one transaction with one stamp; appending keeps
/// the deck's list; any failure (language, permission, deck limit) writes nothing.
async fn story_import(store: SharedStore) {
    use writeit_store::{Duplicates, Import, ImportDeck};
    seed_languages(&store).await;
    let only_ko = |language: &str| language == "ko";
    let entries: Vec<Entry> = (0..3)
        .map(|i| EntryAdder::new("ko").text(&format!("단어{i}")).build())
        .collect();
    let deck = store
        .save_import(
            Import::new(
                ImportDeck::New(DeckAdder::new("ko").title("Imported").build()),
                entries.clone(),
            ),
            &only_ko,
        )
        .await
        .unwrap()
        .deck;
    let ids: Vec<String> = entries.iter().map(|e| e.id.clone()).collect();
    assert_eq!(deck.entry_ids, ids);
    assert_eq!(store.deck(&deck.id).await.unwrap().unwrap(), deck);
    let stored = store.deck_entries(&deck.id).await.unwrap();
    assert_eq!(stored.len(), 3);
    assert!(stored.iter().all(|e| e.updated_at == deck.updated_at));
    assert_eq!(stored[2].text, "단어2");

    // Appending to an existing deck keeps its entries first.
    let more = vec![EntryAdder::new("ko").text("더").build()];
    let existing = ImportDeck::Existing {
        id: deck.id.clone(),
        language_code: "ko".into(),
    };
    let appended = store
        .save_import(Import::new(existing.clone(), more.clone()), &only_ko)
        .await
        .unwrap()
        .deck;
    assert_eq!(appended.entry_ids.len(), 4);
    assert_eq!(appended.entry_ids[3], more[0].id);
    assert!(appended.updated_at > deck.updated_at);
    assert_eq!(store.deck_entries(&deck.id).await.unwrap()[3].text, "더");

    // Failures write nothing: not the entries before the bad one, not the deck.
    let before = (
        store.public_counts().await.unwrap(),
        store.server_time().await.unwrap(),
    );
    let mixed = vec![EntryAdder::new("ko").build(), EntryAdder::new("ja").build()];
    assert_forbidden(
        store
            .save_import(Import::new(existing.clone(), mixed), &only_ko)
            .await,
    );
    assert_forbidden(
        store
            .save_import(
                Import::new(
                    ImportDeck::New(DeckAdder::new("ja").build()),
                    vec![EntryAdder::new("ja").build()],
                ),
                &only_ko,
            )
            .await,
    );
    let message = invalid(
        store
            .save_import(
                Import::new(
                    ImportDeck::Existing {
                        id: deck.id.clone(),
                        language_code: "ja".into(),
                    },
                    vec![EntryAdder::new("ja").build()],
                ),
                &anyone,
            )
            .await,
    );
    assert!(message.contains("language 'ko'"), "{message}");
    let message = invalid(
        store
            .save_import(
                Import::new(
                    ImportDeck::Existing {
                        id: new_id(),
                        language_code: "ko".into(),
                    },
                    vec![EntryAdder::new("ko").build()],
                ),
                &anyone,
            )
            .await,
    );
    assert!(message.starts_with("deckId: no deck"), "{message}");
    let too_many: Vec<Entry> = (0..writeit_core::limits::DECK_ENTRIES_MAX - 3)
        .map(|_| EntryAdder::new("ko").build())
        .collect();
    let message = invalid(
        store
            .save_import(Import::new(existing.clone(), too_many), &anyone)
            .await,
    );
    assert!(message.contains("entryIds"), "{message}");
    assert_eq!(
        (
            store.public_counts().await.unwrap(),
            store.server_time().await.unwrap()
        ),
        before
    );

    // Reusing: rows whose text the language has list that entry (once), new texts are created,
    // and a text twice in the file is one entry.
    let rows = vec![
        EntryAdder::new("ko").text("단어1").build(),
        EntryAdder::new("ko").text("더").build(),
        EntryAdder::new("ko").text("새말").build(),
        EntryAdder::new("ko").text("새말").build(),
    ];
    let saved = store
        .save_import(
            Import::new(
                ImportDeck::New(DeckAdder::new("ko").title("Again").build()),
                rows.clone(),
            )
            .duplicates(Duplicates::Reuse),
            &only_ko,
        )
        .await
        .unwrap();
    assert_eq!((saved.created, saved.reused), (1, 3));
    assert_eq!(
        saved.deck.entry_ids,
        vec![ids[1].clone(), more[0].id.clone(), rows[2].id.clone()]
    );
    assert_eq!(store.public_counts().await.unwrap()[2], before.0[2] + 1);
    // Into the deck that already lists them: nothing new, nothing listed twice.
    let again = store
        .save_import(
            Import::new(existing, rows).duplicates(Duplicates::Reuse),
            &only_ko,
        )
        .await
        .unwrap();
    assert_eq!((again.created, again.reused), (0, 4));
    assert_eq!(again.deck.entry_ids.len(), 5);
    assert_eq!(again.deck.entry_ids[4], saved.deck.entry_ids[2]);

    // Media files come with their entries, stored once by their hash; a failed import stores none.
    let sound = |bytes: &[u8]| writeit_store::Media {
        id: format!("{:x}", bytes.len()).repeat(1) + &"0".repeat(63),
        content_type: "audio/mpeg".into(),
        bytes: bytes.to_vec(),
    };
    let (a, b) = (sound(b"a"), sound(b"bb"));
    let mut with_media = Import::new(
        ImportDeck::New(DeckAdder::new("ko").title("Sounds").build()),
        vec![EntryAdder::new("ko").build()],
    );
    with_media.media = vec![a.clone(), a.clone()];
    store
        .save_import(with_media.clone(), &only_ko)
        .await
        .unwrap();
    with_media.deck = ImportDeck::New(DeckAdder::new("ko").title("Sounds 2").build());
    with_media.entries = vec![EntryAdder::new("ko").build()];
    store.save_import(with_media, &only_ko).await.unwrap();
    assert_eq!(store.media(&a.id).await.unwrap(), Some(a));
    let mut failing = Import::new(
        ImportDeck::New(DeckAdder::new("ja").build()),
        vec![EntryAdder::new("ja").build()],
    );
    failing.media = vec![b.clone()];
    assert_forbidden(store.save_import(failing, &only_ko).await);
    assert_eq!(store.media(&b.id).await.unwrap(), None);
}

/// The message of a `StoreError::Invalid`, failing on any other outcome; the message names the
/// error's field.
fn invalid<T: std::fmt::Debug>(result: writeit_store::Result<T>) -> String {
    match result {
        Err(StoreError::Invalid { field, message, .. }) => {
            assert!(
                message.starts_with(&format!("{field}: ")),
                "{field}: {message}"
            );
            message
        }
        other => panic!("expected StoreError::Invalid, got {other:?}"),
    }
}

fn assert_forbidden<T: std::fmt::Debug>(result: writeit_store::Result<T>) {
    assert!(
        matches!(result, Err(StoreError::Forbidden { .. })),
        "expected StoreError::Forbidden, got {result:?}"
    );
}

/// A card with the stamp cleared, to compare with `card::rebuild` (which leaves it 0).
fn unstamped(card: &UserCard) -> UserCard {
    UserCard {
        updated_at: 0,
        ..card.clone()
    }
}

async fn story_empty_store(store: SharedStore) {
    assert_eq!(store.server_time().await.unwrap(), 0);
    assert!(store.query_languages(&since(0)).await.unwrap().is_empty());
    assert!(store.query_decks(&since(0)).await.unwrap().is_empty());
    assert!(store.query_entries(&since(0)).await.unwrap().is_empty());
    assert!(store.query_characters(&since(0)).await.unwrap().is_empty());
    let user = new_id();
    assert!(store
        .query_user_entries(&user, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_decks(&user, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_cards(&user, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_reviews(&user, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.public_counts().await.unwrap(), [0, 0, 0, 0]);
    assert_eq!(store.user(&user).await.unwrap(), None);
}

async fn story_save_and_read_back(store: SharedStore) {
    // Languages: one batch, one stamp, never below the wall clock; the grid type is derived.
    let before = now_ms();
    let languages = seed_languages(&store).await;
    let l_stamp = languages[0].updated_at;
    assert!(
        l_stamp >= before,
        "stamp {l_stamp} below the wall clock {before}"
    );
    assert!(languages.iter().all(|l| l.updated_at == l_stamp));
    let grid = |code: &str| languages.iter().find(|l| l.id == code).unwrap().grid_type;
    assert_eq!(grid("en"), GridType::Letter);
    assert_eq!(grid("ko"), GridType::Character);
    assert_eq!(store.server_time().await.unwrap(), l_stamp);
    assert_eq!(
        store.query_languages(&since(0)).await.unwrap(),
        sync_order(&languages)
    );

    // Entries: the client's updatedAt is ignored; the batch shares the next stamp.
    let inputs = vec![
        EntryAdder::new("ko")
            .text("물")
            .updated_at(i64::MAX / 4)
            .build(),
        EntryAdder::new("ko")
            .text("불")
            .audio("/audio/bul.mp3")
            .build(),
        EntryAdder::new("ja").text("水").build(),
    ];
    let entries = store.save_entries(inputs.clone(), &anyone).await.unwrap();
    let e_stamp = entries[0].updated_at;
    assert!(e_stamp > l_stamp);
    for (saved, input) in entries.iter().zip(&inputs) {
        assert_eq!(
            *saved,
            Entry {
                updated_at: e_stamp,
                ..input.clone()
            }
        );
    }
    assert_eq!(store.server_time().await.unwrap(), e_stamp);
    assert_eq!(
        store.query_entries(&since(0)).await.unwrap(),
        sync_order(&entries)
    );

    // A deck keeps its entries in the given order, and its source.
    let deck = DeckAdder::new("ko")
        .title("Elements")
        .position(3)
        .source("CC-CEDICT (MDBG); licence: CC BY-SA 4.0")
        .entries(&[&entries[1], &entries[0]])
        .add(&store)
        .await;
    assert_eq!(store.deck(&deck.id).await.unwrap().as_ref(), Some(&deck));
    assert!(deck.updated_at > e_stamp);
    assert_eq!(
        deck.entry_ids,
        vec![entries[1].id.clone(), entries[0].id.clone()]
    );
    assert_eq!(
        store.query_decks(&since(0)).await.unwrap(),
        vec![deck.clone()]
    );

    // A character keeps its strokes.
    let input = CharacterAdder::new("ko", "ㄱ").build();
    let characters = store
        .save_characters(vec![input.clone()], &anyone)
        .await
        .unwrap();
    let c_stamp = characters[0].updated_at;
    assert!(c_stamp > deck.updated_at);
    assert_eq!(
        characters,
        vec![Character {
            updated_at: c_stamp,
            ..input
        }]
    );
    assert_eq!(store.query_characters(&since(0)).await.unwrap(), characters);

    assert_eq!(store.server_time().await.unwrap(), c_stamp);
    assert_eq!(store.public_counts().await.unwrap(), [3, 1, 3, 1]);

    // Per language, live rows only: a deleted entry is not counted.
    let mut gone = entries[2].clone();
    gone.deleted = true;
    store.save_entries(vec![gone], &anyone).await.unwrap();
    let counts = |code: &str, decks, entries, characters| LanguageCounts {
        language_code: code.into(),
        decks,
        entries,
        characters,
    };
    assert_eq!(
        store.language_counts().await.unwrap(),
        [
            counts("en", 0, 0, 0),
            counts("ja", 0, 0, 0),
            counts("ko", 1, 2, 1)
        ]
    );
}

async fn story_paging(store: SharedStore) {
    seed_languages(&store).await;
    // 25 entries in four transactions; each batch is saved in reverse id order, so the store,
    // not the insertion order, must put it in (updatedAt, id) order.
    let mut saved = Vec::new();
    let mut stamps = Vec::new();
    for size in [1, 5, 9, 10] {
        let mut batch: Vec<Entry> = (0..size)
            .map(|i| EntryAdder::new("ko").text(&format!("낱말 {i}")).build())
            .collect();
        batch.reverse();
        let out = store.save_entries(batch, &anyone).await.unwrap();
        assert!(out.iter().all(|e| e.updated_at == out[0].updated_at));
        stamps.push(out[0].updated_at);
        saved.extend(out);
    }
    assert!(stamps.windows(2).all(|w| w[0] < w[1]), "{stamps:?}");
    let expected = sync_order(&saved);

    // Pages of 7, each resumed after the previous page's last row: 7, 7, 7, 4.
    let mut rows: Vec<Entry> = Vec::new();
    let mut sizes = Vec::new();
    loop {
        let after = rows.last().map(|e| Cursor {
            updated_at: e.updated_at,
            id: e.id.clone(),
        });
        let page = store
            .query_entries(&PageInput {
                offset: 0,
                after,
                limit: Some(7),
                ..Default::default()
            })
            .await
            .unwrap();
        sizes.push(page.len());
        let short = page.len() < 7;
        rows.extend(page);
        if short {
            break;
        }
    }
    assert_eq!(sizes, vec![7, 7, 7, 4]);
    assert_eq!(rows, expected);
    let ids: HashSet<&str> = rows.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids.len(), 25, "every row exactly once");
    // A limit that divides the total ends with an empty page and still returns every row once.
    assert_eq!(pull_entries(&store, 0, 5).await, expected);

    // The offset keeps only rows stamped after it.
    let after_second: Vec<Entry> = expected
        .iter()
        .filter(|e| e.updated_at > stamps[1])
        .cloned()
        .collect();
    assert_eq!(after_second.len(), 19);
    assert_eq!(pull_entries(&store, stamps[1], 7).await, after_second);
    assert_eq!(pull_entries(&store, stamps[3] - 1, 7).await.len(), 10);
    assert!(pull_entries(&store, stamps[3], 7).await.is_empty());

    // A tombstone is a change like any other: it is returned, last, marked deleted.
    let gone = EntryAdder::from(&expected[3]).deleted().add(&store).await;
    assert!(gone.deleted && gone.updated_at > stamps[3]);
    assert_eq!(
        store.query_entries(&since(stamps[3])).await.unwrap(),
        vec![gone.clone()]
    );
    let all = pull_entries(&store, 0, 7).await;
    assert_eq!(all.len(), 25);
    assert_eq!(all.last(), Some(&gone));
    assert_eq!(all.iter().filter(|e| e.deleted).count(), 1);
    assert_eq!(store.public_counts().await.unwrap()[2], 25);
}

async fn story_upsert(store: SharedStore) {
    let languages = seed_languages(&store).await;

    let first = EntryAdder::new("ko").text("물").add(&store).await;
    let second = EntryAdder::from(&first).text("불").add(&store).await;
    assert_eq!(second.id, first.id);
    assert!(second.updated_at > first.updated_at);
    let rows = store.query_entries(&since(0)).await.unwrap();
    assert_eq!(rows, vec![second.clone()]);
    assert_eq!(rows[0].text, "불");

    let deck = DeckAdder::new("ko").title("One").add(&store).await;
    let mut renamed = deck.clone();
    renamed.title = "Two".into();
    renamed.entry_ids = vec![second.id.clone()];
    let renamed = store.save_decks(vec![renamed], &anyone).await.unwrap();
    assert!(renamed[0].updated_at > deck.updated_at);
    assert_eq!(store.query_decks(&since(0)).await.unwrap(), renamed);
    assert_eq!(renamed[0].title, "Two");

    let character = CharacterAdder::new("ko", "ㄱ").build();
    store
        .save_characters(vec![character.clone()], &anyone)
        .await
        .unwrap();
    let mut changed = character;
    changed.strokes.truncate(1);
    let changed = store.save_characters(vec![changed], &anyone).await.unwrap();
    assert_eq!(store.query_characters(&since(0)).await.unwrap(), changed);
    assert_eq!(changed[0].strokes.len(), 1);

    let mut korean = languages.iter().find(|l| l.id == "ko").unwrap().clone();
    korean.name = "Korean (Hangul)".into();
    let korean = store.save_languages(vec![korean]).await.unwrap();
    let rows = store.query_languages(&since(0)).await.unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows.last(), korean.first());

    assert_eq!(store.public_counts().await.unwrap(), [3, 1, 1, 1]);
    assert_eq!(store.server_time().await.unwrap(), korean[0].updated_at);
}

async fn story_may_write(store: SharedStore) {
    seed_languages(&store).await;
    let only_ko = |language: &str| language == "ko";

    // The new language must be writable.
    assert_forbidden(
        store
            .save_decks(vec![DeckAdder::new("ja").build()], &only_ko)
            .await,
    );
    assert_forbidden(
        store
            .save_characters(vec![CharacterAdder::new("ja", "あ").build()], &only_ko)
            .await,
    );
    assert_forbidden(
        store
            .save_entries(vec![EntryAdder::new("ja").build()], &only_ko)
            .await,
    );
    let ko_deck = store
        .save_decks(vec![DeckAdder::new("ko").build()], &only_ko)
        .await
        .unwrap();

    // So must the old one: moving a row out of a language writes that language too.
    let ja_entry = EntryAdder::new("ja").text("水").add(&store).await;
    assert_forbidden(
        store
            .save_entries(
                vec![EntryAdder::from(&ja_entry).language("ko").build()],
                &only_ko,
            )
            .await,
    );
    let mut moved_deck = ko_deck[0].clone();
    moved_deck.language_code = "ja".into();
    assert_forbidden(store.save_decks(vec![moved_deck], &only_ko).await);
    assert_eq!(
        store.query_entries(&since(0)).await.unwrap(),
        vec![ja_entry.clone()]
    );
    assert_eq!(store.query_decks(&since(0)).await.unwrap(), ko_deck);

    // An unknown language is invalid input, whoever asks.
    let message = invalid(
        store
            .save_entries(vec![EntryAdder::new("xx").build()], &anyone)
            .await,
    );
    assert!(message.starts_with("languageCode:"), "{message}");
    let message = invalid(
        store
            .save_decks(vec![DeckAdder::new("xx").build()], &anyone)
            .await,
    );
    assert!(message.starts_with("languageCode:"), "{message}");
    let message = invalid(
        store
            .save_characters(vec![CharacterAdder::new("xx", "x").build()], &anyone)
            .await,
    );
    assert!(message.starts_with("languageCode:"), "{message}");

    // A batch is one transaction: a valid first item is not saved when the second fails, and
    // the sync clock does not move.
    let counts = store.public_counts().await.unwrap();
    let clock = store.server_time().await.unwrap();
    let first = EntryAdder::new("ko").build();
    assert_forbidden(
        store
            .save_entries(vec![first.clone(), EntryAdder::new("ja").build()], &only_ko)
            .await,
    );
    let message = invalid(
        store
            .save_entries(vec![first.clone(), EntryAdder::new("xx").build()], &anyone)
            .await,
    );
    assert!(message.starts_with("languageCode:"), "{message}");
    assert_forbidden(
        store
            .save_decks(
                vec![DeckAdder::new("ko").build(), DeckAdder::new("ja").build()],
                &only_ko,
            )
            .await,
    );
    assert_eq!(store.server_time().await.unwrap(), clock);
    assert_eq!(store.public_counts().await.unwrap(), counts);
    assert!(store.query_entries(&since(clock)).await.unwrap().is_empty());
    assert!(store.query_decks(&since(clock)).await.unwrap().is_empty());

    // A deleted language takes no new rows.
    let mut english = language("en", "English", "English");
    english.deleted = true;
    store.save_languages(vec![english]).await.unwrap();
    let message = invalid(
        store
            .save_entries(vec![EntryAdder::new("en").build()], &anyone)
            .await,
    );
    assert!(message.starts_with("languageCode:"), "{message}");

    // What the editor may write, they can.
    let saved = store.save_entries(vec![first], &only_ko).await.unwrap();
    assert_eq!(store.query_entries(&since(clock)).await.unwrap().len(), 1);
    assert_eq!(saved[0].language_code, "ko");
}

async fn story_user_rows(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let deck = DeckAdder::new("ko").entries(&[&entry]).add(&store).await;
    let (a, b) = (new_id(), new_id());

    // A user deck takes its defaults: 20 new cards a day, retention 0.9.
    let user_deck = store
        .save_user_deck(&a, &user_deck_input(&deck.id))
        .await
        .unwrap();
    assert_eq!(
        user_deck,
        UserDeck {
            id: deck.id.clone(),
            deck_id: deck.id.clone(),
            language_code: Some(deck.language_code.clone()),
            new_per_day: 20,
            desired_retention: 0.9,
            updated_at: store.server_time().await.unwrap(),
            deleted: false,
        }
    );
    assert!(user_deck.updated_at > deck.updated_at);
    assert_eq!(
        store.query_user_decks(&a, &since(0)).await.unwrap(),
        vec![user_deck.clone()]
    );

    // Saved again by `id`, with settings: one row, new content, new stamp.
    let changed = store
        .save_user_deck(
            &a,
            &SaveUserDeckInput {
                id: Some(deck.id.clone()),
                deck_id: None,
                new_per_day: Some(5),
                desired_retention: Some(0.85),
                deleted: None,
                updated_at: None,
            },
        )
        .await
        .unwrap();
    assert_eq!((changed.new_per_day, changed.desired_retention), (5, 0.85));
    assert!(changed.updated_at > user_deck.updated_at);
    assert_eq!(
        store.query_user_decks(&a, &since(0)).await.unwrap(),
        vec![changed.clone()]
    );
    let message = invalid(store.save_user_deck(&a, &user_deck_input(&new_id())).await);
    assert!(message.starts_with("deckId:"), "{message}");

    // User entries.
    let enabled = store
        .save_user_entry(&a, &user_entry_input(&entry.id, true))
        .await
        .unwrap();
    assert_eq!(
        enabled,
        UserEntry {
            id: entry.id.clone(),
            entry_id: entry.id.clone(),
            enabled: true,
            updated_at: store.server_time().await.unwrap(),
            deleted: false,
        }
    );
    let disabled = store
        .save_user_entry(&a, &user_entry_input(&entry.id, false))
        .await
        .unwrap();
    assert!(!disabled.enabled && disabled.updated_at > enabled.updated_at);
    assert_eq!(
        store.query_user_entries(&a, &since(0)).await.unwrap(),
        vec![disabled.clone()]
    );
    let message = invalid(
        store
            .save_user_entry(&a, &user_entry_input(&new_id(), true))
            .await,
    );
    assert!(message.starts_with("entryId:"), "{message}");
    store
        .save_user_review(&a, &ReviewAdder::new(&entry.id, CardKind::Meaning).build())
        .await
        .unwrap();

    // B sees none of A's rows, and A none of B's.
    assert!(store
        .query_user_decks(&b, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_entries(&b, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_cards(&b, &since(0))
        .await
        .unwrap()
        .is_empty());
    assert!(store
        .query_user_reviews(&b, &since(0))
        .await
        .unwrap()
        .is_empty());
    let mut input = user_deck_input(&deck.id);
    input.new_per_day = Some(50);
    let theirs = store.save_user_deck(&b, &input).await.unwrap();
    assert_eq!(theirs.new_per_day, 50);
    assert_eq!(
        store.query_user_decks(&b, &since(0)).await.unwrap(),
        vec![theirs]
    );
    assert_eq!(
        store.query_user_decks(&a, &since(0)).await.unwrap(),
        vec![changed]
    );
    assert_eq!(
        store.query_user_cards(&a, &since(0)).await.unwrap().len(),
        1
    );
    assert_eq!(
        store.query_user_reviews(&a, &since(0)).await.unwrap().len(),
        1
    );
}

async fn story_reviews(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let reviews = [
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(3)
            .at(T0)
            .build(),
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(3)
            .at(T0 + 10 * MINUTE)
            .build(),
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(1)
            .at(T0 + 3 * DAY)
            .retention(0.85)
            .build(),
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(4)
            .at(T0 + 3 * DAY + 10 * MINUTE)
            .score(0.75)
            .build(),
    ];

    // Each save answers the card rebuilt from every review so far.
    let mut cards = Vec::new();
    for (i, review) in reviews.iter().enumerate() {
        let card = store.save_user_review(&user, review).await.unwrap();
        assert_eq!(card.id, card_id(&entry.id, CardKind::Reading));
        assert_eq!(
            unstamped(&card),
            rebuild(&DEFAULT_WEIGHTS, reviews[..=i].to_vec()).unwrap()
        );
        assert_eq!(card.updated_at, store.server_time().await.unwrap());
        cards.push(card);
    }
    let card = cards.last().unwrap().clone();
    assert_eq!(card.reps, 4);
    assert_eq!(card.lapses, 1);
    assert_eq!(
        store.query_user_cards(&user, &since(0)).await.unwrap(),
        vec![card.clone()]
    );
    // Reviews are kept as sent, stamped with their save; paged like any table.
    let stored: Vec<UserReview> = reviews
        .iter()
        .zip(&cards)
        .map(|(r, c)| UserReview {
            updated_at: c.updated_at,
            ..r.clone()
        })
        .collect();
    let pulled = pull(0, 3, |page| {
        let (store, user) = (store.clone(), user.clone());
        async move { store.query_user_reviews(&user, &page).await }
    })
    .await;
    assert_eq!(pulled, stored);

    // Saving a review again changes nothing and answers the card as it stands.
    let again = store.save_user_review(&user, &reviews[1]).await.unwrap();
    assert_eq!(again, card);
    // The same id with another answer is a conflict, and is not recorded.
    let other = UserReview {
        rating: 4,
        ..reviews[1].clone()
    };
    let result = store.save_user_review(&user, &other).await;
    assert!(
        matches!(result, Err(StoreError::Conflict { .. })),
        "expected StoreError::Conflict, got {result:?}"
    );
    assert_eq!(
        store.query_user_reviews(&user, &since(0)).await.unwrap(),
        stored
    );
    assert_eq!(
        store.query_user_cards(&user, &since(0)).await.unwrap(),
        vec![card.clone()]
    );

    // Reviews arriving out of order (another device, offline) give the same card.
    let late = new_id();
    let shuffled: Vec<UserReview> = reviews
        .iter()
        .map(|r| UserReview {
            id: new_id(),
            ..r.clone()
        })
        .collect();
    let mut arrived = Vec::new();
    let mut last = None;
    for i in [3, 0, 2, 1] {
        arrived.push(shuffled[i].clone());
        let card = store.save_user_review(&late, &shuffled[i]).await.unwrap();
        assert_eq!(
            unstamped(&card),
            rebuild(&DEFAULT_WEIGHTS, arrived.clone()).unwrap()
        );
        last = Some(card);
    }
    assert_eq!(unstamped(&last.unwrap()), unstamped(&card));

    // Another kind of the same entry is another card.
    let writing = store
        .save_user_review(
            &user,
            &ReviewAdder::new(&entry.id, CardKind::Writing)
                .score(0.5)
                .build(),
        )
        .await
        .unwrap();
    assert_eq!(writing.id, card_id(&entry.id, CardKind::Writing));
    assert_eq!(
        store.query_user_cards(&user, &since(0)).await.unwrap(),
        vec![card, writing]
    );

    // A review of an unknown entry is invalid.
    let message = invalid(
        store
            .save_user_review(
                &user,
                &ReviewAdder::new(&new_id(), CardKind::Meaning).build(),
            )
            .await,
    );
    assert!(message.starts_with("entryId:"), "{message}");
}

/// A review taken back (`deleted`) is a tombstone: the card is replayed without it, a deleted
/// new card when none is left, and a later resend of the answer does not bring it back.
async fn story_review_tombstones(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let first = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(3)
        .at(T0)
        .build();
    let second = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(1)
        .at(T0 + DAY)
        .build();
    store.save_user_review(&user, &first).await.unwrap();
    store.save_user_review(&user, &second).await.unwrap();
    let gone = UserReview {
        deleted: true,
        ..second.clone()
    };
    let card = store.save_user_review(&user, &gone).await.unwrap();
    assert_eq!(
        unstamped(&card),
        rebuild(&DEFAULT_WEIGHTS, vec![first.clone()]).unwrap()
    );
    assert_eq!(card.updated_at, store.server_time().await.unwrap());
    // Again, or the answer resent: the card as it stands.
    assert_eq!(store.save_user_review(&user, &gone).await.unwrap(), card);
    assert_eq!(store.save_user_review(&user, &second).await.unwrap(), card);
    let pulled = store.query_user_reviews(&user, &since(0)).await.unwrap();
    let tomb = pulled.iter().find(|r| r.id == second.id).unwrap();
    assert!(tomb.deleted);
    assert_eq!(tomb.updated_at, card.updated_at);
    // The last one: a deleted new card, which syncs.
    let last = store
        .save_user_review(
            &user,
            &UserReview {
                deleted: true,
                ..first.clone()
            },
        )
        .await
        .unwrap();
    assert!(last.deleted);
    assert_eq!((last.reps, last.state, last.last_review), (0, 0, None));
    assert_eq!(
        store
            .query_user_cards(&user, &since(card.updated_at))
            .await
            .unwrap(),
        vec![last.clone()]
    );
    // A tombstone for an answer never sent: stored, so the answer arriving later stays out.
    let never = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(4)
        .at(T0 + 2 * DAY)
        .build();
    let tombstone = UserReview {
        deleted: true,
        ..never.clone()
    };
    assert!(
        store
            .save_user_review(&user, &tombstone)
            .await
            .unwrap()
            .deleted
    );
    assert!(store.save_user_review(&user, &never).await.unwrap().deleted);
    // A deletion naming another answer is a conflict.
    let result = store
        .save_user_review(
            &user,
            &UserReview {
                rating: 2,
                ..tombstone
            },
        )
        .await;
    assert!(
        matches!(result, Err(StoreError::Conflict { .. })),
        "{result:?}"
    );
}

/// The tombstone of `review` (undo: the same answer, `deleted`).
fn taken_back(review: &UserReview) -> UserReview {
    UserReview {
        deleted: true,
        ..review.clone()
    }
}

/// What the store holds for `user`'s card `card`: the card as it syncs (if any) and its reviews.
async fn card_state(
    store: &SharedStore,
    user: &str,
    card: &str,
) -> (Option<UserCard>, Vec<UserReview>) {
    let cards = store.query_user_cards(user, &since(0)).await.unwrap();
    let reviews = store.query_user_reviews(user, &since(0)).await.unwrap();
    (
        cards.into_iter().find(|c| c.id == card),
        reviews.into_iter().filter(|r| r.card_id == card).collect(),
    )
}

/// The invariant of every undo story: the card the save answered is the card as it syncs, and
/// equals a replay of the card's remaining live reviews (a deleted new card when none is left).
/// Answers the stored reviews of the card.
async fn assert_card_is_the_replay(
    store: &SharedStore,
    user: &str,
    answered: &UserCard,
) -> Vec<UserReview> {
    let (synced, reviews) = card_state(store, user, &answered.id).await;
    assert_eq!(
        synced.as_ref(),
        Some(answered),
        "the answer is the synced card"
    );
    let live: Vec<UserReview> = reviews.iter().filter(|r| !r.deleted).cloned().collect();
    match rebuild(&DEFAULT_WEIGHTS, live) {
        Some(replayed) => assert_eq!(unstamped(answered), replayed),
        None => assert_eq!(
            unstamped(answered),
            writeit_core::card::tombstone(&answered.id, &answered.entry_id, answered.kind)
        ),
    }
    reviews
}

/// (a) Undo after the answer reached the server: the review becomes a tombstone, the card is the
/// replay of the others; the tombstone again, or the answer retried, changes nothing.
async fn story_take_back_after_the_answer(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let answers = [
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(3)
            .at(T0)
            .build(),
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(1)
            .at(T0 + 10 * MINUTE)
            .build(),
        ReviewAdder::new(&entry.id, CardKind::Reading)
            .rating(4)
            .at(T0 + DAY)
            .score(0.0909090909090909)
            .build(),
    ];
    for a in &answers {
        store.save_user_review(&user, a).await.unwrap();
    }
    // The middle one taken back.
    let card = store
        .save_user_review(&user, &taken_back(&answers[1]))
        .await
        .unwrap();
    assert_eq!(
        unstamped(&card),
        rebuild(
            &DEFAULT_WEIGHTS,
            vec![answers[0].clone(), answers[2].clone()]
        )
        .unwrap()
    );
    let reviews = assert_card_is_the_replay(&store, &user, &card).await;
    let tomb = reviews.iter().find(|r| r.id == answers[1].id).unwrap();
    assert_eq!(
        (tomb.deleted, tomb.updated_at),
        (true, card.updated_at),
        "the tombstone syncs with the card"
    );
    // The tombstone again (a lost acknowledgement), then the answer retried: the card as it stands.
    for again in [taken_back(&answers[1]), answers[1].clone()] {
        assert_eq!(store.save_user_review(&user, &again).await.unwrap(), card);
        assert_eq!(
            assert_card_is_the_replay(&store, &user, &card).await,
            reviews
        );
    }
    // Then the others: the last one leaves a deleted new card.
    store
        .save_user_review(&user, &taken_back(&answers[0]))
        .await
        .unwrap();
    let last = store
        .save_user_review(&user, &taken_back(&answers[2]))
        .await
        .unwrap();
    assert!(last.deleted);
    assert_card_is_the_replay(&store, &user, &last).await;
}

/// (b) The tombstone overtakes its answer (the answer is a retried upload from a flaky network):
/// the late answer is acknowledged (the card as it stands), and does not bring the review back.
async fn story_take_back_before_the_answer(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let kept = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(3)
        .at(T0)
        .build();
    let late = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(1)
        .at(T0 + DAY)
        .build();
    store.save_user_review(&user, &kept).await.unwrap();
    let card = store
        .save_user_review(&user, &taken_back(&late))
        .await
        .unwrap();
    assert_eq!(
        unstamped(&card),
        rebuild(&DEFAULT_WEIGHTS, vec![kept.clone()]).unwrap()
    );
    let before = assert_card_is_the_replay(&store, &user, &card).await;
    assert!(before.iter().any(|r| r.id == late.id && r.deleted));
    // The answer, late, twice: acknowledged with the card as it stands, nothing written.
    for _ in 0..2 {
        let acknowledged = store.save_user_review(&user, &late).await.unwrap();
        assert_eq!(acknowledged, card);
        assert_eq!(
            assert_card_is_the_replay(&store, &user, &acknowledged).await,
            before
        );
    }

    // The same with no other review: the card stays a deleted new card.
    let alone = ReviewAdder::new(&entry.id, CardKind::Writing)
        .score(0.5)
        .build();
    let card = store
        .save_user_review(&user, &taken_back(&alone))
        .await
        .unwrap();
    assert!(card.deleted);
    assert_card_is_the_replay(&store, &user, &card).await;
    let acknowledged = store.save_user_review(&user, &alone).await.unwrap();
    assert_eq!(acknowledged, card);
    assert!(acknowledged.deleted && acknowledged.reps == 0);
    assert_card_is_the_replay(&store, &user, &acknowledged).await;
}

/// (c) A tombstone for a review the server never saw (its answer was refused, or discarded): stored
/// as a tombstone, so a late answer stays out; the card's live reviews, and so the card, unchanged.
async fn story_take_back_instead_of_the_answer(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let seen = ReviewAdder::new(&entry.id, CardKind::Reading)
        .rating(3)
        .at(T0)
        .build();
    let before = store.save_user_review(&user, &seen).await.unwrap();
    let never = ReviewAdder::new(&entry.id, CardKind::Reading)
        .rating(2)
        .at(T0 + DAY)
        .build();
    let card = store
        .save_user_review(&user, &taken_back(&never))
        .await
        .unwrap();
    assert_eq!(unstamped(&card), unstamped(&before));
    let reviews = assert_card_is_the_replay(&store, &user, &card).await;
    let tomb = reviews.iter().find(|r| r.id == never.id).unwrap();
    assert_eq!(
        tomb,
        &UserReview {
            updated_at: card.updated_at,
            ..taken_back(&never)
        }
    );
    assert_eq!(store.save_user_review(&user, &never).await.unwrap(), card);

    // A card the server never had: answered as a deleted new card, which is how it syncs.
    let other = ReviewAdder::new(&entry.id, CardKind::Meaning).build();
    let card = store
        .save_user_review(&user, &taken_back(&other))
        .await
        .unwrap();
    assert!(card.deleted);
    assert_eq!(card.reps, 0);
    assert_card_is_the_replay(&store, &user, &card).await;
    // Its entry must exist, as for an answer.
    let nowhere = ReviewAdder::new(&new_id(), CardKind::Meaning).build();
    let message = invalid(store.save_user_review(&user, &taken_back(&nowhere)).await);
    assert!(message.starts_with("entryId:"), "{message}");
}

/// (d) The same answer twice (an upload retried after a lost acknowledgement): recorded once,
/// acknowledged both times with the same card.
async fn story_same_answer_twice(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let first = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(3)
        .at(T0)
        .build();
    let answer = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(2)
        .at(T0 + DAY)
        .retention(0.85)
        .score(0.4545454545454545)
        .build();
    store.save_user_review(&user, &first).await.unwrap();
    let card = store.save_user_review(&user, &answer).await.unwrap();
    let reviews = assert_card_is_the_replay(&store, &user, &card).await;
    assert_eq!(reviews.len(), 2);
    let again = store.save_user_review(&user, &answer).await.unwrap();
    assert_eq!(again, card);
    assert_eq!(
        assert_card_is_the_replay(&store, &user, &again).await,
        reviews
    );
    assert_eq!(
        unstamped(&card),
        rebuild(&DEFAULT_WEIGHTS, vec![first, answer]).unwrap()
    );
}

/// A tombstone must carry the answer it takes back: one naming another answer (another rating,
/// time, duration, score, retention, card) is a CONFLICT naming the field, and changes nothing.
async fn story_take_back_another_answer(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let answer = ReviewAdder::new(&entry.id, CardKind::Reading)
        .rating(3)
        .at(T0)
        .score(0.5)
        .build();
    let card = store.save_user_review(&user, &answer).await.unwrap();
    let before = assert_card_is_the_replay(&store, &user, &card).await;
    let tomb = taken_back(&answer);
    let other_entry = EntryAdder::new("ko").add(&store).await;
    let variants = [
        (
            "rating",
            UserReview {
                rating: 4,
                ..tomb.clone()
            },
        ),
        (
            "reviewedAt",
            UserReview {
                reviewed_at: T0 + 1,
                ..tomb.clone()
            },
        ),
        (
            "durationMs",
            UserReview {
                duration_ms: 1,
                ..tomb.clone()
            },
        ),
        (
            "score",
            UserReview {
                score: None,
                ..tomb.clone()
            },
        ),
        (
            "desiredRetention",
            UserReview {
                desired_retention: Some(0.8),
                ..tomb.clone()
            },
        ),
        (
            "cardId",
            UserReview {
                card_id: card_id(&entry.id, CardKind::Meaning),
                kind: CardKind::Meaning,
                ..tomb.clone()
            },
        ),
        (
            "cardId",
            UserReview {
                card_id: card_id(&other_entry.id, CardKind::Reading),
                entry_id: other_entry.id.clone(),
                ..tomb.clone()
            },
        ),
    ];
    for (field, variant) in variants {
        match store.save_user_review(&user, &variant).await {
            Err(StoreError::Conflict { field: f, .. }) => assert_eq!(f.as_deref(), Some(field)),
            other => panic!("{field}: expected a conflict, got {other:?}"),
        }
    }
    assert_eq!(
        card_state(&store, &user, &card.id).await,
        (Some(card.clone()), before)
    );
    // The same for a tombstone stored first: the answer must match it.
    let never = ReviewAdder::new(&entry.id, CardKind::Reading)
        .at(T0 + DAY)
        .build();
    store
        .save_user_review(&user, &taken_back(&never))
        .await
        .unwrap();
    let result = store
        .save_user_review(&user, &UserReview { rating: 1, ..never })
        .await;
    assert!(
        matches!(result, Err(StoreError::Conflict { .. })),
        "{result:?}"
    );
}

/// A deleted entry takes no new review and no user entry (issue 36), each refused naming
/// `entryId`; but what was answered before can still be taken back, a replay is still answered,
/// and a user entry can be removed. An id never seen is refused as before, in other words.
async fn story_deleted_entries(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let given = ReviewAdder::new(&entry.id, CardKind::Meaning).build();
    let answered = store.save_user_review(&user, &given).await.unwrap();
    let user_entry = |enabled: bool, deleted: Option<bool>| SaveUserEntryInput {
        entry_id: Some(entry.id.clone()),
        id: None,
        enabled,
        deleted,
        updated_at: None,
    };
    store
        .save_user_entry(&user, &user_entry(true, None))
        .await
        .unwrap();
    EntryAdder::from(&entry).deleted().add(&store).await;

    let was_deleted = format!("entryId: entry '{}' was deleted", entry.id);
    let later = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .at(T0 + DAY)
        .build();
    assert_eq!(
        invalid(store.save_user_review(&user, &later).await),
        was_deleted
    );
    assert_eq!(
        invalid(store.save_user_entry(&user, &user_entry(false, None)).await),
        was_deleted
    );
    // Nothing was written by the refusals.
    let (card, reviews) = card_state(&store, &user, &answered.id).await;
    assert_eq!((card, reviews.len()), (Some(answered.clone()), 1));

    // The answer resent is answered as it stands; taken back, it goes; a tombstone for an
    // answer never sent is stored; the user entry can be removed.
    assert_eq!(
        store.save_user_review(&user, &given).await.unwrap(),
        answered
    );
    let undone = store
        .save_user_review(&user, &taken_back(&given))
        .await
        .unwrap();
    assert!(undone.deleted);
    assert_card_is_the_replay(&store, &user, &undone).await;
    assert!(
        store
            .save_user_review(&user, &taken_back(&later))
            .await
            .unwrap()
            .deleted
    );
    assert!(
        store
            .save_user_entry(&user, &user_entry(true, Some(true)))
            .await
            .unwrap()
            .deleted
    );

    // An entry id never seen: refused, saying so.
    let unknown = new_id();
    let message = invalid(
        store
            .save_user_review(
                &user,
                &ReviewAdder::new(&unknown, CardKind::Meaning).build(),
            )
            .await,
    );
    assert_eq!(message, format!("entryId: no entry '{unknown}'"));
}

/// Time is the server's (issue 36): a review 26 h in the future, from a device whose clock is
/// ahead, is stored at the server's clock (the write's stamp), never refused; a later review
/// with a right time then comes after it, and the card is the replay of both in that order. The
/// same review resent with its claimed time is a replay, and taken back under either time it is
/// an undo, never a conflict.
async fn story_review_from_the_future(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let before = now_ms();
    let ahead = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(3)
        .at(before + 26 * 60 * MINUTE)
        .build();
    let first = store.save_user_review(&user, &ahead).await.unwrap();
    let clock = first.updated_at;
    assert!(before <= clock && clock <= store.server_time().await.unwrap());
    // Stored at the server's clock, and pulled so, so a device replays what the server did.
    let pulled = store.query_user_reviews(&user, &since(0)).await.unwrap();
    let stored = UserReview {
        reviewed_at: clock,
        updated_at: clock,
        ..ahead.clone()
    };
    assert_eq!(pulled, vec![stored.clone()]);
    assert_eq!(first.last_review, Some(clock));
    assert_card_is_the_replay(&store, &user, &first).await;

    // An answer given later on the server's time line comes after it: without the clamp it
    // would replay first, and the card's last review would stay a day ahead.
    let right = ReviewAdder::new(&entry.id, CardKind::Meaning)
        .rating(1)
        .at(now_ms().max(clock + 1))
        .build();
    let card = store.save_user_review(&user, &right).await.unwrap();
    assert_eq!(card.last_review, Some(right.reviewed_at));
    assert_eq!(
        unstamped(&card),
        rebuild(&DEFAULT_WEIGHTS, vec![stored.clone(), right.clone()]).unwrap()
    );
    assert_eq!(card.reps, 2);
    let reviews = assert_card_is_the_replay(&store, &user, &card).await;

    // The outbox resends the review with the time it claimed, even once that time has come:
    // the same answer, so no row changes and the card stands.
    assert_eq!(store.save_user_review(&user, &ahead).await.unwrap(), card);
    assert_eq!(
        store.query_user_reviews(&user, &since(0)).await.unwrap(),
        reviews
    );

    // Taken back as the device pulled it (the stored time): an undo, and the claimed time's
    // tombstone after it is a replay.
    let undone = store
        .save_user_review(&user, &taken_back(&stored))
        .await
        .unwrap();
    assert_eq!(
        unstamped(&undone),
        rebuild(&DEFAULT_WEIGHTS, vec![right.clone()]).unwrap()
    );
    assert_eq!(
        store
            .save_user_review(&user, &taken_back(&ahead))
            .await
            .unwrap(),
        undone
    );
    assert_card_is_the_replay(&store, &user, &undone).await;
}

async fn story_users(store: SharedStore) {
    assert_eq!(store.user("nobody").await.unwrap(), None);
    let editor = User {
        id: new_id(),
        email: "editor@example.com".into(),
        role: Role::Editor,
        editor_languages: vec!["ko".into(), "ja".into()],
        disabled: false,
    };
    store.save_user(&editor).await.unwrap();
    assert_eq!(store.user(&editor.id).await.unwrap(), Some(editor.clone()));

    let learner = User {
        id: new_id(),
        email: "learner@example.com".into(),
        role: Role::User,
        editor_languages: Vec::new(),
        disabled: false,
    };
    store.save_user(&learner).await.unwrap();
    assert_eq!(store.user(&learner.id).await.unwrap(), Some(learner));

    // Saved again: replaced.
    let promoted = User {
        role: Role::Admin,
        editor_languages: Vec::new(),
        disabled: true,
        ..editor
    };
    store.save_user(&promoted).await.unwrap();
    assert_eq!(store.user(&promoted.id).await.unwrap(), Some(promoted));
}

/// Writer tasks, syncer tasks, and entries each writer saves.
const WRITERS: usize = 4;
const SYNCERS: usize = 3;
/// Entries each writer saves: 100 in the suite; `make bench` (bench/syncers.sh) sets
/// WRITEIT_STORY_PER_WRITER to run writers and syncers together for minutes.
fn per_writer() -> usize {
    std::env::var("WRITEIT_STORY_PER_WRITER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}
/// Rows per page while syncing: small, so a sync takes several pages while writes go on.
const SYNC_PAGE: u32 = 16;

/// DESIGN §4: a change committed at any moment is seen by the next sync of every client. Writers
/// save entries (one per transaction; every tenth also re-saves an older one) while syncers loop
/// as clients do: T = server time; pull everything after lastSync; lastSync = T. After the
/// writers finish, each syncer syncs once more; its copy must then equal the server's.
async fn story_concurrent_sync(store: SharedStore) {
    seed_languages(&store).await;
    let done = Arc::new(AtomicBool::new(false));
    let syncers: Vec<_> = (0..SYNCERS)
        .map(|_| tokio::spawn(sync_entries(store.clone(), done.clone())))
        .collect();
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut saved: Vec<Entry> = Vec::new();
                for i in 0..per_writer() {
                    let entry = EntryAdder::new("ko")
                        .text(&format!("writer {w} entry {i}"))
                        .add(&store)
                        .await;
                    saved.push(entry);
                    if i % 10 == 9 {
                        let old = saved[jitter(i as u64) as usize].clone();
                        EntryAdder::from(&old)
                            .text(&format!("writer {w} entry {i} again"))
                            .add(&store)
                            .await;
                    }
                    tokio::time::sleep(Duration::from_micros(jitter(2_000))).await;
                }
                saved.into_iter().map(|e| e.id).collect::<Vec<_>>()
            })
        })
        .collect();
    let mut written = HashSet::new();
    for writer in writers {
        written.extend(writer.await.unwrap());
    }
    done.store(true, Ordering::SeqCst);
    assert_eq!(written.len(), WRITERS * per_writer());

    let server: HashMap<String, Entry> = pull_entries(&store, 0, 1000)
        .await
        .into_iter()
        .map(|e| (e.id.clone(), e))
        .collect();
    assert_eq!(server.keys().cloned().collect::<HashSet<_>>(), written);
    for syncer in syncers {
        let (copy, rounds) = syncer.await.unwrap();
        let missing = written.iter().filter(|id| !copy.contains_key(*id)).count();
        assert_eq!(missing, 0, "a syncer missed {missing} entries");
        let stale = copy.iter().filter(|(id, e)| server[*id] != **e).count();
        assert_eq!(stale, 0, "a syncer holds {stale} outdated entries");
        assert_eq!(copy.len(), server.len());
        assert!(rounds > 1, "the syncer never overlapped the writers");
    }
}

/// The same invariant for one user's reviews and cards, written by two devices at once (reviews
/// of the same cards, arriving out of reviewedAt order): every syncer ends with every review and
/// with cards equal to the server's, which equal the rebuild of all their reviews.
async fn story_concurrent_review_sync(store: SharedStore) {
    seed_languages(&store).await;
    let entries: Vec<Entry> = store
        .save_entries(
            (0..4).map(|_| EntryAdder::new("ko").build()).collect(),
            &anyone,
        )
        .await
        .unwrap();
    let user = new_id();
    let done = Arc::new(AtomicBool::new(false));
    let syncers: Vec<_> = (0..SYNCERS)
        .map(|_| {
            let (store, done, user) = (store.clone(), done.clone(), user.clone());
            tokio::spawn(async move {
                let mut last_sync = 0;
                let mut reviews = HashMap::new();
                let mut cards = HashMap::new();
                loop {
                    let finished = done.load(Ordering::SeqCst);
                    let t = store.server_time().await.unwrap();
                    let page_reviews = pull(last_sync, SYNC_PAGE, |page| {
                        let (store, user) = (store.clone(), user.clone());
                        async move { store.query_user_reviews(&user, &page).await }
                    })
                    .await;
                    let page_cards = pull(last_sync, SYNC_PAGE, |page| {
                        let (store, user) = (store.clone(), user.clone());
                        async move { store.query_user_cards(&user, &page).await }
                    })
                    .await;
                    reviews.extend(page_reviews.into_iter().map(|r| (r.id.clone(), r)));
                    cards.extend(page_cards.into_iter().map(|c| (c.id.clone(), c)));
                    last_sync = t;
                    if finished {
                        return (reviews, cards);
                    }
                    tokio::time::sleep(Duration::from_micros(jitter(2_000))).await;
                }
            })
        })
        .collect();
    let kinds = [CardKind::Meaning, CardKind::Reading, CardKind::Writing];
    let writers: Vec<_> = (0..2)
        .map(|w| {
            let (store, user, entries) = (store.clone(), user.clone(), entries.clone());
            tokio::spawn(async move {
                for i in 0..per_writer() {
                    let entry = &entries[i % entries.len()];
                    // Device 1 reviews later than device 0 but uploads alongside it.
                    let at = T0 + (i as i64) * 7 * MINUTE + (w as i64) * 3 * DAY;
                    let review = ReviewAdder::new(&entry.id, kinds[i % kinds.len()])
                        .rating(1 + jitter(4) as u8)
                        .at(at)
                        .build();
                    store.save_user_review(&user, &review).await.unwrap();
                    tokio::time::sleep(Duration::from_micros(jitter(2_000))).await;
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.unwrap();
    }
    done.store(true, Ordering::SeqCst);

    let all_reviews = pull(0, 1000, |page| {
        let (store, user) = (store.clone(), user.clone());
        async move { store.query_user_reviews(&user, &page).await }
    })
    .await;
    assert_eq!(all_reviews.len(), 2 * per_writer());
    let server_cards: HashMap<String, UserCard> = pull(0, 1000, |page| {
        let (store, user) = (store.clone(), user.clone());
        async move { store.query_user_cards(&user, &page).await }
    })
    .await
    .into_iter()
    .map(|c| (c.id.clone(), c))
    .collect();
    assert_eq!(server_cards.len(), entries.len() * kinds.len());
    let mut by_card: HashMap<String, Vec<UserReview>> = HashMap::new();
    for review in &all_reviews {
        by_card
            .entry(review.card_id.clone())
            .or_default()
            .push(review.clone());
    }
    for (id, reviews) in by_card {
        assert_eq!(
            unstamped(&server_cards[&id]),
            rebuild(&DEFAULT_WEIGHTS, reviews).unwrap(),
            "card {id} is not the rebuild of its reviews"
        );
    }
    let server_reviews: HashMap<String, UserReview> =
        all_reviews.into_iter().map(|r| (r.id.clone(), r)).collect();
    for syncer in syncers {
        let (reviews, cards) = syncer.await.unwrap();
        assert_eq!(
            reviews.len(),
            server_reviews.len(),
            "a syncer missed reviews"
        );
        assert!(reviews == server_reviews, "a syncer's reviews differ");
        assert!(
            cards == server_cards,
            "a syncer's cards differ from the server's"
        );
    }
}

/// One client's sync loop over entries until `done`, then one final sync: the rows it holds (by
/// id, the latest version) and how many syncs it made.
async fn sync_entries(
    store: SharedStore,
    done: Arc<AtomicBool>,
) -> (HashMap<String, Entry>, usize) {
    let mut last_sync = 0;
    let mut copy = HashMap::new();
    let mut rounds = 0;
    loop {
        // Read before syncing, so the last round starts after every write has committed.
        let finished = done.load(Ordering::SeqCst);
        let t = store.server_time().await.unwrap();
        for entry in pull_entries(&store, last_sync, SYNC_PAGE).await {
            assert!(entry.updated_at > last_sync);
            copy.insert(entry.id.clone(), entry);
        }
        last_sync = t;
        rounds += 1;
        if finished {
            return (copy, rounds);
        }
        tokio::time::sleep(Duration::from_micros(jitter(2_000))).await;
    }
}

/// A learner's parameters: the row syncs like the others, every card is the replay of its
/// reviews with the learner's current weights (a new set reschedules the ones it changes, in the
/// row's transaction), later reviews are replayed with them, and the fitter's queries see who is due.
async fn story_user_parameters(store: SharedStore) {
    seed_languages(&store).await;
    let a = EntryAdder::new("ko").add(&store).await;
    let b = EntryAdder::new("ko").add(&store).await;
    let user = new_id();
    let other = new_id();
    assert_eq!(store.user_parameters(&user).await.unwrap(), None);
    assert!(store
        .query_user_parameters(&user, &since(0))
        .await
        .unwrap()
        .is_empty());

    let log = [
        ReviewAdder::new(&a.id, CardKind::Reading)
            .rating(3)
            .at(T0)
            .build(),
        ReviewAdder::new(&a.id, CardKind::Reading)
            .rating(3)
            .at(T0 + 10 * MINUTE)
            .build(),
        ReviewAdder::new(&a.id, CardKind::Reading)
            .rating(3)
            .at(T0 + 4 * DAY)
            .build(),
        ReviewAdder::new(&b.id, CardKind::Meaning)
            .rating(1)
            .at(T0)
            .build(),
        ReviewAdder::new(&b.id, CardKind::Meaning)
            .rating(3)
            .at(T0 + 2 * DAY)
            .build(),
    ];
    for r in &log {
        store.save_user_review(&user, r).await.unwrap();
        store.save_user_review(&other, r).await.unwrap();
    }
    assert_eq!(store.live_review_count(&user).await.unwrap(), 5);
    let fit_log = store.fit_log(&user).await.unwrap();
    assert_eq!(fit_log.len(), 5);
    let before = store.query_user_cards(&user, &since(0)).await.unwrap();
    let offset = store.server_time().await.unwrap();

    // Weights that change every card (initial stabilities tripled).
    let mut weights = DEFAULT_WEIGHTS.to_vec();
    for w in &mut weights[..4] {
        *w *= 3.0;
    }
    let row = UserParameters {
        id: "ignored: the row is the caller's".into(),
        weights: weights.clone(),
        fitted: true,
        reviews: 5,
        items: 2,
        default_log_loss: Some(0.41),
        default_rmse: Some(0.12),
        log_loss: Some(0.3),
        rmse: Some(0.05),
        fitted_at: T0 + 5 * DAY,
        workload: vec![Workload {
            desired_retention: 0.9,
            reviews_per_day30: 1.5,
            minutes_per_day30: 0.25,
            reviews_per_day365: 1.0,
            minutes_per_day365: 0.125,
            memorized365: 1.75,
        }],
        recommended_retention: Some(0.84),
        updated_at: 0,
        deleted: false,
    };
    let (saved, rescheduled) = store.save_user_parameters(&user, &row).await.unwrap();
    assert_eq!(rescheduled, 2);
    assert_eq!(saved.id, user);
    assert_eq!(saved.updated_at, store.server_time().await.unwrap());
    // Stored and synced exactly: the f64 weights come back to the bit.
    assert_eq!(
        store.user_parameters(&user).await.unwrap(),
        Some(saved.clone())
    );
    assert_eq!(
        store
            .query_user_parameters(&user, &since(offset))
            .await
            .unwrap(),
        vec![saved.clone()]
    );
    assert!(store
        .query_user_parameters(&user, &since(saved.updated_at))
        .await
        .unwrap()
        .is_empty());
    assert_eq!(store.user_parameters(&other).await.unwrap(), None);

    // Every card is now the replay with the new weights, stamped with the row's save.
    let w: [f64; 21] = weights.clone().try_into().unwrap();
    let changed = store.query_user_cards(&user, &since(offset)).await.unwrap();
    assert_eq!(changed.len(), 2);
    for card in &changed {
        let reviews: Vec<UserReview> = log
            .iter()
            .filter(|r| r.card_id == card.id)
            .cloned()
            .collect();
        assert_eq!(unstamped(card), rebuild(&w, reviews.clone()).unwrap());
        assert_ne!(unstamped(card), rebuild(&DEFAULT_WEIGHTS, reviews).unwrap());
        assert_eq!(card.updated_at, saved.updated_at);
        assert!(before
            .iter()
            .any(|b| b.id == card.id && b.updated_at < card.updated_at));
    }
    // The other learner's cards are theirs, untouched.
    assert!(store
        .query_user_cards(&other, &since(offset))
        .await
        .unwrap()
        .is_empty());

    // A later review is replayed with the learner's weights.
    let next = ReviewAdder::new(&a.id, CardKind::Reading)
        .rating(2)
        .at(T0 + 9 * DAY)
        .build();
    let card = store.save_user_review(&user, &next).await.unwrap();
    let mut a_log: Vec<UserReview> = log
        .iter()
        .filter(|r| r.card_id == card.id)
        .cloned()
        .collect();
    a_log.push(next);
    assert_eq!(unstamped(&card), rebuild(&w, a_log).unwrap());

    // The same weights again reschedule nothing; the row's figures still change.
    let (again, rescheduled) = store
        .save_user_parameters(
            &user,
            &UserParameters {
                reviews: 6,
                ..row.clone()
            },
        )
        .await
        .unwrap();
    assert_eq!((rescheduled, again.reviews), (0, 6));

    // Back to the defaults: every card is the default replay again.
    let defaults = UserParameters {
        weights: DEFAULT_WEIGHTS.to_vec(),
        fitted: false,
        ..row.clone()
    };
    let (_, rescheduled) = store.save_user_parameters(&user, &defaults).await.unwrap();
    assert_eq!(rescheduled, 2);

    // Who the fitter would look at: counts of live reviews and the reviews each row was made from.
    let mut found = store.fit_candidates(5).await.unwrap();
    found.retain(|(u, ..)| u == &user || u == &other);
    found.sort();
    let mut expected = vec![(user.clone(), 6, Some(5)), (other.clone(), 5, None)];
    expected.sort();
    assert_eq!(found, expected);
    assert!(store
        .fit_candidates(7)
        .await
        .unwrap()
        .iter()
        .all(|(u, ..)| u != &user));

    // An account going takes its parameters with it.
    store.delete_account(&user).await.unwrap();
    assert_eq!(store.user_parameters(&user).await.unwrap(), None);
}

/// All of `user`'s tests after `offset`, paged by `limit` as the client pages.
async fn pull_tests(store: &SharedStore, user: &str, offset: i64, limit: u32) -> Vec<UserTest> {
    pull(offset, limit, |page| {
        let (store, user) = (store.clone(), user.to_string());
        async move { store.query_user_tests(&user, &page).await }
    })
    .await
}

/// A learner's tests (issue 35): saved whole after every answer, so a later save of the same id
/// replaces the row and a replayed one changes nothing; deleted by a tombstone; paged like every
/// user table; each user's own (the same id saved by another user is another row, and neither
/// reads nor overwrites the other's); gone with the account.
async fn story_user_tests(store: SharedStore) {
    use writeit_core::limits::{TEST_ANSWERS_MAX, TEST_TEXT_MAX};
    seed_languages(&store).await;
    let a = EntryAdder::new("ko").add(&store).await;
    let b = EntryAdder::new("ko").add(&store).await;
    let deck = DeckAdder::new("ko").entries(&[&a, &b]).add(&store).await;
    let (user, other) = (new_id(), new_id());
    assert!(pull_tests(&store, &user, 0, 10).await.is_empty());

    // The first answer saves the test under way, stamped by the sync clock.
    let first = TestAdder::new(&deck.id).answers(&[&a]).build();
    let saved = store.save_user_test(&user, &first).await.unwrap();
    assert_eq!(
        saved,
        UserTest {
            updated_at: store.server_time().await.unwrap(),
            ..first.clone()
        }
    );
    assert!(saved.updated_at > deck.updated_at);
    assert_eq!(pull_tests(&store, &user, 0, 10).await, vec![saved.clone()]);

    // The next save (one more answer, the end, the switch on) replaces it: one row, the whole new
    // content, a new stamp.
    let mut done = TestAdder::from(&first)
        .answer(&b.id)
        .finished()
        .rescheduled()
        .build();
    let last = &mut done.answers[1];
    last.answer_type = TestAnswerType::Typed;
    last.kind = TestAnswerKind::Reading;
    last.given = String::new();
    last.verdict = TestVerdict::Wrong;
    last.review_id = Some(new_id());
    let replaced = store.save_user_test(&user, &done).await.unwrap();
    assert!(replaced.updated_at > saved.updated_at);
    assert_eq!(
        replaced,
        UserTest {
            updated_at: replaced.updated_at,
            ..done.clone()
        }
    );
    assert_eq!(
        pull_tests(&store, &user, 0, 10).await,
        vec![replaced.clone()]
    );
    assert_eq!(
        pull_tests(&store, &user, saved.updated_at, 10).await,
        vec![replaced.clone()]
    );

    // Replayed (the same save again, whatever stamp it carries): nothing is written, the clock
    // does not move, the stored row is the answer.
    let clock = store.server_time().await.unwrap();
    let replay = UserTest {
        updated_at: 7,
        ..done.clone()
    };
    assert_eq!(
        store.save_user_test(&user, &replay).await.unwrap(),
        replaced
    );
    assert_eq!(store.server_time().await.unwrap(), clock);
    assert!(pull_tests(&store, &user, clock, 10).await.is_empty());

    // Another user saving a test under the same id saves their own row: the learner's is neither
    // overwritten nor read, and each pulls only their own.
    let theirs = store
        .save_user_test(&other, &TestAdder::from(&first).deleted().build())
        .await
        .unwrap();
    assert_eq!(theirs.id, replaced.id);
    assert_eq!(
        pull_tests(&store, &other, 0, 10).await,
        vec![theirs.clone()]
    );
    assert_eq!(
        pull_tests(&store, &user, 0, 10).await,
        vec![replaced.clone()]
    );
    let theirs_live = store
        .save_user_test(&other, &TestAdder::from(&first).build())
        .await
        .unwrap();
    assert_eq!(
        pull_tests(&store, &user, 0, 10).await,
        vec![replaced.clone()]
    );

    // A tombstone deletes the test: a change like any other, pulled after the row it replaces;
    // sent again, it changes nothing.
    let gone = store
        .save_user_test(&user, &TestAdder::from(&done).deleted().build())
        .await
        .unwrap();
    assert!(gone.deleted && gone.updated_at > replaced.updated_at);
    assert_eq!(gone.answers, done.answers);
    assert_eq!(
        pull_tests(&store, &user, replaced.updated_at, 10).await,
        vec![gone.clone()]
    );
    assert_eq!(store.save_user_test(&user, &gone).await.unwrap(), gone);

    // A test at every limit comes back exactly, on both databases.
    let mut full = TestAdder::new(&deck.id);
    for _ in 0..TEST_ANSWERS_MAX {
        full = full.answer(&a.id);
    }
    let mut full = full.finished().build();
    for answer in &mut full.answers {
        answer.prompt = "학".repeat(TEST_TEXT_MAX);
        answer.given = "\u{1F600}\"\\".repeat(TEST_TEXT_MAX / 3);
        answer.expected = "x".repeat(TEST_TEXT_MAX);
    }
    let full = store.save_user_test(&user, &full).await.unwrap();

    // Paging: tests of several saves, pulled in pages of 3 resumed after each page's last
    // (updatedAt, id), every row once in sync order; `until` keeps the later ones out.
    let mut all = vec![gone.clone(), full.clone()];
    for _ in 0..5 {
        let t = TestAdder::new(&deck.id).answers(&[&a, &b]).build();
        all.push(store.save_user_test(&user, &t).await.unwrap());
    }
    let expected = sync_order(&all);
    assert_eq!(pull_tests(&store, &user, 0, 3).await, expected);
    assert_eq!(pull_tests(&store, &user, 0, 7).await, expected);
    let until = expected[4].updated_at;
    let bounded = store
        .query_user_tests(
            &user,
            &PageInput {
                offset: expected[1].updated_at,
                until: Some(until),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(bounded, expected[2..5].to_vec());

    // An account going takes its tests with it; another user's stay.
    store.delete_account(&user).await.unwrap();
    assert!(pull_tests(&store, &user, 0, 10).await.is_empty());
    assert_eq!(pull_tests(&store, &other, 0, 10).await, vec![theirs_live]);
}

/// `locateContent`: the language of a live deck or entry, by kind; nothing for another kind's
/// id, an unknown id, or a row deleted since.
async fn story_language_of(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ja").add(&store).await;
    let deck = DeckAdder::new("ko").entries(&[]).add(&store).await;
    let of = |kind, id: &str| {
        let (store, id) = (store.clone(), id.to_string());
        async move { store.language_of(kind, &id).await.unwrap() }
    };
    assert_eq!(of(ContentKind::Deck, &deck.id).await.as_deref(), Some("ko"));
    assert_eq!(
        of(ContentKind::Entry, &entry.id).await.as_deref(),
        Some("ja")
    );
    assert_eq!(of(ContentKind::Deck, &entry.id).await, None);
    assert_eq!(of(ContentKind::Entry, &new_id()).await, None);

    EntryAdder::from(&entry).deleted().add(&store).await;
    let mut gone = deck.clone();
    gone.deleted = true;
    store.save_decks(vec![gone], &anyone).await.unwrap();
    assert_eq!(of(ContentKind::Entry, &entry.id).await, None);
    assert_eq!(of(ContentKind::Deck, &deck.id).await, None);
}
