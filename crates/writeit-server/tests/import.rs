//! Import and export over HTTP against a real server on SQLite (docs/import.md): CSV and TSV with
//! a mapping, Anki packages made by `genanki` (PyPI, a real Anki writer: scripts/install-genanki.sh),
//! malformed files and invalid rows that change nothing, who may call, and export round trips.
//!
//! The `.apkg` tests need genanki: `WRITEIT_GENANKI_PYTHON` names a python that has it (default
//! `target/genanki-venv/bin/python`). Without it they skip, unless `WRITEIT_REQUIRE_GENANKI=1`
//! (scripts/test.sh), which makes that a failure.

use std::path::PathBuf;
use std::time::Instant;

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use writeit_core::entity::Entry;
use writeit_server::testing::TestServer;
use writeit_store::Role;

/// A temp folder removed on drop.
struct TempDir(PathBuf);
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Ctx {
    server: TestServer,
    http: Client,
    dir: TempDir,
    admin: String,
}

async fn start() -> Ctx {
    let dir = std::env::temp_dir().join(format!("writeit-import-test-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let starter = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/starter");
    writeit_server::seed::seed(&*store, &starter).await.unwrap();
    let server = TestServer::start(store).await;
    let admin = server.bearer("admin", Role::Admin, &[]);
    Ctx {
        server,
        http: Client::new(),
        dir: TempDir(dir),
        admin,
    }
}

fn enc(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
}

/// What an import answered: the HTTP status, and the NDJSON lines (or the one error object).
struct Answer {
    status: StatusCode,
    lines: Vec<Value>,
}

impl Answer {
    fn last(&self) -> &Value {
        self.lines.last().expect("an answer")
    }
    /// The final `done` line, failing with whatever came instead.
    fn done(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{:?}", self.lines);
        let last = self.last();
        assert_eq!(last["done"], true, "expected done, got {:?}", self.lines);
        last
    }
    /// The error message, in the stream's last line or as the whole answer.
    fn error(&self) -> (String, String) {
        let e = &self.last()["error"];
        assert!(e.is_object(), "expected an error, got {:?}", self.lines);
        (
            e["data"]["code"].as_str().unwrap().to_string(),
            e["message"].as_str().unwrap().to_string(),
        )
    }
}

impl Ctx {
    async fn post(&self, path: &str, auth: Option<&str>, ct: &str, body: Vec<u8>) -> Answer {
        let mut req = self
            .http
            .post(format!("{}{path}", self.server.url()))
            .header("content-type", ct)
            .body(body);
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        let lines = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l}")))
            .collect();
        Answer { status, lines }
    }

    async fn import(&self, query: &str, ct: &str, body: Vec<u8>) -> Answer {
        self.post(
            &format!("/api/import/entries?{query}"),
            Some(&self.admin),
            ct,
            body,
        )
        .await
    }

    async fn preview(&self, query: &str, ct: &str, body: Vec<u8>) -> Value {
        let a = self
            .post(
                &format!("/api/import/preview?{query}"),
                Some(&self.admin),
                ct,
                body,
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.lines);
        a.lines.into_iter().next().unwrap()
    }

    async fn export(&self, deck: &str, format: &str, auth: Option<&str>) -> (StatusCode, Vec<u8>) {
        let mut req = self.http.get(format!(
            "{}/api/export/deck/{deck}?format={format}",
            self.server.url()
        ));
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let res = req.send().await.unwrap();
        (res.status(), res.bytes().await.unwrap().to_vec())
    }

    async fn deck_entries(&self, deck: &str) -> Vec<Entry> {
        self.server.store.deck_entries(deck).await.unwrap()
    }

    /// What a failed import must leave alone: the row counts and the sync clock.
    async fn snapshot(&self) -> ([i64; 4], i64) {
        (
            self.server.store.public_counts().await.unwrap(),
            self.server.store.server_time().await.unwrap(),
        )
    }
}

fn csv_rows(n: usize) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["Hangul", "Romanization", "English", "Notes", "Example"])
        .unwrap();
    for i in 0..n {
        w.write_record([
            format!("단어{i}"),
            format!("dan-eo {i}"),
            format!("word {i}; term {i}"),
            format!("note, with a comma\nand a second line {i}"),
            format!("단어{i}를 써요 = I write word {i}"),
        ])
        .unwrap();
    }
    w.into_inner().unwrap()
}

const MAPPING: &str =
    r#"{"text":"Hangul","reading":1,"meanings":"English","notes":3,"examples":"Example"}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn csv_preview_then_a_10000_row_import_in_one_deck() {
    let c = start().await;
    let file = csv_rows(10_000);
    let p = c.preview("", "text/csv", file.clone()).await;
    assert_eq!(p["format"], "csv");
    assert_eq!(p["delimiter"], ",");
    assert_eq!(p["headers"][0], "Hangul");
    assert_eq!(p["totalRows"], 10_000);
    assert_eq!(p["rows"].as_array().unwrap().len(), 20);
    assert_eq!(p["rows"][3][0], "단어3");
    assert_eq!(
        p["suggested"],
        json!({"text":0,"reading":1,"meanings":2,"notes":3,"examples":4,"audioUrl":null})
    );

    let started = Instant::now();
    let a = c
        .import(
            &format!(
                "languageCode=ko&deck=new&title={}&mapping={}",
                enc("Ten thousand words"),
                enc(MAPPING)
            ),
            "text/csv",
            file,
        )
        .await;
    let elapsed = started.elapsed();
    let done = a.done();
    eprintln!("10,000-row CSV import (debug build): {elapsed:?}");
    assert_eq!(done["entries"], 10_000);
    assert_eq!(done["deckEntries"], 10_000);
    // What happened, as the result says it: a new deck with every row a new entry.
    assert_eq!(
        [
            &done["deckCreated"],
            &done["deckTitle"],
            &done["added"],
            &done["reused"],
            &done["skipped"]
        ],
        [
            &json!(true),
            &json!("Ten thousand words"),
            &json!(10_000),
            &json!(0),
            &json!(0)
        ]
    );
    let parse: Vec<_> = a.lines.iter().filter(|l| l["phase"] == "parse").collect();
    assert!(parse.len() >= 10, "progress every 1,000 rows: {parse:?}");
    assert_eq!(parse.last().unwrap()["rows"], 10_000);
    assert!(a.lines.iter().any(|l| l["phase"] == "save"));

    let deck_id = done["deckId"].as_str().unwrap();
    let deck = c.server.store.deck(deck_id).await.unwrap().unwrap();
    assert_eq!(deck.title, "Ten thousand words");
    assert_eq!(deck.language_code, "ko");
    let entries = c.deck_entries(deck_id).await;
    assert_eq!(entries.len(), 10_000);
    let e = &entries[7];
    assert_eq!(e.text, "단어7");
    assert_eq!(e.reading, "dan-eo 7");
    assert_eq!(e.meanings, ["word 7", "term 7"]);
    assert_eq!(e.notes, "note, with a comma\nand a second line 7");
    assert_eq!(e.examples[0].translation, "I write word 7");
    // Everyone sees the import on their next sync: it is stamped like any other write.
    assert!(e.updated_at > 0 && e.updated_at == deck.updated_at);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsv_and_semicolons_append_to_an_existing_deck() {
    let c = start().await;
    let first = c
        .import(
            "languageCode=ko&title=Mine",
            "text/csv",
            b"text;meanings\n\xea\xb0\x9c;dog|hound\n".to_vec(),
        )
        .await;
    let deck_id = first.done()["deckId"].as_str().unwrap().to_string();
    assert_eq!(c.deck_entries(&deck_id).await[0].meanings, ["dog", "hound"]);

    let tsv = "고양이\tcat\tgo-yang-i\n새\tbird\tsae\n"
        .as_bytes()
        .to_vec();
    let p = c
        .preview("header=false", "text/tab-separated-values", tsv.clone())
        .await;
    assert_eq!(p["headers"], json!(["Column 1", "Column 2", "Column 3"]));
    assert_eq!(p["totalRows"], 2);
    let a = c
        .import(
            &format!(
                "languageCode=ko&deck={deck_id}&header=false&mapping={}",
                enc(r#"{"text":0,"meanings":1,"reading":2}"#)
            ),
            "text/tab-separated-values",
            tsv,
        )
        .await;
    assert_eq!(a.done()["deckEntries"], 3);
    let texts: Vec<String> = c
        .deck_entries(&deck_id)
        .await
        .into_iter()
        .map(|e| e.text)
        .collect();
    assert_eq!(texts, ["개", "고양이", "새"]);

    // The same file again, reusing what the language has: nothing new, nothing listed twice;
    // the default makes new entries.
    let again = |duplicates: &'static str| {
        let c = &c;
        let deck_id = deck_id.clone();
        async move {
            c.import(
                &format!("languageCode=ko&deck={deck_id}{duplicates}"),
                "text/csv",
                "text\n개\n뭉게구름\n뭉게구름\n".as_bytes().to_vec(),
            )
            .await
        }
    };
    let a = again("&duplicates=reuse").await;
    assert_eq!(
        (
            &a.done()["entries"],
            &a.done()["reused"],
            &a.done()["deckEntries"]
        ),
        (&json!(1), &json!(2), &json!(4))
    );
    // Added to the deck: only the new entry (it listed 개 already, and the second 뭉게구름 is
    // the first's).
    assert_eq!(
        (
            &a.done()["deckCreated"],
            &a.done()["added"],
            &a.done()["deckTitle"]
        ),
        (&json!(false), &json!(1), &json!("Mine"))
    );
    let a = again("").await;
    assert_eq!(
        (
            &a.done()["entries"],
            &a.done()["reused"],
            &a.done()["deckEntries"]
        ),
        (&json!(3), &json!(0), &json!(7))
    );
    let a = again("&duplicates=maybe").await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // The deck's language must be the one named.
    let a = c
        .import(
            &format!("languageCode=ja&deck={deck_id}"),
            "text/csv",
            b"text\nx\n".to_vec(),
        )
        .await;
    assert_eq!(a.error().0, "BAD_REQUEST");
    assert!(a.error().1.contains("language 'ko'"), "{}", a.error().1);
}

/// Issue 37: a new deck of words the language already had read as "Imported 0 entries"; the
/// result says the deck was made with its entries, and what became of each row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_deck_of_known_words_says_it_was_made_with_them() {
    let c = start().await;
    let file = "text,meanings\n개,dog\n,\n고양이,cat\n새,bird\n"
        .as_bytes()
        .to_vec();
    let first = c
        .import("languageCode=ko&title=First", "text/csv", file.clone())
        .await;
    assert_eq!(
        [&first.done()["entries"], &first.done()["skipped"]],
        [&json!(3), &json!(1)]
    );
    let a = c
        .import(
            "languageCode=ko&title=Again&duplicates=reuse",
            "text/csv",
            file,
        )
        .await;
    let done = a.done();
    assert_eq!(
        [
            &done["deckCreated"],
            &done["deckTitle"],
            &done["deckEntries"],
            &done["added"],
            &done["entries"],
            &done["reused"],
            &done["skipped"]
        ],
        [
            &json!(true),
            &json!("Again"),
            &json!(3),
            &json!(3),
            &json!(0),
            &json!(3),
            &json!(1)
        ]
    );
    let deck = done["deckId"].as_str().unwrap();
    let texts: Vec<String> = c
        .deck_entries(deck)
        .await
        .into_iter()
        .map(|e| e.text)
        .collect();
    assert_eq!(texts, ["개", "고양이", "새"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_files_and_invalid_rows_change_nothing() {
    let c = start().await;
    let before = c.snapshot().await;
    let q = format!("languageCode=ko&title=Bad&mapping={}", enc(MAPPING));

    // An invalid row deep in a large file: named by its line (each row before it spans two, a
    // quoted note's line break) and column, and no partial import.
    let mut file = csv_rows(6_000);
    let long = "가".repeat(201);
    file.extend_from_slice(format!("{long},r,m,n,e\n").as_bytes());
    let a = c.import(&q, "text/csv", file).await;
    assert_eq!(a.status, StatusCode::OK, "the stream had started");
    assert_eq!(
        a.error(),
        (
            "BAD_REQUEST".into(),
            "1 row is refused, so nothing was imported:\n\
             line 12002, column \"Hangul\": text: must be at most 200 characters"
                .into()
        )
    );
    assert_eq!(
        a.last()["error"]["data"]["rows"],
        json!([{"line": 12002, "column": "Hangul", "field": "text", "reason": "tooLong",
                "limit": 200, "message": "text: must be at most 200 characters"}])
    );
    assert!(
        a.lines.iter().any(|l| l["phase"] == "parse"),
        "progress came first"
    );

    // Every refused row, each by its line: too many meanings, a missing text, bytes that are not
    // UTF-8; the good and blank rows between them are not listed.
    let many = vec!["m"; 21].join(";");
    let body = format!(
        "Hangul,Romanization,English,Notes,Example\n가,,{many},,\n나,a,b,c,d\n,,,,\n,reading only,,,\n"
    )
    .into_bytes()
    .into_iter()
    .chain(b"\xff\xfe,,,,\n".iter().copied())
    .collect();
    let a = c.import(&q, "text/csv", body).await;
    assert_eq!(
        a.error().1,
        "3 rows are refused, so nothing was imported:\n\
         line 2, column \"English\": meanings: must have at most 20 items\n\
         line 5, column \"Hangul\": text: is required\n\
         line 6, column \"Hangul\": is not valid UTF-8 (save the file as UTF-8)"
    );
    let rows = &a.last()["error"]["data"]["rows"];
    let lines: Vec<_> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["line"])
        .collect();
    assert_eq!(lines, [2, 5, 6]);
    assert_eq!(
        (
            &rows[0]["reason"],
            &rows[0]["limit"],
            &rows[1]["reason"],
            &rows[2]["field"]
        ),
        (
            &json!("tooMany"),
            &json!(20),
            &json!("required"),
            &Value::Null
        )
    );
    assert_eq!(a.last()["error"]["data"]["moreRows"], 0);

    // Past the cap, the rest are counted.
    let mut body = b"Hangul,English\n".to_vec();
    for _ in 0..130 {
        body.extend_from_slice(b",no text\n");
    }
    let a = c
        .import(&q.replace("&mapping=", "&x="), "text/csv", body)
        .await;
    assert_eq!(
        a.last()["error"]["data"]["rows"].as_array().unwrap().len(),
        100
    );
    assert_eq!(a.last()["error"]["data"]["moreRows"], 30);
    assert!(
        a.error().1.ends_with("\n… and 30 more rows"),
        "{:?}",
        a.error()
    );

    // More rows than a deck holds.
    let a = c.import(&q, "text/csv", csv_rows(10_001)).await;
    assert!(
        a.error().1.contains("more than 10000 rows"),
        "{:?}",
        a.error()
    );

    // A package that is no zip, and one without a collection.
    let a = c
        .import(&q, "application/zip", b"PK\x03\x04 not really".to_vec())
        .await;
    assert!(a.error().1.contains("not a valid .apkg"), "{:?}", a.error());
    let mut empty_zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    empty_zip
        .start_file("media", zip::write::SimpleFileOptions::default())
        .unwrap();
    let bytes = empty_zip.finish().unwrap().into_inner();
    let a = c.import(&q, "application/zip", bytes).await;
    assert!(
        a.error().1.contains("no Anki collection"),
        "{:?}",
        a.error()
    );

    // Refused before reading: a mapping naming no column, a bad mapping, no title, a bad deck id.
    let a = c
        .import(
            &format!(
                "languageCode=ko&title=x&mapping={}",
                enc(r#"{"text":"Nope"}"#)
            ),
            "text/csv",
            b"a,b\n1,2\n".to_vec(),
        )
        .await;
    assert!(a.error().1.starts_with("mapping.text:"), "{:?}", a.error());
    for query in [
        format!("languageCode=ko&title=x&mapping={}", enc(r#"{"txt":0}"#)),
        "languageCode=ko&title=".to_string(),
        "languageCode=ko&deck=nope".to_string(),
        "title=x".to_string(),
    ] {
        let a = c.import(&query, "text/csv", b"a\n1\n".to_vec()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{query}: {:?}", a.lines);
    }

    // An oversized body is refused by its declared length.
    let a = c
        .import(
            &q,
            "text/csv",
            vec![b'a'; writeit_server::import::FILE_BYTES_MAX + 1],
        )
        .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);

    assert_eq!(c.snapshot().await, before, "nothing was written");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_admins_and_editors_of_the_language_may_import_or_export() {
    let c = start().await;
    let body = b"text\n\xea\xb0\x9c\n".to_vec();
    let q = "/api/import/entries?languageCode=ko&title=T";
    let guest = c.post(q, None, "text/csv", body.clone()).await;
    assert_eq!(guest.status, StatusCode::UNAUTHORIZED);
    assert_eq!(guest.error().0, "UNAUTHORIZED");
    let user = c.server.bearer("u1", Role::User, &[]);
    let editor_ja = c.server.bearer("e-ja", Role::Editor, &["ja"]);
    let editor_ko = c.server.bearer("e-ko", Role::Editor, &["ko"]);
    for who in [&user, &editor_ja] {
        let a = c.post(q, Some(who), "text/csv", body.clone()).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
        let a = c
            .post(
                "/api/import/preview?languageCode=ko",
                Some(who),
                "text/csv",
                body.clone(),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
    }
    let a = c.post(q, Some(&editor_ko), "text/csv", body.clone()).await;
    let deck = a.done()["deckId"].as_str().unwrap().to_string();

    // An editor of ja may not append to a ko deck by naming ja either.
    let a = c
        .post(
            &format!("/api/import/entries?languageCode=ja&deck={deck}"),
            Some(&editor_ja),
            "text/csv",
            body.clone(),
        )
        .await;
    assert_eq!(a.error().0, "FORBIDDEN");

    assert_eq!(
        c.export(&deck, "csv", None).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        c.export(&deck, "csv", Some(&user)).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        c.export(&deck, "csv", Some(&editor_ja)).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        c.export(&deck, "csv", Some(&editor_ko)).await.0,
        StatusCode::OK
    );
    let missing = uuid::Uuid::now_v7().to_string();
    assert_eq!(
        c.export(&missing, "csv", Some(&editor_ko)).await.0,
        StatusCode::NOT_FOUND
    );
}

/// The python that has genanki, or `None` to skip (a failure with WRITEIT_REQUIRE_GENANKI=1).
fn genanki() -> Option<PathBuf> {
    let python = std::env::var_os("WRITEIT_GENANKI_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/genanki-venv/bin/python")
        });
    let ok = std::process::Command::new(&python)
        .args(["-c", "import genanki"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(python);
    }
    if std::env::var("WRITEIT_REQUIRE_GENANKI").as_deref() == Ok("1") {
        panic!("WRITEIT_REQUIRE_GENANKI=1 but genanki is missing: bash scripts/install-genanki.sh");
    }
    eprintln!("skipped: genanki is missing (bash scripts/install-genanki.sh)");
    None
}

fn run_python(python: &PathBuf, script: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(python)
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Two note types, HTML fields, a sound reference and a media file, as Anki users' decks have.
const MAKE_APKG: &str = r#"
import sys, genanki
out, media = sys.argv[1], sys.argv[2]
korean = genanki.Model(1607392319, 'Korean vocab',
    fields=[{'name': 'Korean'}, {'name': 'Romanization'}, {'name': 'English'}, {'name': 'Audio'}],
    templates=[{'name': 'Card 1', 'qfmt': '{{Korean}}', 'afmt': '{{English}} {{Audio}}'}])
basic = genanki.Model(1091735104, 'Basic',
    fields=[{'name': 'Front'}, {'name': 'Back'}],
    templates=[{'name': 'Card 1', 'qfmt': '{{Front}}', 'afmt': '{{Back}}'}])
deck = genanki.Deck(2059400110, 'Korean::Animals')
rows = [('개', 'gae', 'dog<br>hound', '[sound:gae.mp3]'),
        ('<b>고양이</b>', 'go-yang-i', 'cat &amp; kitten', ''),
        ('새', 'sae', 'bird;&nbsp;fowl', '[sound:sae.mp3]')]
for k, r, e, a in rows:
    deck.add_note(genanki.Note(model=korean, fields=[k, r, e, a]))
deck.add_note(genanki.Note(model=basic, fields=['말', 'horse']))
genanki.Package(deck, media_files=[media]).write_to_file(out)
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anki_package_made_by_genanki_imports_with_its_sounds() {
    let Some(python) = genanki() else { return };
    let c = start().await;
    let apkg = c.dir.0.join("animals.apkg");
    let media = c.dir.0.join("gae.mp3");
    std::fs::write(&media, b"ID3 not really audio").unwrap();
    run_python(
        &python,
        MAKE_APKG,
        &[apkg.to_str().unwrap(), media.to_str().unwrap()],
    );
    let bytes = std::fs::read(&apkg).unwrap();

    let p = c
        .preview("", "application/octet-stream", bytes.clone())
        .await;
    assert_eq!(p["format"], "apkg");
    assert_eq!(
        p["headers"],
        json!(["Korean", "Romanization", "English", "Audio"])
    );
    assert_eq!(p["totalRows"], 4);
    assert_eq!(p["rows"][1][0], "고양이", "HTML made plain");
    assert_eq!(
        p["suggested"],
        json!({"text":"Korean","reading":"Romanization","meanings":"English","notes":null,
               "examples":null,"audioUrl":"Audio"})
    );
    let types = p["noteTypes"].as_array().unwrap();
    assert_eq!(types.len(), 2);
    assert!(
        p["warnings"][0]
            .as_str()
            .unwrap()
            .contains("1 media file(s): a note's first sound becomes its entry's audio"),
        "{p}"
    );

    // Without a mapping the Basic note has no 'Korean' field: the error names note and type.
    let a = c
        .import(
            "languageCode=ko&title=Animals",
            "application/zip",
            bytes.clone(),
        )
        .await;
    let (_, message) = a.error();
    assert!(
        message.starts_with("note 4 (id ") && message.contains("note type 'Basic'"),
        "{message}"
    );
    // By position, both note types map: field 0 is the text, field 2 (or nothing) the meanings.
    let a = c
        .import(
            &format!(
                "languageCode=ko&title=Animals&mapping={}",
                enc(r#"{"text":0,"reading":1,"meanings":2}"#)
            ),
            "application/zip",
            bytes.clone(),
        )
        .await;
    let done = a.done();
    assert_eq!(done["entries"], 4);
    let entries = c.deck_entries(done["deckId"].as_str().unwrap()).await;
    let dog = &entries[0];
    assert_eq!((dog.text.as_str(), dog.reading.as_str()), ("개", "gae"));
    assert_eq!(dog.meanings, ["dog", "hound"]);
    // The package's sound is the entry's audio, stored by its hash and served for good.
    assert_eq!(dog.notes, "", "the reference became the audio");
    let url = dog.audio_url.clone().unwrap();
    let digest = ring::digest::digest(&ring::digest::SHA256, b"ID3 not really audio");
    let hex: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(url, format!("/media/{hex}.mp3"));
    let res = c
        .http
        .get(format!("{}{url}", c.server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/mpeg");
    assert!(res.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert_eq!(&res.bytes().await.unwrap()[..], b"ID3 not really audio");
    for missing in [
        format!("/media/{}.mp3", "0".repeat(64)),
        "/media/x.mp3".into(),
    ] {
        let res = c
            .http
            .get(format!("{}{missing}", c.server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{missing}");
    }
    // A sound the package lacks stays a reference in the notes.
    assert_eq!(entries[2].notes, "[sound:sae.mp3]");
    assert_eq!(entries[2].audio_url, None);

    // Exported, the audio goes into the package; imported again, it is the same file.
    let (status, apkg) = c
        .export(done["deckId"].as_str().unwrap(), "apkg", Some(&c.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let back = c
        .import("languageCode=ko&title=Back", "application/zip", apkg)
        .await;
    let back = c
        .deck_entries(back.done()["deckId"].as_str().unwrap())
        .await;
    assert_eq!(
        (back[0].audio_url.as_deref(), back[0].notes.as_str()),
        (Some(url.as_str()), "")
    );
    assert_eq!(entries[1].text, "고양이");
    assert_eq!(entries[1].meanings, ["cat & kitten"]);
    assert_eq!(entries[2].meanings, ["bird", "fowl"]);
    assert_eq!(entries[3].text, "말");
    assert_eq!(entries[3].reading, "horse", "Basic's field 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_round_trips_through_csv_and_anki() {
    let c = start().await;
    let file = csv_rows(300);
    let a = c
        .import(
            &format!(
                "languageCode=ko&title={}&mapping={}",
                enc("Round & trip"),
                enc(MAPPING)
            ),
            "text/csv",
            file,
        )
        .await;
    let deck = a.done()["deckId"].as_str().unwrap().to_string();
    let original = c.deck_entries(&deck).await;
    let same = |a: &[Entry], b: &[Entry]| {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert_eq!(
                (
                    &x.text,
                    &x.reading,
                    &x.meanings,
                    &x.notes,
                    &x.examples,
                    &x.audio_url
                ),
                (
                    &y.text,
                    &y.reading,
                    &y.meanings,
                    &y.notes,
                    &y.examples,
                    &y.audio_url
                )
            );
        }
    };

    // CSV: its header is what the importer suggests, so no mapping is needed.
    let (status, csv) = c.export(&deck, "csv", Some(&c.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(csv.starts_with(b"text,reading,meanings,notes,examples,audioUrl\n"));
    let a = c
        .import("languageCode=ko&title=Again", "text/csv", csv)
        .await;
    same(
        &original,
        &c.deck_entries(a.done()["deckId"].as_str().unwrap()).await,
    );

    // Anki: a valid package (read back with Python's zipfile and sqlite3), and re-imported.
    let (status, apkg) = c.export(&deck, "apkg", Some(&c.admin)).await;
    assert_eq!(status, StatusCode::OK);
    let path = c.dir.0.join("export.apkg");
    std::fs::write(&path, &apkg).unwrap();
    let python = genanki().unwrap_or_else(|| PathBuf::from("python3"));
    let report = run_python(
        &python,
        r#"
import sys, zipfile, sqlite3, json, tempfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
db = tempfile.mktemp()
open(db, 'wb').write(z.read('collection.anki2'))
c = sqlite3.connect(db)
assert c.execute('pragma integrity_check').fetchone()[0] == 'ok'
models = json.loads(c.execute('select models from col').fetchone()[0])
decks = json.loads(c.execute('select decks from col').fetchone()[0])
notes = c.execute('select count(*) from notes').fetchone()[0]
cards = c.execute('select count(*) from cards n join notes m on n.nid = m.id').fetchone()[0]
first = c.execute('select flds from notes order by id limit 1').fetchone()[0].split('\x1f')
print(json.dumps({'models': [m['name'] for m in models.values()],
  'fields': [f['name'] for m in models.values() for f in m['flds']],
  'decks': sorted(d['name'] for d in decks.values()), 'notes': notes, 'cards': cards,
  'media': json.loads(z.read('media')), 'first': first}))
"#,
        &[path.to_str().unwrap()],
    );
    let r: Value = serde_json::from_str(report.trim()).unwrap();
    assert_eq!(r["models"], json!(["WriteIt"]));
    assert_eq!(
        r["fields"],
        json!(["Text", "Reading", "Meanings", "Notes", "Examples", "Audio"])
    );
    assert_eq!(r["decks"], json!(["Default", "Round & trip"]));
    assert_eq!(
        (r["notes"].as_i64(), r["cards"].as_i64()),
        (Some(300), Some(300))
    );
    assert_eq!(r["media"], json!({}));
    assert_eq!(r["first"][0], "단어0");
    assert_eq!(r["first"][3], "note, with a comma<br>and a second line 0");
    let a = c
        .import("languageCode=ko&title=From%20Anki", "application/zip", apkg)
        .await;
    same(
        &original,
        &c.deck_entries(a.done()["deckId"].as_str().unwrap()).await,
    );
}

#[tokio::test]
async fn imports_beyond_the_limit_are_refused_at_once() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let c = start().await;
    let addr = c.server.url().trim_start_matches("http://").to_string();
    // Imports whose uploads have begun and do not end hold every place.
    let mut held = Vec::new();
    for _ in 0..writeit_server::import::IMPORTS_MAX {
        let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let head = format!(
            "POST /api/import/entries?languageCode=ko&title=Slow HTTP/1.1\r\nHost: {addr}\r\n\
             Authorization: {}\r\nContent-Type: text/csv\r\nContent-Length: 1000000\r\n\r\n\
             text\nslow\n",
            c.admin
        );
        s.write_all(head.as_bytes()).await.unwrap();
        // The progress stream's status line: the import holds its place now.
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "{:?}", &buf[..n]);
        held.push(s);
    }
    let body = b"text\nfast\n".to_vec();
    for path in [
        "/api/import/entries?languageCode=ko&title=Fast",
        "/api/import/preview",
    ] {
        let started = Instant::now();
        let res = c
            .http
            .post(format!("{}{path}", c.server.url()))
            .header("authorization", &c.admin)
            .header("content-type", "text/csv")
            .body(body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert_eq!(res.headers()["retry-after"], "5");
        let v: Value = res.json().await.unwrap();
        assert_eq!(v["error"]["data"]["code"], "TOO_MANY_REQUESTS", "{v}");
        assert_eq!(v["error"]["data"]["httpStatus"], 429);
        assert!(
            started.elapsed().as_millis() < 1_000,
            "{path}: {:?}",
            started.elapsed()
        );
    }
    // A client that goes away frees its place: the next import runs.
    drop(held);
    let deadline = Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let a = c
            .import("languageCode=ko&title=Fast", "text/csv", body.clone())
            .await;
        if a.status == StatusCode::OK {
            assert_eq!(a.done()["entries"], 1);
            break;
        }
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(Instant::now() < deadline, "the places were never freed");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn an_export_is_named_after_the_deck_title_as_written() {
    let c = start().await;
    let title = "한국어: 기초 \"1\"";
    let a = c
        .import(
            &format!(
                "languageCode=ko&title={}&mapping={}",
                enc(title),
                enc(MAPPING)
            ),
            "text/csv",
            csv_rows(2),
        )
        .await;
    let deck = a.done()["deckId"].as_str().unwrap().to_string();
    for (format, ext) in [("csv", "csv"), ("apkg", "apkg")] {
        let res = c
            .http
            .get(format!(
                "{}/api/export/deck/{deck}?format={format}",
                c.server.url()
            ))
            .header("authorization", &c.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let disposition = res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .to_string();
        let encoded = disposition
            .split("filename*=UTF-8''")
            .nth(1)
            .expect("a filename* parameter");
        let name = percent_encoding::percent_decode_str(encoded)
            .decode_utf8()
            .unwrap();
        // Only the colon and the quotes, which file systems refuse, are replaced.
        assert_eq!(name, format!("한국어_ 기초 _1_.{ext}"), "{disposition}");
        assert!(disposition.is_ascii(), "{disposition}");
    }
}
