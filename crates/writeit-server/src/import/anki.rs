//! Anki packages (`.apkg`): a zip holding the SQLite collection, `collection.anki2` (schema 11),
//! `collection.anki21`, or in Anki 2.1.50+'s newer format `collection.anki21b` (zstd-compressed,
//! schema 18, note types in their own tables). Notes' fields (joined by `\x1f`, HTML) become
//! entries through a [`Mapping`] by field name or position, per note type. A note's first sound
//! becomes its entry's audio (`media.rs`); other `[sound:…]` references stay in the notes.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use writeit_core::entity::Entry;
use writeit_core::RpcError;

use super::bounds::{Checked, Stop};
use super::untrusted_db;
use super::{Format, Mapping, NoteTypeSummary, Preview, RowValues, PREVIEW_ROWS, ROWS_MAX};

/// One note type: its name and field names in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteType {
    pub id: i64,
    pub name: String,
    pub fields: Vec<String>,
}

/// A note: its id, note type and raw field values (HTML).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub id: i64,
    pub note_type: i64,
    pub fields: Vec<String>,
}

/// The parts of a collection an import reads.
#[derive(Clone, Debug, Default)]
pub struct Collection {
    pub note_types: Vec<NoteType>,
    pub notes: Vec<Note>,
    /// Media files the package holds.
    pub media_files: usize,
    /// Schema 11's media list: file name → its numbered entry in the zip (empty for the newer
    /// format, whose list is protobuf).
    pub media_names: HashMap<String, String>,
    /// Which collection file was read (`collection.anki21b` is the newer format).
    pub collection_file: String,
}

fn bad(message: impl Into<String>) -> RpcError {
    RpcError::bad_request(message)
}

/// Takes the collection out of the package at `apkg` into `dir/collection.db` (decompressing the
/// newer format), writing at most what [`super::WORK_BYTES_MAX`] leaves after the upload.
/// Answers the collection file's name and how many media files the package has.
fn extract(
    apkg: &Path,
    dir: &Path,
    stop: &Stop,
) -> Result<(String, usize, HashMap<String, String>), RpcError> {
    let upload = std::fs::metadata(apkg).map(|m| m.len()).unwrap_or_default();
    extract_within(
        apkg,
        dir,
        super::WORK_BYTES_MAX.saturating_sub(upload),
        stop,
    )
}

/// [`extract`], writing at most `budget` bytes. A zip entry's declared size is checked before
/// anything is written, and the bytes actually decompressed are counted while writing, since
/// the declared size is the package's word and may lie (a zip bomb).
fn extract_within(
    apkg: &Path,
    dir: &Path,
    budget: u64,
    stop: &Stop,
) -> Result<(String, usize, HashMap<String, String>), RpcError> {
    let file = std::fs::File::open(apkg).map_err(|e| {
        tracing::error!(error = %e, "reading an uploaded package");
        RpcError::internal()
    })?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| bad(format!("The file is not a valid .apkg (zip) package: {e}")))?;
    let names: Vec<String> = zip.file_names().map(String::from).collect();
    let pick = [
        "collection.anki21b",
        "collection.anki21",
        "collection.anki2",
    ]
    .into_iter()
    .find(|n| names.iter().any(|x| x == n))
    .ok_or_else(|| {
        bad("The package holds no Anki collection (collection.anki2, .anki21 or .anki21b)")
    })?;
    let too_large = || {
        bad(format!(
            "{pick} is larger than {} MiB once decompressed",
            budget / (1024 * 1024)
        ))
    };
    let mut raw = zip
        .by_name(pick)
        .map_err(|e| bad(format!("{pick} cannot be read: {e}")))?;
    if raw.size() > budget {
        return Err(too_large());
    }
    let out_path = dir.join("collection.db");
    let mut out = std::fs::File::create(&out_path)
        .map_err(|e| crate::error::io_error(&e, "writing a collection to a temporary folder"))?;
    // `take` stops the copy one byte past the budget, whatever the entry declared.
    let mut entry = Checked {
        inner: &mut raw,
        stop,
    };
    let copied = if pick.ends_with('b') {
        let mut decoder = zstd::Decoder::new(&mut entry).map_err(|e| {
            bad(format!(
                "{pick} (Anki's newer format) cannot be decompressed: {e}"
            ))
        })?;
        std::io::copy(&mut (&mut decoder).take(budget + 1), &mut out)
    } else {
        std::io::copy(&mut (&mut entry).take(budget + 1), &mut out)
    }
    .map_err(|e| match crate::disk::is_full(&e) {
        true => crate::error::disk_full(),
        false => stop.reason(bad(format!("{pick} cannot be read: {e}"))),
    })?;
    if copied > budget {
        return Err(too_large());
    }
    drop(raw);
    // Schema 11's media list is JSON {"0": "name.mp3"}; the newer one is protobuf: count the
    // zip's numbered entries instead.
    let media_names: HashMap<String, String> = match zip.by_name("media") {
        Ok(mut m) => {
            let mut text = String::new();
            if (&mut m)
                .take(16 * 1024 * 1024)
                .read_to_string(&mut text)
                .is_ok()
            {
                serde_json::from_str::<HashMap<String, String>>(&text)
                    .map(|m| m.into_iter().map(|(number, name)| (name, number)).collect())
                    .unwrap_or_default()
            } else {
                HashMap::new()
            }
        }
        Err(_) => HashMap::new(),
    };
    let media_files = if !media_names.is_empty() {
        media_names.len()
    } else {
        names
            .iter()
            .filter(|n| n.chars().all(|c| c.is_ascii_digit()))
            .count()
    };
    Ok((pick.to_string(), media_files, media_names))
}

/// The most bytes of note fields one import reads from a collection, all notes together: the
/// notes are held in memory until they become entries (10,000 notes of a real deck are a few MiB).
pub const NOTE_BYTES_MAX: usize = 64 * 1024 * 1024;

/// Reads the package at `apkg`, using `dir` for the extracted collection; stops when `stop`
/// fires. Blocking: run it on the blocking pool.
pub fn read(apkg: &Path, dir: &Path, stop: &Stop) -> Result<Collection, RpcError> {
    let (collection_file, media_files, media_names) = extract(apkg, dir, stop)?;
    let name = collection_file.as_str();
    let conn = untrusted_db::open(&dir.join("collection.db"), name, stop)?;
    let db_error = |e: rusqlite::Error| untrusted_db::unreadable(name, stop, e);
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(db_error)?;
    let note_types =
        if tables.iter().any(|t| t == "notetypes") && tables.iter().any(|t| t == "fields") {
            // Schema 18 (the newer format): note types and their fields are tables.
            let mut types: Vec<NoteType> = conn
                .prepare("SELECT id, name FROM notetypes ORDER BY id")
                .and_then(|mut s| {
                    s.query_map([], |r| {
                        Ok(NoteType {
                            id: r.get(0)?,
                            name: r.get(1)?,
                            fields: Vec::new(),
                        })
                    })?
                    .collect()
                })
                .map_err(db_error)?;
            let fields: Vec<(i64, String)> = conn
                .prepare("SELECT ntid, name FROM fields ORDER BY ntid, ord")
                .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                .map_err(db_error)?;
            for (ntid, field) in fields {
                if let Some(t) = types.iter_mut().find(|t| t.id == ntid) {
                    t.fields.push(field);
                }
            }
            types
        } else {
            let models: String = conn
                .query_row("SELECT models FROM col", [], |r| r.get(0))
                .map_err(db_error)?;
            parse_models(&models).map_err(|e| bad(format!("{name}: note types: {e}")))?
        };
    let count: i64 = conn
        .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
        .map_err(db_error)?;
    if count as usize > ROWS_MAX {
        return Err(super::too_many_rows());
    }
    let mut statement = conn
        .prepare("SELECT id, mid, flds FROM notes ORDER BY id")
        .map_err(db_error)?;
    let mut rows = statement.query([]).map_err(db_error)?;
    let mut notes = Vec::with_capacity(count as usize);
    let mut bytes = 0usize;
    while let Some(r) = rows.next().map_err(db_error)? {
        let flds: String = r.get(2).map_err(db_error)?;
        bytes += flds.len();
        if bytes > NOTE_BYTES_MAX || notes.len() == ROWS_MAX {
            return Err(bad(format!(
                "{name}: its notes hold more than {} MiB of text (or more than {ROWS_MAX} notes)",
                NOTE_BYTES_MAX / (1024 * 1024)
            )));
        }
        notes.push(Note {
            id: r.get(0).map_err(db_error)?,
            note_type: r.get(1).map_err(db_error)?,
            fields: flds.split('\x1f').map(String::from).collect(),
        });
    }
    Ok(Collection {
        note_types,
        notes,
        media_files,
        media_names,
        collection_file,
    })
}

/// Schema 11's `col.models`: `{"<id>": {"name": …, "flds": [{"name": …, "ord": n}, …]}, …}`.
fn parse_models(json: &str) -> Result<Vec<NoteType>, serde_json::Error> {
    #[derive(serde::Deserialize)]
    struct Model {
        name: String,
        flds: Vec<Fld>,
    }
    #[derive(serde::Deserialize)]
    struct Fld {
        name: String,
        #[serde(default)]
        ord: usize,
    }
    let models: HashMap<String, Model> = serde_json::from_str(json)?;
    let mut types: Vec<NoteType> = models
        .into_iter()
        .filter_map(|(id, mut m)| {
            m.flds.sort_by_key(|f| f.ord);
            Some(NoteType {
                id: id.parse().ok()?,
                name: m.name,
                fields: m.flds.into_iter().map(|f| f.name).collect(),
            })
        })
        .collect();
    types.sort_by_key(|t| t.id);
    Ok(types)
}

/// A field's HTML as plain text: line breaks kept, other tags dropped, entities decoded.
pub fn plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('>') else {
            out.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let tag = rest[start + 1..start + end].trim().to_ascii_lowercase();
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("");
        let closing = tag.starts_with('/');
        if name == "br" || (closing && matches!(name, "div" | "p" | "li")) {
            out.push('\n');
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    let decoded = decode_entities(&out);
    let lines: Vec<&str> = decoded.lines().map(str::trim).collect();
    lines.join("\n").trim().to_string()
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &after[..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" | "#39" => Some('\''),
                "nbsp" => Some(' '),
                _ if name.starts_with("#x") || name.starts_with("#X") => {
                    u32::from_str_radix(&name[2..], 16)
                        .ok()
                        .and_then(char::from_u32)
                }
                _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            }?;
            Some((c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Takes the `[sound:…]` references out of `text`: the text without them, and the references.
pub fn take_sounds(text: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(text.len());
    let mut sounds = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[sound:") {
        let Some(end) = rest[start..].find(']') else {
            break;
        };
        out.push_str(&rest[..start]);
        sounds.push(rest[start..start + end + 1].to_string());
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    (out.trim().to_string(), sounds)
}

impl Collection {
    /// The note type most notes use (the preview's columns).
    fn main_type(&self) -> Option<&NoteType> {
        let mut counts: HashMap<i64, usize> = HashMap::new();
        for n in &self.notes {
            *counts.entry(n.note_type).or_default() += 1;
        }
        self.note_types
            .iter()
            .max_by_key(|t| (counts.get(&t.id).copied().unwrap_or(0), -t.id))
    }

    fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        if self.collection_file == "collection.anki21b" {
            w.push(
                "This package is in Anki's newer format (collection.anki21b, Anki 2.1.50 and later)."
                    .to_string(),
            );
        }
        if self.media_files > 0 && self.media_names.is_empty() {
            w.push(format!(
                "The package holds {} media file(s); in this format they are not imported ([sound:…] references are kept in the notes).",
                self.media_files
            ));
        } else if self.media_files > 0 {
            w.push(format!(
                "The package holds {} media file(s): a note's first sound becomes its entry's audio (when no field is mapped to the audio URL); images are not imported.",
                self.media_files
            ));
        }
        w
    }

    /// What the admin UI shows before importing.
    pub fn preview(&self) -> Preview {
        let main = self.main_type();
        let headers = main.map(|t| t.fields.clone()).unwrap_or_default();
        let rows = self
            .notes
            .iter()
            .filter(|n| Some(n.note_type) == main.map(|t| t.id))
            .take(PREVIEW_ROWS)
            .map(|n| n.fields.iter().map(|f| plain(f)).collect())
            .collect();
        let note_types = self
            .note_types
            .iter()
            .map(|t| NoteTypeSummary {
                name: t.name.clone(),
                fields: t.fields.clone(),
                notes: self.notes.iter().filter(|n| n.note_type == t.id).count(),
            })
            .filter(|t| t.notes > 0)
            .collect();
        Preview {
            format: Format::Apkg,
            delimiter: None,
            suggested: Mapping::suggest(&headers, true),
            headers,
            rows,
            total_rows: self.notes.len(),
            note_types,
            warnings: self.warnings(),
        }
    }

    /// Every note as a new entry of `language`, calling `progress` every 1,000 notes. Notes whose
    /// mapped fields are all empty are skipped.
    pub fn entries(
        &self,
        mapping: &Mapping,
        language: &str,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<Entry>, RpcError> {
        let mut columns = HashMap::new();
        let mut entries = Vec::with_capacity(self.notes.len());
        let mut next_report = super::PROGRESS_EVERY;
        for (i, note) in self.notes.iter().enumerate() {
            let label = format!("note {} (id {})", i + 1, note.id);
            let cols = match columns.get(&note.note_type) {
                Some(c) => *c,
                None => {
                    let t = self
                        .note_types
                        .iter()
                        .find(|t| t.id == note.note_type)
                        .ok_or_else(|| bad(format!("{label}: its note type is missing")))?;
                    let c = mapping
                        .resolve_lenient(&t.fields, &format!("note type '{}'", t.name))
                        .map_err(|e| bad(format!("{label}: {}", e.message)))?;
                    columns.insert(note.note_type, c);
                    c
                }
            };
            let mut sounds = Vec::new();
            let cells: Vec<String> = note
                .fields
                .iter()
                .map(|f| {
                    let (text, found) = take_sounds(&plain(f));
                    sounds.extend(found);
                    text
                })
                .collect();
            let mut values = RowValues::pick(&cells, &cols);
            // One line for text and reading: a field's <div>s are layout, not content.
            values.text = values.text.split_whitespace().collect::<Vec<_>>().join(" ");
            values.reading = values
                .reading
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if values.is_blank() && sounds.is_empty() {
                continue;
            }
            if !sounds.is_empty() {
                if !values.notes.is_empty() {
                    values.notes.push('\n');
                }
                values.notes.push_str(&sounds.join(" "));
            }
            entries.push(values.into_entry(language, &label)?);
            if i + 1 >= next_report {
                next_report += super::PROGRESS_EVERY;
                progress(i + 1);
            }
        }
        progress(self.notes.len());
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const MIB: u64 = 1024 * 1024;

    /// A package whose one entry, `name`, inflates `payload` zero bytes; its declared
    /// (uncompressed) size is rewritten to `declared` in both zip headers when given.
    fn bomb(path: &Path, name: &str, payload: &[u8], declared: Option<u32>) {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file(name, options).unwrap();
        zip.write_all(payload).unwrap();
        zip.finish().unwrap();
        let Some(declared) = declared else { return };
        let mut bytes = std::fs::read(path).unwrap();
        let mut patched = 0;
        // Local file header: size at 22; central directory header: size at 24.
        for (sig, at) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
            let i = bytes.windows(4).position(|w| w == sig).unwrap();
            bytes[i + at..i + at + 4].copy_from_slice(&declared.to_le_bytes());
            patched += 1;
        }
        assert_eq!(patched, 2);
        std::fs::write(path, bytes).unwrap();
    }

    fn written(dir: &Path) -> u64 {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum()
    }

    #[test]
    fn a_zip_bomb_is_refused_within_the_budget() {
        let work = super::super::work_dir::WorkDir::new().unwrap();
        let (apkg, out) = (work.0.join("bomb.apkg"), work.0.join("out"));
        std::fs::create_dir_all(&out).unwrap();
        let budget = 2 * MIB;
        let stop = Stop::new(tokio_util::sync::CancellationToken::new());
        let payload = vec![0u8; 16 * MIB as usize];
        // The entry lies: it declares 1 KiB and inflates to 16 MiB.
        bomb(&apkg, "collection.anki2", &payload, Some(1024));
        assert!(std::fs::metadata(&apkg).unwrap().len() < 64 * 1024);
        let e = extract_within(&apkg, &out, budget, &stop).unwrap_err();
        assert!(e.message.contains("larger than 2 MiB"), "{}", e.message);
        let peak = written(&out);
        assert!(peak <= budget + 1, "{peak} bytes written");
        // An honest declaration over the budget is refused before anything is written.
        std::fs::remove_dir_all(&out).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        bomb(&apkg, "collection.anki2", &payload, None);
        assert!(extract_within(&apkg, &out, budget, &stop).is_err());
        assert_eq!(written(&out), 0);
        // The newer format's zstd layer is counted too, whatever the zip entry says.
        std::fs::remove_dir_all(&out).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        let zstd = zstd::encode_all(&payload[..], 3).unwrap();
        bomb(&apkg, "collection.anki21b", &zstd, None);
        assert!(extract_within(&apkg, &out, budget, &stop).is_err());
        assert!(written(&out) <= budget + 1);
        // What a real import gets: the shared budget minus the upload.
        bomb(
            &apkg,
            "collection.anki2",
            &vec![0u8; 130 * MIB as usize],
            Some(1024),
        );
        std::fs::remove_dir_all(&out).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        assert!(extract(&apkg, &out, &stop).is_err());
        let upload = std::fs::metadata(&apkg).unwrap().len();
        assert!(upload + written(&out) <= super::super::WORK_BYTES_MAX + 1);
    }

    #[test]
    fn html_becomes_plain_text() {
        assert_eq!(plain("dog<br>hound"), "dog\nhound");
        assert_eq!(plain("<div>a</div><div>b &amp; c</div>"), "a\nb & c");
        assert_eq!(
            plain("<b>x</b>&nbsp;&lt;y&gt; &#54620;&#xAE00;"),
            "x <y> 한글"
        );
        assert_eq!(plain("a & b < c"), "a & b < c");
    }

    #[test]
    fn sounds_are_taken_out() {
        let (t, s) = take_sounds("개 [sound:gae.mp3] [sound:x.ogg]");
        assert_eq!(t, "개");
        assert_eq!(s, ["[sound:gae.mp3]", "[sound:x.ogg]"]);
    }

    #[test]
    fn models_of_schema_11() {
        let t = parse_models(
            r#"{"17":{"name":"Basic","flds":[{"name":"Back","ord":1},{"name":"Front","ord":0}]}}"#,
        )
        .unwrap();
        assert_eq!(t[0].fields, ["Front", "Back"]);
        assert_eq!(t[0].id, 17);
    }
}
