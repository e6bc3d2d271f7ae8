//! A deck out of WriteIt: as CSV (the columns the importer suggests back), or as an Anki package
//! with one note type, "WriteIt", whose fields are the entry's (schema 11, which every Anki since
//! 2.1 reads, as `genanki` writes it).

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection};
use writeit_core::entity::{Deck, Entry};

use super::cell::escape_cell;
use super::{join_examples, join_meanings};

/// The CSV header; the importer's suggested mapping reads it back field for field.
pub const CSV_HEADER: [&str; 6] = [
    "text", "reading", "meanings", "notes", "examples", "audioUrl",
];

/// The entries as CSV (UTF-8, comma-separated, quoted where needed, header first); cells a
/// spreadsheet would evaluate are escaped (`cell.rs`).
pub fn to_csv(entries: &[Entry]) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(CSV_HEADER)?;
    for e in entries {
        let cells = [
            e.text.as_str(),
            &e.reading,
            &join_meanings(&e.meanings),
            &e.notes,
            &join_examples(&e.examples),
            e.audio_url.as_deref().unwrap_or(""),
        ];
        w.write_record(cells.iter().map(|c| escape_cell(c).into_owned()))?;
    }
    Ok(w.into_inner()?)
}

/// The deck's entries (tombstones left out) as a file of `format` (CSV or Anki), and its MIME type.
pub async fn deck_file(
    store: &dyn writeit_store::Store,
    deck: &Deck,
    format: super::Format,
) -> anyhow::Result<(Vec<u8>, &'static str)> {
    let entries: Vec<Entry> = store
        .deck_entries(&deck.id)
        .await?
        .into_iter()
        .filter(|e| !e.deleted)
        .collect();
    match format {
        super::Format::Apkg => {
            // The audio WriteIt stores goes into the package, so Anki plays it.
            let mut media = HashMap::new();
            for e in &entries {
                let Some(file) = e.audio_url.as_deref().and_then(super::media::stored_file) else {
                    continue;
                };
                if media.contains_key(file) {
                    continue;
                }
                let id = file.split('.').next().unwrap_or_default();
                if let Some(m) = store.media(id).await? {
                    media.insert(file.to_string(), m.bytes);
                }
            }
            let dir = super::work_dir::WorkDir::new()?;
            let out = dir.0.join("deck.apkg");
            write_apkg(deck, &entries, &media, &dir.0, &out).await?;
            Ok((std::fs::read(&out)?, "application/apkg"))
        }
        super::Format::Csv | super::Format::Tsv => {
            Ok((to_csv(&entries)?, "text/csv; charset=utf-8"))
        }
    }
}

/// A file name for a deck export: its title without characters file systems refuse.
pub fn file_name(title: &str, format: super::Format) -> String {
    let stem: String = title
        .chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    let stem = stem.trim();
    let stem = if stem.is_empty() { "deck" } else { stem };
    let ext = match format {
        super::Format::Apkg => "apkg",
        _ => "csv",
    };
    format!("{stem}.{ext}")
}

/// The `Content-Disposition` of a download named `name`: `filename*` (RFC 6266, UTF-8,
/// percent-encoded) carries the name as written, which browsers prefer; `filename` is the
/// fallback for the rare client that lacks it, the name with every character outside printable
/// ASCII (and `"`, `\`, `%`) as `_`.
pub fn content_disposition(name: &str) -> String {
    let encoded = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    let ascii: String = name
        .chars()
        .map(|c| match c {
            '"' | '\\' | '%' => '_',
            c if c.is_ascii_graphic() || c == ' ' => c,
            _ => '_',
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// The note type's fields, in order.
const FIELDS: [&str; 6] = ["Text", "Reading", "Meanings", "Notes", "Examples", "Audio"];

fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\n', "<br>")
}

/// `col.models`: one basic note type (a front with the text, a back with the rest).
fn models_json(model_id: i64, deck_id: i64, now: i64) -> String {
    let flds: Vec<_> = FIELDS
        .iter()
        .enumerate()
        .map(|(i, name)| {
            serde_json::json!({"name": name, "ord": i, "font": "Arial", "media": [], "rtl": false,
                "size": 20, "sticky": false})
        })
        .collect();
    let back = "{{FrontSide}}<hr id=answer>{{Reading}}<br>{{Meanings}}\
                {{#Examples}}<br><i>{{Examples}}</i>{{/Examples}}{{#Notes}}<br>{{Notes}}{{/Notes}}";
    serde_json::json!({
        model_id.to_string(): {
            "id": model_id.to_string(), "name": "WriteIt", "type": 0, "mod": now, "usn": -1,
            "sortf": 0, "did": deck_id, "tags": [], "vers": [], "req": [[0, "any", [0]]],
            "latexPre": "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
            "latexPost": "\\end{document}", "latexsvg": false,
            "css": ".card { font-family: arial; font-size: 20px; text-align: center; }",
            "flds": flds,
            "tmpls": [{"name": "Card 1", "ord": 0, "qfmt": "{{Text}}", "afmt": back,
                "bqfmt": "", "bafmt": "", "did": null, "bfont": "", "bsize": 0}],
        }
    })
    .to_string()
}

/// `col.decks`: Anki's default deck and the exported one.
fn decks_json(deck_id: i64, title: &str, description: &str, now: i64) -> String {
    let deck = |id: i64, name: &str, desc: &str| {
        serde_json::json!({"id": id, "name": name, "desc": desc, "conf": 1, "dyn": 0,
            "collapsed": false, "extendNew": 10, "extendRev": 50, "mod": now, "usn": -1,
            "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0]})
    };
    serde_json::json!({
        "1": deck(1, "Default", ""),
        deck_id.to_string(): deck(deck_id, title, description),
    })
    .to_string()
}

/// `col.dconf`: Anki's default options group.
const DCONF: &str = r#"{"1":{"id":1,"name":"Default","mod":0,"usn":0,"maxTaken":60,"autoplay":true,"timer":0,"replayq":true,"dyn":false,"new":{"bury":true,"delays":[1,10],"initialFactor":2500,"ints":[1,4,7],"order":1,"perDay":20,"separate":true},"lapse":{"delays":[10],"leechAction":0,"leechFails":8,"minInt":1,"mult":0},"rev":{"bury":true,"ease4":1.3,"fuzz":0.05,"ivlFct":1,"maxIvl":36500,"minSpace":1,"perDay":100}}}"#;

/// `col.conf`: the collection's settings.
const CONF: &str = r#"{"activeDecks":[1],"curDeck":1,"newSpread":0,"collapseTime":1200,"timeLim":0,"estTimes":true,"dueCounts":true,"curModel":null,"nextPos":1,"sortType":"noteFld","sortBackwards":false,"addToCur":true}"#;

/// The schema 11 tables Anki reads.
const SCHEMA: &str = include_str!("anki_schema.sql");

/// A 10-character note guid from an entry id (Anki matches re-imported notes by guid, so the same
/// entry exported twice updates one note).
fn guid(entry_id: &str) -> String {
    let hex: String = entry_id.chars().filter(|c| *c != '-').collect();
    let n = u128::from_str_radix(&hex, 16).unwrap_or_default();
    const ALPHABET: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";
    let mut n = n;
    let mut out = String::new();
    while n > 0 {
        out.push(ALPHABET[(n % ALPHABET.len() as u128) as usize] as char);
        n /= ALPHABET.len() as u128;
    }
    out
}

/// Writes the deck and its entries as an Anki package to `out`, using `dir` for the collection.
/// `media`: stored audio by file name (`<sha256>.<ext>`); an entry whose audio is one of them
/// gets `[sound:…]` in its Audio field and the file in the package, any other audio URL is
/// written as it is.
pub async fn write_apkg(
    deck: &Deck,
    entries: &[Entry],
    media: &HashMap<String, Vec<u8>>,
    dir: &Path,
    out: &Path,
) -> anyhow::Result<()> {
    let db_path = dir.join("collection.anki2");
    // A rollback journal, not WAL: the zipped file must hold everything by itself.
    let mut conn = SqliteConnectOptions::new()
        .filename(&db_path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Delete)
        .connect()
        .await?;
    let now_ms = crate::clock::now_secs() * 1000;
    let now = now_ms / 1000;
    let (model_id, deck_id) = (now_ms, now_ms + 1);
    let mut tx = conn.begin().await?;
    for statement in schema_statements() {
        sqlx::query(&statement).execute(&mut *tx).await?;
    }
    sqlx::query("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')")
        .bind(now)
        .bind(now_ms)
        .bind(now_ms)
        .bind(CONF)
        .bind(models_json(model_id, deck_id, now))
        .bind(decks_json(deck_id, &deck.title, &deck.description, now))
        .bind(DCONF)
        .execute(&mut *tx)
        .await?;
    for (i, e) in entries.iter().enumerate() {
        let fields = note_fields(e, media);
        let note_id = now_ms + 2 + 2 * i as i64;
        sqlx::query("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, 0, 0, '')")
            .bind(note_id)
            .bind(guid(&e.id))
            .bind(model_id)
            .bind(now)
            .bind(fields.join("\x1f"))
            .bind(&e.text)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
        )
        .bind(note_id + 1)
        .bind(note_id)
        .bind(deck_id)
        .bind(now)
        .bind(i as i64 + 1)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    conn.close().await?;
    zip_package(&std::fs::read(&db_path)?, media, out)
}

/// The statements of [`SCHEMA`], its `--` comment lines left out.
fn schema_statements() -> impl Iterator<Item = String> {
    SCHEMA
        .split(';')
        .map(|s| {
            s.lines()
                .filter(|l| !l.starts_with("--"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .filter(|s| !s.trim().is_empty())
}

/// An entry's note fields, in the note type's order: text, reading, meanings, notes, examples,
/// and audio (a `[sound:…]` of a file the package holds, else the URL as text).
fn note_fields(e: &Entry, media: &HashMap<String, Vec<u8>>) -> [String; 6] {
    [
        html(&e.text),
        html(&e.reading),
        html(&join_meanings(&e.meanings)),
        html(&e.notes),
        html(&join_examples(&e.examples)),
        match e.audio_url.as_deref() {
            Some(url) => match super::media::stored_file(url).filter(|f| media.contains_key(*f)) {
                Some(file) => format!("[sound:{file}]"),
                None => html(url),
            },
            None => String::new(),
        },
    ]
}

/// Writes the package to `out`: the collection, schema 11's media list and the media files.
fn zip_package(
    collection: &[u8],
    media: &HashMap<String, Vec<u8>>,
    out: &Path,
) -> anyhow::Result<()> {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(out)?);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("collection.anki2", options)?;
    zip.write_all(collection)?;
    // Schema 11's media list, {"0": "name"}, and the files named by number (stored: audio is
    // compressed already).
    let mut names: Vec<&String> = media.keys().collect();
    names.sort();
    let list: serde_json::Map<String, serde_json::Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| (i.to_string(), serde_json::Value::String(name.to_string())))
        .collect();
    zip.start_file("media", options)?;
    zip.write_all(serde_json::Value::Object(list).to_string().as_bytes())?;
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (i, name) in names.iter().enumerate() {
        zip.start_file(i.to_string(), stored)?;
        zip.write_all(&media[*name])?;
    }
    zip.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::cell::tests::TRICKY;
    use crate::import::cell::FORMULA_STARTS;

    fn go() -> crate::import::bounds::Stop {
        crate::import::bounds::Stop::new(tokio_util::sync::CancellationToken::new())
    }

    #[test]
    fn file_names_keep_the_title_as_written() {
        let csv = super::super::Format::Csv;
        let cases = [
            ("한국어 기초 1", "한국어 기초 1.csv"),
            ("Русский: алфавит", "Русский_ алфавит.csv"),
            ("עברית / אותיות", "עברית _ אותיות.csv"),
            ("a<b>c|d?e*f\"g\\h", "a_b_c_d_e_f_g_h.csv"),
            ("tab\there", "tab_here.csv"),
            ("  ", "deck.csv"),
        ];
        for (title, want) in cases {
            assert_eq!(file_name(title, csv), want, "{title}");
        }
        assert_eq!(
            file_name("日本語", super::super::Format::Apkg),
            "日本語.apkg"
        );
    }

    #[test]
    fn the_disposition_carries_the_name_in_utf8_and_an_ascii_fallback() {
        let d = content_disposition("한국어 \"1\".csv");
        assert_eq!(
            d,
            "attachment; filename=\"___ _1_.csv\"; \
             filename*=UTF-8''%ED%95%9C%EA%B5%AD%EC%96%B4%20%221%22%2Ecsv"
        );
        let d = content_disposition("Korean basics 1.csv");
        assert!(d.contains("filename=\"Korean basics 1.csv\""), "{d}");
    }

    #[test]
    fn guids_differ_per_entry_and_are_short() {
        let a = guid("0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b");
        let b = guid("0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6c");
        assert_ne!(a, b);
        assert!(a.len() <= 20);
    }

    fn entry(text: &str, notes: &str, meaning: &str) -> Entry {
        Entry {
            id: "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b".into(),
            language_code: "ko".into(),
            text: text.into(),
            reading: String::new(),
            meanings: vec![meaning.into()],
            notes: notes.into(),
            examples: Vec::new(),
            audio_url: None,
            updated_at: 0,
            deleted: false,
        }
    }

    /// Values a spreadsheet would evaluate, and quoted ones that must come back with their quotes.

    #[test]
    fn exported_formulas_are_escaped_and_import_back_exactly() {
        // (The importer splits meanings on `|` and trims each one.)
        let meaning = |t: &str| t.replace('|', "/").trim().to_string();
        let entries: Vec<Entry> = TRICKY.iter().map(|t| entry(t, t, &meaning(t))).collect();
        let bytes = to_csv(&entries).unwrap();
        // No cell of the file starts with what a spreadsheet evaluates.
        let mut r = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(&bytes[..]);
        for record in r.records() {
            for cell in record.unwrap().iter() {
                assert!(!cell.starts_with(FORMULA_STARTS), "{cell:?}");
            }
        }
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.contains("\n'=cmd|' /C calc'!A0,"), "{text}");
        assert!(text.contains("\n''=1+1,"), "{text}");
        assert!(text.contains("\n'tis,"), "{text}");
        // The importer, with the mapping it suggests, reads back the very same values.
        let preview =
            super::super::csv::preview(&bytes, super::super::Format::Csv, true, &go()).unwrap();
        assert_eq!(preview.rows[0][0], TRICKY[0]);
        let back = super::super::csv::read_entries(
            &bytes[..],
            b',',
            true,
            &preview.suggested,
            "ko",
            &mut |_| {},
            &go(),
        )
        .unwrap()
        .entries;
        assert_eq!(back.len(), TRICKY.len());
        for (b, t) in back.iter().zip(TRICKY) {
            assert_eq!((b.text.as_str(), b.notes.as_str()), (t, t));
            assert_eq!(b.meanings, [meaning(t)]);
        }
    }

    #[test]
    fn tsv_cells_are_unescaped_too() {
        let m = super::super::Mapping::parse(r#"{"text":0,"notes":1}"#).unwrap();
        let tsv = "text\tnotes\n'=1+1\t'-x\n'tis\t@a\n";
        let e = super::super::csv::read_entries(
            tsv.as_bytes(),
            b'\t',
            true,
            &m,
            "ko",
            &mut |_| {},
            &go(),
        )
        .unwrap()
        .entries;
        assert_eq!((e[0].text.as_str(), e[0].notes.as_str()), ("=1+1", "-x"));
        assert_eq!((e[1].text.as_str(), e[1].notes.as_str()), ("'tis", "@a"));
    }

    #[test]
    fn csv_has_the_header_the_importer_suggests() {
        let bytes = to_csv(&[]).unwrap();
        let headers: Vec<String> = String::from_utf8(bytes)
            .unwrap()
            .trim()
            .split(',')
            .map(String::from)
            .collect();
        let m = super::super::Mapping::suggest(&headers, false);
        let c = m.resolve(&headers, "x").unwrap();
        assert_eq!(
            super::super::RowValues::pick(&CSV_HEADER, &c),
            super::super::RowValues {
                text: "text".into(),
                reading: "reading".into(),
                meanings: "meanings".into(),
                notes: "notes".into(),
                examples: "examples".into(),
                audio_url: "audioUrl".into(),
            }
        );
    }
}
