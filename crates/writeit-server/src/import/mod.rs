//! Importing entries from CSV/TSV and Anki packages, and exporting a deck to both (docs/import.md).
//!
//! `csv` and `anki` turn a file into rows of named cells; [`Mapping`] says which cell becomes
//! which entry field; [`RowValues::into_entry`] builds and validates the entry, naming the row and
//! field of any failure. Every import is saved by one store call ([`writeit_store::Store::save_import`]),
//! one transaction: a file with one bad row changes nothing. `http` serves it, `cli` runs it from
//! the command line, `export` goes the other way.

pub mod anki;
pub mod bounds;
mod cell;
pub mod cli;
pub mod csv;
pub mod export;
pub mod http;
pub mod media;
pub mod problems;
pub mod state;
mod untrusted_db;
mod work_dir;

use serde::{Deserialize, Serialize};
use writeit_core::entity::{Entry, Example};
use writeit_core::limits::DECK_ENTRIES_MAX;
use writeit_core::validate::Validate;
use writeit_core::RpcError;

/// Largest file the import endpoints accept (the tRPC limit of 2 MiB does not apply to them).
pub const FILE_BYTES_MAX: usize = 50 * 1024 * 1024;
/// Most rows (CSV records or Anki notes) one import may hold: every imported entry goes into one
/// deck, and a deck lists at most this many entries.
pub const ROWS_MAX: usize = DECK_ENTRIES_MAX;
/// Most bytes one import or preview writes to its temporary folder: the upload (at most
/// [`FILE_BYTES_MAX`]) and the Anki collection decompressed from it, which gets what the upload
/// leaves (78 MiB or more). A 10,000-note collection is far smaller; a zip bomb stops here.
pub const WORK_BYTES_MAX: u64 = 128 * 1024 * 1024;
/// Imports and previews one server runs at once; more are answered 429 with `Retry-After`
/// ([`BUSY_RETRY_SECS`]). With [`WORK_BYTES_MAX`], at most 256 MiB of temporary files.
pub const IMPORTS_MAX: usize = 2;
/// Seconds a client refused for [`IMPORTS_MAX`] is told to wait.
pub const BUSY_RETRY_SECS: u64 = 5;
/// Rows a preview shows.
pub const PREVIEW_ROWS: usize = 20;

/// How many rows pass between two progress reports.
pub const PROGRESS_EVERY: usize = 1_000;

/// A file format the importer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Comma-separated (or `;`-separated, detected), UTF-8.
    Csv,
    /// Tab-separated, UTF-8.
    Tsv,
    /// An Anki package: a zip holding the SQLite collection.
    Apkg,
}

impl Format {
    /// The format a request names (`format=` wins), else by content type, else by the first bytes.
    pub fn detect(named: Option<&str>, content_type: Option<&str>, head: &[u8]) -> Format {
        match named {
            Some("csv") => return Format::Csv,
            Some("tsv") => return Format::Tsv,
            Some("apkg") => return Format::Apkg,
            _ => {}
        }
        let ct = content_type
            .and_then(|c| c.split(';').next())
            .map(|c| c.trim().to_ascii_lowercase());
        match ct.as_deref() {
            Some("text/tab-separated-values") => Format::Tsv,
            Some("application/zip" | "application/apkg" | "application/vnd.anki") => Format::Apkg,
            _ if head.starts_with(b"PK\x03\x04") => Format::Apkg,
            _ => Format::Csv,
        }
    }

    /// The name used on the wire and in file names.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Apkg => "apkg",
        }
    }
}

/// Where a mapped field comes from: a column (CSV) or note field (Anki), by position or by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Source {
    /// 0-based position.
    Index(usize),
    /// Header or note-field name (exact, else ignoring case and surrounding spaces).
    Name(String),
}

/// Which column feeds which entry field; unmapped columns are not imported.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Mapping {
    /// Required.
    pub text: Option<Source>,
    pub reading: Option<Source>,
    /// Split into meanings on `;`, `|` and line breaks.
    pub meanings: Option<Source>,
    pub notes: Option<Source>,
    /// Split into examples on `|` and line breaks; `text = translation` in each.
    pub examples: Option<Source>,
    /// An `https://` URL or `/media/<sha256>.<ext>` (`writeit_core::validate::audio_url`).
    pub audio_url: Option<Source>,
}

/// A [`Mapping`] resolved against one header row: the column index of each field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    text: usize,
    reading: Option<usize>,
    meanings: Option<usize>,
    notes: Option<usize>,
    examples: Option<usize>,
    audio_url: Option<usize>,
}

impl Columns {
    /// The column entry field `field` (`text`, `meanings`, …, `audioUrl`) comes from.
    pub fn of(&self, field: &str) -> Option<usize> {
        match field {
            "text" => Some(self.text),
            "reading" => self.reading,
            "meanings" => self.meanings,
            "notes" => self.notes,
            "examples" => self.examples,
            "audioUrl" => self.audio_url,
            _ => None,
        }
    }
}

/// Header names [`Mapping::suggest`] knows for each entry field (compared trimmed, in lower
/// case), in field order: text, reading, meanings, notes, examples, audio URL.
const KNOWN_NAMES: [(&str, &[&str]); 6] = [
    (
        "text",
        &[
            "text",
            "word",
            "front",
            "term",
            "expression",
            "vocab",
            "vocabulary",
            "korean",
            "hangul",
            "japanese",
            "kanji",
            "chinese",
            "hanzi",
            "simplified",
        ],
    ),
    (
        "reading",
        &[
            "reading",
            "romanization",
            "romanisation",
            "pronunciation",
            "pinyin",
            "kana",
            "furigana",
            "romaji",
            "transliteration",
        ],
    ),
    (
        "meanings",
        &[
            "meanings",
            "meaning",
            "back",
            "definition",
            "definitions",
            "translation",
            "english",
            "gloss",
        ],
    ),
    ("notes", &["notes", "note", "comment", "comments", "extra"]),
    (
        "examples",
        &["examples", "example", "sentence", "sentences"],
    ),
    ("audioUrl", &["audiourl", "audio", "sound"]),
];

impl Mapping {
    /// Parses the `mapping` query parameter (JSON).
    pub fn parse(json: &str) -> Result<Mapping, RpcError> {
        serde_json::from_str(json).map_err(|e| RpcError::bad_request(format!("mapping: {e}")))
    }

    /// The columns of `headers` this mapping names; `what` names the header row in errors
    /// ("the header row", "note type 'Basic'").
    pub fn resolve(&self, headers: &[String], what: &str) -> Result<Columns, RpcError> {
        self.resolve_with(headers, what, true)
    }

    /// [`Mapping::resolve`], where an optional field whose column is missing is left empty
    /// instead (one mapping for several Anki note types, which have different fields).
    pub fn resolve_lenient(&self, headers: &[String], what: &str) -> Result<Columns, RpcError> {
        self.resolve_with(headers, what, false)
    }

    fn resolve_with(
        &self,
        headers: &[String],
        what: &str,
        strict: bool,
    ) -> Result<Columns, RpcError> {
        let find = |field: &str, source: &Option<Source>| -> Result<Option<usize>, RpcError> {
            let Some(source) = source else {
                return Ok(None);
            };
            let found = match source {
                Source::Index(i) => (*i < headers.len()).then_some(*i),
                Source::Name(name) => headers.iter().position(|h| h == name).or_else(|| {
                    headers
                        .iter()
                        .position(|h| h.trim().eq_ignore_ascii_case(name.trim()))
                }),
            };
            match found {
                Some(i) => Ok(Some(i)),
                None if !strict && field != "text" => Ok(None),
                None => Err(RpcError::bad_request(format!(
                    "mapping.{field}: {what} has no column {} (columns: {})",
                    match source {
                        Source::Index(i) => i.to_string(),
                        Source::Name(n) => format!("'{n}'"),
                    },
                    headers.join(", ")
                ))),
            }
        };
        let text = find("text", &self.text)?.ok_or_else(|| {
            RpcError::bad_request("mapping.text: map a column onto the entry text")
        })?;
        Ok(Columns {
            text,
            reading: find("reading", &self.reading)?,
            meanings: find("meanings", &self.meanings)?,
            notes: find("notes", &self.notes)?,
            examples: find("examples", &self.examples)?,
            audio_url: find("audioUrl", &self.audio_url)?,
        })
    }

    /// A guess from header names, for the preview: known names first, else the first column as
    /// text and the second as meanings. `by_name` answers names rather than positions (Anki
    /// note types differ in field order, not usually in names).
    pub fn suggest(headers: &[String], by_name: bool) -> Mapping {
        let mut taken = vec![false; headers.len()];
        let mut pick = |names: &[&str]| -> Option<usize> {
            let i = headers.iter().enumerate().position(|(i, h)| {
                !taken[i] && names.contains(&h.trim().to_lowercase().as_str())
            })?;
            taken[i] = true;
            Some(i)
        };
        let mut found: Vec<Option<usize>> =
            KNOWN_NAMES.iter().map(|(_, names)| pick(names)).collect();
        if found[0].is_none() {
            found[0] = (0..headers.len()).find(|&i| !taken[i]);
            if let Some(i) = found[0] {
                taken[i] = true;
            }
        }
        if found[2].is_none() {
            found[2] = (0..headers.len()).find(|&i| !taken[i]);
        }
        let source = |i: Option<usize>| {
            i.map(|i| {
                if by_name {
                    Source::Name(headers[i].clone())
                } else {
                    Source::Index(i)
                }
            })
        };
        Mapping {
            text: source(found[0]),
            reading: source(found[1]),
            meanings: source(found[2]),
            notes: source(found[3]),
            examples: source(found[4]),
            audio_url: source(found[5]),
        }
    }
}

/// The cells of one row as the entry fields they map onto, before splitting and validation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowValues {
    pub text: String,
    pub reading: String,
    pub meanings: String,
    pub notes: String,
    pub examples: String,
    pub audio_url: String,
}

impl RowValues {
    /// Picks the mapped cells of a row (a missing trailing cell counts as empty).
    pub fn pick<S: AsRef<str>>(cells: &[S], columns: &Columns) -> RowValues {
        let cell = |i: Option<usize>| {
            i.and_then(|i| cells.get(i))
                .map(|c| c.as_ref().trim().to_string())
                .unwrap_or_default()
        };
        RowValues {
            text: cell(Some(columns.text)),
            reading: cell(columns.reading),
            meanings: cell(columns.meanings),
            notes: cell(columns.notes),
            examples: cell(columns.examples),
            audio_url: cell(columns.audio_url),
        }
    }

    /// Whether every mapped cell is empty (such rows are skipped, as spreadsheets leave them).
    pub fn is_blank(&self) -> bool {
        [
            &self.text,
            &self.reading,
            &self.meanings,
            &self.notes,
            &self.examples,
            &self.audio_url,
        ]
        .iter()
        .all(|v| v.is_empty())
    }

    /// A new entry (fresh id) in `language`, validated; errors start with `label` (an Anki
    /// package's "note 4 (id …)").
    pub fn into_entry(self, language: &str, label: &str) -> Result<Entry, RpcError> {
        self.entry(language)
            .map_err(|e| RpcError::bad_request(format!("{label}: {}", e.message)))
    }

    /// A new entry (fresh id) in `language`, validated; an error names the entry field (`field`,
    /// `reason`, `limit`).
    pub fn entry(self, language: &str) -> Result<Entry, RpcError> {
        let entry = Entry {
            id: uuid::Uuid::now_v7().to_string(),
            language_code: language.to_string(),
            text: self.text,
            reading: self.reading,
            meanings: split_meanings(&self.meanings),
            notes: self.notes,
            examples: split_examples(&self.examples),
            audio_url: (!self.audio_url.is_empty()).then_some(self.audio_url),
            updated_at: 0,
            deleted: false,
        };
        entry.validate()?;
        Ok(entry)
    }
}

/// Meanings from one cell: split on `;`, `|` and line breaks, trimmed, empty ones dropped.
pub fn split_meanings(cell: &str) -> Vec<String> {
    cell.split([';', '|', '\n'])
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(String::from)
        .collect()
}

/// Examples from one cell: one per `|` or line, `text = translation` (translation optional).
pub fn split_examples(cell: &str) -> Vec<Example> {
    cell.split(['|', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| match e.split_once(" = ") {
            Some((text, translation)) => Example {
                text: text.trim().to_string(),
                translation: translation.trim().to_string(),
            },
            None => Example {
                text: e.to_string(),
                translation: String::new(),
            },
        })
        .collect()
}

/// The cell [`split_meanings`] reads back.
pub fn join_meanings(meanings: &[String]) -> String {
    meanings.join("; ")
}

/// The cell [`split_examples`] reads back.
pub fn join_examples(examples: &[Example]) -> String {
    examples
        .iter()
        .map(|e| {
            if e.translation.is_empty() {
                e.text.clone()
            } else {
                format!("{} = {}", e.text, e.translation)
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// What the admin UI shows before an import: the columns, the first rows, a suggested mapping.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    pub format: Format,
    /// The delimiter used (CSV and TSV).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delimiter: Option<String>,
    /// Column names: the header row (CSV), or the fields of the note type most notes use (Anki).
    pub headers: Vec<String>,
    /// The first [`PREVIEW_ROWS`] rows, cells in `headers` order (Anki: HTML made plain text).
    pub rows: Vec<Vec<String>>,
    /// Rows in the file (blank ones included), or notes in the collection.
    pub total_rows: usize,
    /// A mapping to start from (positions for CSV, field names for Anki).
    pub suggested: Mapping,
    /// Anki: every note type with its fields and number of notes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub note_types: Vec<NoteTypeSummary>,
    /// Things the user should know (media files not imported, rows over the limit).
    pub warnings: Vec<String>,
}

/// A note type as the preview lists it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NoteTypeSummary {
    pub name: String,
    pub fields: Vec<String>,
    pub notes: usize,
}

/// The deck an import fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A new deck with this title and description.
    New { title: String, description: String },
    /// An existing deck (by id), appended to.
    Existing(String),
}

/// What to import and where.
#[derive(Clone, Debug)]
pub struct Options {
    pub language: String,
    pub target: Target,
    /// `None`: the suggested mapping of the file's preview.
    pub mapping: Option<Mapping>,
    /// CSV/TSV: whether the first row names the columns (default yes).
    pub has_header: bool,
    /// Rows whose text the language already has: new entries, or the existing ones.
    pub duplicates: writeit_store::Duplicates,
}

impl Options {
    /// Checks what can be checked before reading the file: the language code, the deck id, and
    /// a new deck's title and description.
    pub fn check(&self) -> Result<(), RpcError> {
        writeit_core::validate::language_code("languageCode", &self.language)?;
        match &self.target {
            Target::Existing(id) => writeit_core::validate::uuid("deck", id),
            Target::New { .. } => self.new_deck(Vec::new()).map(|_| ()),
        }
    }

    /// The deck to create for [`Target::New`] (validated), listing `entry_ids`.
    fn new_deck(&self, entry_ids: Vec<String>) -> Result<writeit_core::entity::Deck, RpcError> {
        let Target::New { title, description } = &self.target else {
            return Err(RpcError::bad_request("deck: not a new deck"));
        };
        let deck = writeit_core::entity::Deck {
            id: uuid::Uuid::now_v7().to_string(),
            language_code: self.language.clone(),
            title: title.trim().to_string(),
            description: description.trim().to_string(),
            entry_ids,
            position: 0,
            updated_at: 0,
            deleted: false,
            source: None,
        };
        deck.validate()?;
        Ok(deck)
    }
}

/// Saves parsed entries and their deck in one transaction ([`writeit_store::Store::save_import`]).
pub async fn save(
    store: &dyn writeit_store::Store,
    options: &Options,
    entries: Vec<Entry>,
    media: Vec<writeit_store::Media>,
    uploader: writeit_store::Uploader,
    may_write: writeit_store::MayWrite<'_>,
) -> Result<writeit_store::ImportSaved, RpcError> {
    let target = match &options.target {
        Target::New { .. } => writeit_store::ImportDeck::New(options.new_deck(Vec::new())?),
        Target::Existing(id) => writeit_store::ImportDeck::Existing {
            id: id.clone(),
            language_code: options.language.clone(),
        },
    };
    store
        .save_import(
            writeit_store::Import {
                deck: target,
                entries,
                media,
                duplicates: options.duplicates,
                uploader,
            },
            may_write,
        )
        .await
        .map_err(crate::error::store_error)
}

/// What an import did, as its answer says it: `saved` into the deck `target` named, `skipped`
/// blank rows, `ms` taken, `warnings` (sound files left out).
pub fn done(
    saved: &writeit_store::ImportSaved,
    target: &Target,
    skipped: usize,
    ms: u64,
    warnings: Vec<String>,
) -> writeit_core::import::ImportDone {
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    writeit_core::import::ImportDone {
        deck_id: saved.deck.id.clone(),
        deck_title: saved.deck.title.clone(),
        deck_created: matches!(target, Target::New { .. }),
        deck_entries: n(saved.deck.entry_ids.len()),
        added: n(saved.added),
        entries: n(saved.created),
        reused: n(saved.reused),
        skipped: n(skipped),
        ms,
        warnings,
    }
}

/// What an import did, in English, for the command line: `Created the deck "Words" with 3
/// entries: 1 new, 2 the language already had (left as they were); 1 blank row skipped.`
pub fn describe_done(d: &writeit_core::import::ImportDone) -> String {
    let entries = |n: u32| format!("{n} {}", if n == 1 { "entry" } else { "entries" });
    let head = if d.deck_created {
        format!(
            "Created the deck \"{}\" with {}",
            d.deck_title,
            entries(d.deck_entries)
        )
    } else {
        format!(
            "Added {} to the deck \"{}\", which now has {}",
            entries(d.added),
            d.deck_title,
            d.deck_entries
        )
    };
    let mut parts = vec![format!("{} new", d.entries)];
    if d.reused > 0 {
        parts.push(format!(
            "{} the language already had (left as {})",
            d.reused,
            if d.reused == 1 { "it was" } else { "they were" }
        ));
    }
    let mut text = format!("{head}: {}", parts.join(", "));
    let repeated = (d.entries + d.reused).saturating_sub(d.added);
    if repeated > 0 {
        text.push_str(&format!(
            "; {repeated} {} the deck already listed",
            if repeated == 1 {
                "row named an entry"
            } else {
                "rows named entries"
            }
        ));
    }
    if d.skipped > 0 {
        text.push_str(&format!(
            "; {} blank {} skipped",
            d.skipped,
            if d.skipped == 1 { "row" } else { "rows" }
        ));
    }
    text.push('.');
    text
}

/// The limit error every reader gives when a file has more than [`ROWS_MAX`] rows.
pub fn too_many_rows() -> RpcError {
    RpcError::bad_request(format!(
        "The file has more than {ROWS_MAX} rows: a deck holds at most {ROWS_MAX} entries; split the file"
    ))
}

/// The error for a file over [`FILE_BYTES_MAX`].
pub fn too_large() -> RpcError {
    RpcError::new(
        writeit_core::ErrorCode::PayloadTooLarge,
        format!(
            "The file is larger than {} MiB",
            FILE_BYTES_MAX / (1024 * 1024)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(h: &[&str]) -> Vec<String> {
        h.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn suggests_by_known_names_then_by_position() {
        let m = Mapping::suggest(
            &headers(&["Hangul", "Romanization", "English", "Notes"]),
            false,
        );
        assert_eq!(m.text, Some(Source::Index(0)));
        assert_eq!(m.reading, Some(Source::Index(1)));
        assert_eq!(m.meanings, Some(Source::Index(2)));
        assert_eq!(m.notes, Some(Source::Index(3)));
        let m = Mapping::suggest(&headers(&["a", "b"]), true);
        assert_eq!(m.text, Some(Source::Name("a".into())));
        assert_eq!(m.meanings, Some(Source::Name("b".into())));
        assert_eq!(m.reading, None);
    }

    #[test]
    fn resolves_names_and_positions_and_names_what_is_missing() {
        let h = headers(&["Front", "Back"]);
        let m = Mapping::parse(r#"{"text":"front","meanings":1}"#).unwrap();
        let c = m.resolve(&h, "the header row").unwrap();
        assert_eq!((c.text, c.meanings), (0, Some(1)));
        let e = Mapping::parse(r#"{"text":"Word"}"#)
            .unwrap()
            .resolve(&h, "the header row")
            .unwrap_err();
        assert!(e.message.contains("mapping.text") && e.message.contains("'Word'"));
        assert!(Mapping::parse(r#"{"meanings":0}"#)
            .unwrap()
            .resolve(&h, "x")
            .is_err());
        assert!(Mapping::parse(r#"{"text":0,"colour":1}"#).is_err());
    }

    #[test]
    fn splits_and_joins_round_trip() {
        assert_eq!(
            split_meanings(" dog ; hound|cur\n"),
            ["dog", "hound", "cur"]
        );
        let ex = split_examples("개가 짖어요 = The dog barks | 개");
        assert_eq!(ex[0].translation, "The dog barks");
        assert_eq!(ex[1].translation, "");
        assert_eq!(split_examples(&join_examples(&ex)), ex);
        assert_eq!(
            split_meanings(&join_meanings(&["a".into(), "b".into()])),
            ["a", "b"]
        );
    }

    #[test]
    fn the_result_says_what_happened() {
        let done = |deck_created, deck_entries, added, entries, reused, skipped| {
            writeit_core::import::ImportDone {
                deck_id: "d".into(),
                deck_title: "Words".into(),
                deck_created,
                deck_entries,
                added,
                entries,
                reused,
                skipped,
                ms: 5,
                warnings: vec![],
            }
        };
        let cases = [
            (
                done(true, 3, 3, 0, 3, 0),
                "Created the deck \"Words\" with 3 entries: 0 new, 3 the language already had \
                 (left as they were).",
            ),
            (
                done(true, 1, 1, 1, 0, 2),
                "Created the deck \"Words\" with 1 entry: 1 new; 2 blank rows skipped.",
            ),
            (
                done(false, 25, 5, 3, 3, 1),
                "Added 5 entries to the deck \"Words\", which now has 25: 3 new, 3 the language \
                 already had (left as they were); 1 row named an entry the deck already listed; \
                 1 blank row skipped.",
            ),
        ];
        for (d, want) in cases {
            assert_eq!(describe_done(&d), want);
        }
    }

    #[test]
    fn a_bad_row_names_row_and_field() {
        let row = RowValues {
            text: "x".repeat(201),
            ..Default::default()
        };
        let e = row.into_entry("ko", "note 7").unwrap_err();
        assert!(e.message.starts_with("note 7: text:"), "{}", e.message);
    }
}
