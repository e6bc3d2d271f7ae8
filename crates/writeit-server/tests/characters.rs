//! Character sets: the committed files are current and valid (counts printed per set), imports
//! are idempotent, and — when `tools/characters/fetch.sh` has fetched the packages — the full
//! Chinese and Japanese conversions pass the validator too.

use std::path::{Path, PathBuf};

use writeit_core::paging::PageInput;
use writeit_server::characters::authored::build_authored;
use writeit_server::characters::cli::sets_named;
use writeit_server::characters::convert::{build_starter_cjk, deck_han, Sources};
use writeit_server::characters::load::import;
use writeit_server::characters::set::{character_id, check_sets, read_sets};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn starter() -> PathBuf {
    repo().join("data/starter")
}

#[test]
fn authored_files_and_hangul_vectors_are_current() {
    let stale = build_authored(&starter().join("characters"), true).unwrap();
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; run `cargo run -p writeit-server --bin writeit -- characters build`"
    );
}

#[test]
fn every_starter_set_passes_the_validator() {
    let sets = read_sets(&starter().join("characters")).unwrap();
    let counts = check_sets(&sets).unwrap();
    for (name, c) in &counts {
        println!("{name}: {} characters, {} strokes", c.characters, c.strokes);
    }
    let count = |n: &str| {
        counts
            .iter()
            .find(|(s, _)| s == n)
            .map(|(_, c)| c.characters)
    };
    assert_eq!(count("ko-jamo"), Some(51));
    assert_eq!(count("ja-kana"), Some(184));
    // The authored letters: Hebrew with its finals; Cyrillic and Greek upper and lower case (and
    // ς); Arabic's 28 letters in the forms each has.
    assert_eq!(count("he"), Some(27));
    assert_eq!(count("ru"), Some(66));
    assert_eq!(count("el"), Some(49));
    assert_eq!(count("ar"), Some(100));
    // Every CJK character the shipped decks use has strokes.
    for (lang, set) in [("ja", "ja-starter"), ("zh", "zh-starter")] {
        let used = deck_han(&starter(), lang).unwrap();
        let have: std::collections::BTreeSet<String> = sets
            .iter()
            .filter(|s| s.set == set)
            .flat_map(|s| s.characters.iter().map(|c| c.value.clone()))
            .collect();
        let missing: Vec<_> = used.difference(&have).collect();
        assert!(missing.is_empty(), "{set} lacks {missing:?}");
    }
}

#[test]
fn the_committed_cjk_sets_match_the_packages_when_present() {
    let sources = Sources {
        dir: repo().join("tools/characters"),
    };
    if !sources.dir.join("node_modules/hanzi-writer-data").is_dir()
        || !sources.dir.join("python/kanji").is_dir()
    {
        println!(
            "skipped: run tools/characters/fetch.sh to check the CJK sets against the packages"
        );
        return;
    }
    let stale = build_starter_cjk(&starter(), &sources, true).unwrap();
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; run `writeit characters build --cjk`"
    );
    if std::env::var_os("WRITEIT_CHECK_FULL_CHARACTERS").is_some() {
        for name in ["zh", "ja"] {
            let sets = sets_named(name, &starter(), &sources).unwrap();
            for (set, c) in check_sets(&sets).unwrap() {
                println!("{set}: {} characters, {} strokes", c.characters, c.strokes);
            }
        }
    }
}

#[tokio::test]
async fn importing_twice_writes_nothing_the_second_time() {
    let dir = std::env::temp_dir().join(format!("writeit-chars-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    // Seeding loads every starter set, jamo included.
    let seeded = writeit_server::seed::seed(&*store, &starter())
        .await
        .unwrap();
    assert!(seeded.characters > 51);
    let sets = sets_named("ko-jamo", &starter(), &Sources { dir: dir.clone() }).unwrap();
    let mut seen = Vec::new();
    let again = import(&*store, &sets, |done, total| seen.push((done, total)))
        .await
        .unwrap();
    assert_eq!((again.characters, again.written), (51, 0));
    assert_eq!(seen, vec![(0, 0)]);
    let rows = store
        .query_characters(&PageInput {
            offset: 0,
            after: None,
            limit: Some(5_000),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(rows.len(), seeded.characters);
    let giyeok = rows.iter().find(|c| c.value == "ㄱ").unwrap();
    assert_eq!(giyeok.id, character_id("ko", "ㄱ"));
    assert!(giyeok.source.contains("CC0"));
    // A changed set rewrites only what changed.
    let mut changed = sets.clone();
    changed[0].characters[0].strokes[0].median[0] = [1, 1];
    let third = import(&*store, &changed, |_, _| {}).await.unwrap();
    assert_eq!(third.written, 1);
    let _ = std::fs::remove_dir_all(&dir);
}
