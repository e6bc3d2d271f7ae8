//! The audio of imported Anki notes: a note's first `[sound:…]` whose file the package holds (audio
//! by its first bytes, at most [`MEDIA_BYTES_MAX`]) is stored in the database by its SHA-256 and becomes
//! the entry's `audioUrl` (`/media/<sha256>.<ext>`, served by [`serve`]) unless a field was
//! mapped to it; the reference leaves the notes. Other references stay in the notes.
//!
//! An admin or an editor of the language also attaches a recording to an entry by hand:
//! `POST /api/media/audio` ([`upload`]) checks the file's first bytes (audio, not just named so),
//! stores it the same way and answers the URL to put in the entry's `audioUrl`.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use axum::body::Body;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use writeit_core::entity::Entry;
use writeit_core::{ErrorCode, ErrorReason, RpcError};
use writeit_store::Media;

use super::anki::Collection;
use super::bounds::{Checked, Stop};
use super::state::{curator_to, ImportState};
use crate::error::ApiError;

/// The largest audio file taken from a package.
pub const MEDIA_BYTES_MAX: usize = 10 * 1024 * 1024;

/// The most audio one import takes out of its package, all files together, once decompressed:
/// they are held in memory until the transaction stores them. Audio hardly compresses, so a
/// real package's audio is about its size (at most [`super::FILE_BYTES_MAX`], 50 MiB); a
/// package whose files inflate past this is refused, however many of them it has.
pub const MEDIA_TOTAL_BYTES_MAX: usize = 64 * 1024 * 1024;

/// The largest recording an editor may attach to an entry (as an imported one).
pub const UPLOAD_BYTES_MAX: usize = MEDIA_BYTES_MAX;

/// Where media files are served.
pub const MEDIA_PATH: &str = "/media";

/// The content type of an audio file by its extension (lower case); `None`: not audio we serve.
pub fn audio_type(extension: &str) -> Option<&'static str> {
    Some(match extension {
        "mp3" => "audio/mpeg",
        "ogg" | "oga" | "opus" => "audio/ogg",
        "wav" => "audio/wav",
        "m4a" | "mp4" | "aac" => "audio/mp4",
        "webm" => "audio/webm",
        "flac" => "audio/flac",
        _ => return None,
    })
}

/// What an audio file is by its first bytes: its extension and content type; `None` when they
/// are not those of a format a browser plays (MP3, Ogg, WAV, MP4/M4A, WebM, FLAC).
pub fn sniff_audio(head: &[u8]) -> Option<(&'static str, &'static str)> {
    let at = |i: usize, magic: &[u8]| head.get(i..i + magic.len()) == Some(magic);
    if at(0, b"ID3") {
        return Some(("mp3", "audio/mpeg"));
    }
    if at(0, b"OggS") {
        return Some(("ogg", "audio/ogg"));
    }
    if at(0, b"RIFF") && at(8, b"WAVE") {
        return Some(("wav", "audio/wav"));
    }
    if at(0, b"fLaC") {
        return Some(("flac", "audio/flac"));
    }
    if at(4, b"ftyp") {
        return Some(("m4a", "audio/mp4"));
    }
    if at(0, &[0x1a, 0x45, 0xdf, 0xa3]) {
        return Some(("webm", "audio/webm"));
    }
    // An MPEG audio frame without a tag: 11 sync bits, a version other than the reserved one,
    // layer III (MP3; layers I and II are not what anyone records today), a bitrate index
    // other than "bad" (15) and a sample rate other than reserved (3).
    if let [0xff, b1, b2, ..] = *head {
        let sync = b1 & 0xe0 == 0xe0;
        let version = (b1 >> 3) & 3;
        let layer = (b1 >> 1) & 3;
        if sync && version != 1 && layer == 1 && b2 >> 4 != 15 && (b2 >> 2) & 3 != 3 {
            return Some(("mp3", "audio/mpeg"));
        }
    }
    None
}

fn extension(name: &str) -> Option<String> {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// The file name (`<sha256>.<ext>`) of an audio URL WriteIt serves (`/media/…`), else `None`.
pub fn stored_file(url: &str) -> Option<&str> {
    let file = url.strip_prefix(MEDIA_PATH)?.strip_prefix('/')?;
    let id = file.split('.').next()?;
    (id.len() == 64 && id.bytes().all(|b| b.is_ascii_hexdigit())).then_some(file)
}

/// What [`attach_audio`] found: the media files to store with the entries (each once), and a line
/// for the import's report for each sound file left out (not audio by its content, too large).
#[derive(Debug, Default)]
pub struct Attached {
    pub media: Vec<Media>,
    pub skipped: Vec<String>,
}

/// Gives each entry without an audio URL the first sound of its notes that `apkg` holds, when it
/// is audio by its first bytes ([`sniff_audio`], as a direct upload): a file named `x.mp3` that
/// holds HTML is left out and reported. Stops when `stop` fires. Blocking.
pub fn attach_audio(
    apkg: &Path,
    collection: &Collection,
    entries: &mut [Entry],
    stop: &Stop,
) -> Result<Attached, RpcError> {
    attach_audio_within(apkg, collection, entries, MEDIA_TOTAL_BYTES_MAX, stop)
}

/// [`attach_audio`], reading at most `budget` bytes of audio in all.
fn attach_audio_within(
    apkg: &Path,
    collection: &Collection,
    entries: &mut [Entry],
    mut budget: usize,
    stop: &Stop,
) -> Result<Attached, RpcError> {
    let mut attached = Attached::default();
    if collection.media_names.is_empty() {
        return Ok(attached);
    }
    let file = std::fs::File::open(apkg).map_err(|e| {
        tracing::error!(error = %e, "reading an uploaded package");
        RpcError::internal()
    })?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| RpcError::bad_request(format!("The file is not a valid .apkg: {e}")))?;
    // By file name: the URL, or None when the file is missing, too large or not audio.
    let mut loaded: HashMap<String, Option<String>> = HashMap::new();
    for entry in entries.iter_mut().filter(|e| e.audio_url.is_none()) {
        let Some((reference, name)) = first_sound(&entry.notes) else {
            continue;
        };
        if !loaded.contains_key(&name) {
            stop.check()?;
            let url = match load(&mut zip, collection, &name, &mut budget, stop)? {
                Loaded::Audio(m, extension) => {
                    let url = format!("{MEDIA_PATH}/{}.{extension}", m.id);
                    if !attached.media.iter().any(|x| x.id == m.id) {
                        attached.media.push(m);
                    }
                    Some(url)
                }
                Loaded::Skipped(why) => {
                    attached.skipped.push(format!("{name}: {why}"));
                    None
                }
                Loaded::Absent => None,
            };
            loaded.insert(name.clone(), url);
        }
        if let Some(Some(url)) = loaded.get(&name) {
            entry.audio_url = Some(url.clone());
            entry.notes = entry
                .notes
                .replacen(&reference, "", 1)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
        }
    }
    Ok(attached)
}

/// A media file's id: the SHA-256 of its bytes, in lower-case hex.
fn media_id(bytes: &[u8]) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, bytes);
    digest.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// The first `[sound:NAME]` of `notes`: the reference as written, and NAME.
fn first_sound(notes: &str) -> Option<(String, String)> {
    let start = notes.find("[sound:")?;
    let end = notes[start..].find(']')? + start;
    let name = notes[start + "[sound:".len()..end].trim().to_string();
    Some((notes[start..=end].to_string(), name))
}

/// A package's sound file as [`load`] found it.
enum Loaded {
    /// Audio by its content, with the extension its content says.
    Audio(Media, &'static str),
    /// Left out, and why (for the import's report).
    Skipped(String),
    /// The package lacks it, or it is not named as a sound (an image): left as a reference.
    Absent,
}

/// Reads `name` from the package when it is named as audio. Fails once the files read so far
/// pass `budget` (what is left of it is updated).
fn load(
    zip: &mut zip::ZipArchive<std::fs::File>,
    collection: &Collection,
    name: &str,
    budget: &mut usize,
    stop: &Stop,
) -> Result<Loaded, RpcError> {
    if extension(name).as_deref().and_then(audio_type).is_none() {
        return Ok(Loaded::Absent);
    }
    let Some(number) = collection.media_names.get(name) else {
        return Ok(Loaded::Absent);
    };
    let Ok(file) = zip.by_name(number) else {
        return Ok(Loaded::Absent);
    };
    let too_large = || {
        Loaded::Skipped(format!(
            "larger than {} MiB",
            MEDIA_BYTES_MAX / (1024 * 1024)
        ))
    };
    if file.size() > MEDIA_BYTES_MAX as u64 {
        return Ok(too_large());
    }
    // The declared size may lie: count what is actually read, against both limits.
    let cap = MEDIA_BYTES_MAX.min(*budget);
    let mut bytes = Vec::new();
    Checked { inner: file, stop }
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            stop.reason(RpcError::bad_request(format!(
                "media file '{name}' cannot be read: {e}"
            )))
        })?;
    if bytes.len() > cap && cap < MEDIA_BYTES_MAX {
        return Err(RpcError::bad_request(format!(
            "The package's audio files are larger than {} MiB once decompressed",
            MEDIA_TOTAL_BYTES_MAX / (1024 * 1024)
        )));
    }
    *budget -= bytes.len().min(*budget);
    if bytes.len() > MEDIA_BYTES_MAX {
        return Ok(too_large());
    }
    // By content, as a direct upload: the name is the package's word.
    let Some((extension, content_type)) = sniff_audio(&bytes) else {
        return Ok(Loaded::Skipped(
            "not an audio file by its content (MP3, Ogg, WAV, M4A, WebM or FLAC); left out"
                .to_string(),
        ));
    };
    Ok(Loaded::Audio(
        Media {
            id: media_id(&bytes),
            content_type: content_type.to_string(),
            bytes,
        },
        extension,
    ))
}

/// `GET /media/{sha256}.{ext}`: a stored media file, cached for good (its name is its hash).
pub async fn serve(
    State(state): State<ImportState>,
    UrlPath(file): UrlPath<String>,
    headers: HeaderMap,
) -> Response {
    let id = file.split('.').next().unwrap_or_default();
    if id.len() != 64
        || !id
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    {
        return StatusCode::NOT_FOUND.into_response();
    }
    let etag = format!("\"{id}\"");
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag)
    {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    match state.store.media(id).await {
        Ok(Some(m)) => {
            let mut response = m.bytes.into_response();
            let h = response.headers_mut();
            if let Ok(v) = HeaderValue::from_str(&m.content_type) {
                h.insert(header::CONTENT_TYPE, v);
            }
            h.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            );
            if let Ok(v) = HeaderValue::from_str(&etag) {
                h.insert(header::ETAG, v);
            }
            response
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        // The one mapping: an unreachable database is a 503 with Retry-After here too.
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// The refusals of [`upload`]: each names the field, `file`.
fn upload_error(code: ErrorCode, reason: ErrorReason, message: &str) -> ApiError {
    RpcError::new(code, format!("file: {message}"))
        .because(reason)
        .into()
}

fn upload_too_large() -> ApiError {
    upload_error(
        ErrorCode::PayloadTooLarge,
        ErrorReason::TooLarge,
        &format!(
            "the recording is larger than {} MiB",
            UPLOAD_BYTES_MAX / (1024 * 1024)
        ),
    )
}

/// `POST /api/media/audio?entryId=<id>[&languageCode=<code>]`, the audio file as the body:
/// stores it under its SHA-256 and answers `{"url", "contentType", "bytes"}`, the URL to put in
/// the entry's `audioUrl`. Only an admin or an editor of the entry's language may call (the
/// language of the stored entry; `languageCode` for an entry not saved yet). The file must be at
/// most [`UPLOAD_BYTES_MAX`] and audio by its first bytes ([`sniff_audio`]), whatever its name.
pub async fn upload(
    State(state): State<ImportState>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Body,
) -> Result<axum::Json<serde_json::Value>, ApiError> {
    const ACTION: &str = "attach recordings";
    // Signed in first, so a guest learns that before anything about entries.
    curator_to(&state, &headers, None, ACTION).await?;
    let language = entry_language(&state, &query).await?;
    let caller = curator_to(&state, &headers, Some(&language), ACTION).await?;
    let bytes = read_upload(&headers, body).await?;
    if bytes.is_empty() {
        return Err(upload_error(
            ErrorCode::BadRequest,
            ErrorReason::Required,
            "is empty; choose a recording",
        ));
    }
    let Some((extension, content_type)) = sniff_audio(&bytes) else {
        return Err(upload_error(
            ErrorCode::UnsupportedMediaType,
            ErrorReason::InvalidFormat,
            "is not an audio file (MP3, Ogg, WAV, M4A, WebM or FLAC)",
        ));
    };
    let size = bytes.len();
    let media = Media {
        id: media_id(&bytes),
        content_type: content_type.to_string(),
        bytes,
    };
    state
        .store
        .save_media(&media, &state.uploader(&caller))
        .await?;
    Ok(axum::Json(serde_json::json!({
        "url": format!("{MEDIA_PATH}/{}.{extension}", media.id),
        "contentType": content_type,
        "bytes": size,
    })))
}

/// The language whose editors may attach the recording: the stored entry's, else (an entry not
/// saved yet) `languageCode`.
async fn entry_language(
    state: &ImportState,
    query: &HashMap<String, String>,
) -> Result<String, ApiError> {
    let given = query.get("languageCode").filter(|l| !l.is_empty());
    let language = match query.get("entryId").filter(|id| !id.is_empty()) {
        Some(id) => match state.store.entry_language(id).await? {
            Some(language) => language,
            None => given.cloned().ok_or_else(|| {
                RpcError::new(ErrorCode::NotFound, format!("entryId: no entry '{id}'"))
                    .because(ErrorReason::NotFound)
            })?,
        },
        None => given.cloned().ok_or_else(|| {
            RpcError::bad_request("entryId: is required").because(ErrorReason::Required)
        })?,
    };
    Ok(language)
}

/// The uploaded file, refused past [`UPLOAD_BYTES_MAX`] whether declared or counted.
async fn read_upload(headers: &HeaderMap, body: Body) -> Result<Vec<u8>, ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > UPLOAD_BYTES_MAX) {
        return Err(upload_too_large());
    }
    // The declared length may be absent or wrong: count what arrives.
    let mut bytes = Vec::with_capacity(declared.unwrap_or(0));
    let mut stream = body.into_data_stream();
    while let Some(chunk) = stream.next().await {
        let chunk =
            chunk.map_err(|e| RpcError::bad_request(format!("file: the upload failed: {e}")))?;
        if bytes.len() + chunk.len() > UPLOAD_BYTES_MAX {
            return Err(upload_too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sound_and_audio_types() {
        assert_eq!(
            first_sound("x [sound:gae.mp3] [sound:b.ogg]"),
            Some(("[sound:gae.mp3]".into(), "gae.mp3".into()))
        );
        assert_eq!(first_sound("no sound"), None);
        assert_eq!(first_sound("[sound:broken"), None);
        assert_eq!(audio_type("mp3"), Some("audio/mpeg"));
        assert_eq!(audio_type("jpg"), None);
    }

    #[test]
    fn audio_is_known_by_its_first_bytes() {
        let cases: &[(&[u8], Option<&str>)] = &[
            (b"ID3\x04\x00\x00\x00\x00\x00\x00", Some("mp3")),
            (&[0xff, 0xfb, 0x90, 0x64], Some("mp3")),
            (&[0xff, 0xf3, 0x48, 0xc4], Some("mp3")),
            (b"OggS\x00\x02", Some("ogg")),
            (b"RIFF\x24\x08\x00\x00WAVEfmt ", Some("wav")),
            (b"\x00\x00\x00\x20ftypM4A \x00\x00", Some("m4a")),
            (b"\x00\x00\x00\x18ftypmp42", Some("m4a")),
            (&[0x1a, 0x45, 0xdf, 0xa3, 0x9f], Some("webm")),
            (b"fLaC\x00\x00\x00\x22", Some("flac")),
            // Not audio: text, a PNG, a JPEG, a RIFF that is not WAVE (AVI), ADTS AAC's
            // layer 0, a reserved MPEG version, a frame with a bad bitrate, too few bytes.
            (b"hello, world", None),
            (b"\x89PNG\r\n\x1a\n", None),
            (&[0xff, 0xd8, 0xff, 0xe0], None),
            (b"RIFF\x24\x08\x00\x00AVI LIST", None),
            (&[0xff, 0xf1, 0x50, 0x80], None),
            (&[0xff, 0xeb, 0x90, 0x64], None),
            (&[0xff, 0xfb, 0xf0, 0x64], None),
            (b"ID", None),
            (b"", None),
        ];
        for (head, want) in cases {
            assert_eq!(sniff_audio(head).map(|(e, _)| e), *want, "{head:?}");
        }
    }

    #[test]
    fn audio_read_from_a_package_stops_at_the_budget() {
        use std::io::Write;
        let work = super::super::work_dir::WorkDir::new().unwrap();
        let apkg = work.0.join("sounds.apkg");
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&apkg).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        let mut collection = Collection::default();
        let mut entries = Vec::new();
        for i in 0..4u8 {
            // 600 KiB each, a few hundred bytes compressed.
            let mut sound = vec![0u8; 600 * 1024];
            sound[..4].copy_from_slice(b"OggS");
            sound[4] = i;
            zip.start_file(i.to_string(), options).unwrap();
            zip.write_all(&sound).unwrap();
            collection
                .media_names
                .insert(format!("s{i}.mp3"), i.to_string());
            entries.push(Entry {
                id: uuid::Uuid::now_v7().to_string(),
                language_code: "ko".into(),
                text: format!("말{i}"),
                reading: String::new(),
                meanings: Vec::new(),
                notes: format!("[sound:s{i}.mp3]"),
                examples: Vec::new(),
                audio_url: None,
                updated_at: 0,
                deleted: false,
            });
        }
        zip.finish().unwrap();
        let mut all = entries.clone();
        let stop = Stop::new(tokio_util::sync::CancellationToken::new());
        let attached =
            attach_audio_within(&apkg, &collection, &mut all, 4 * 1024 * 1024, &stop).unwrap();
        assert_eq!(attached.media.len(), 4);
        assert!(all.iter().all(|e| e.audio_url.is_some()));
        let e =
            attach_audio_within(&apkg, &collection, &mut entries, 1024 * 1024, &stop).unwrap_err();
        assert!(
            e.message.contains("audio files are larger"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_package_file_named_as_audio_is_stored_only_when_it_is_audio() {
        use std::io::Write;
        let work = super::super::work_dir::WorkDir::new().unwrap();
        let apkg = work.0.join("named.apkg");
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&apkg).unwrap());
        let options = zip::write::SimpleFileOptions::default();
        let files: [(&str, &[u8]); 3] = [
            ("page.mp3", b"<html><script>alert(1)</script></html>"),
            ("real.mp3", b"ID3\x04\x00\x00\x00\x00\x00\x00rest"),
            ("ogg.mp3", b"OggS\x00\x02rest"),
        ];
        let mut collection = Collection::default();
        let mut entries = Vec::new();
        for (i, (name, bytes)) in files.iter().enumerate() {
            zip.start_file(i.to_string(), options).unwrap();
            zip.write_all(bytes).unwrap();
            collection
                .media_names
                .insert(name.to_string(), i.to_string());
            entries.push(Entry {
                id: uuid::Uuid::now_v7().to_string(),
                language_code: "ko".into(),
                text: format!("말{i}"),
                reading: String::new(),
                meanings: Vec::new(),
                notes: format!("[sound:{name}]"),
                examples: Vec::new(),
                audio_url: None,
                updated_at: 0,
                deleted: false,
            });
        }
        zip.finish().unwrap();
        let stop = Stop::new(tokio_util::sync::CancellationToken::new());
        let attached = attach_audio(&apkg, &collection, &mut entries, &stop).unwrap();
        // The HTML stays a reference in the notes, reported; the others are stored as what
        // their bytes say, whatever their names.
        assert_eq!(entries[0].audio_url, None);
        assert_eq!(entries[0].notes, "[sound:page.mp3]");
        assert_eq!(attached.skipped.len(), 1);
        assert!(attached.skipped[0].starts_with("page.mp3: not an audio file"));
        let types: Vec<&str> = attached
            .media
            .iter()
            .map(|m| m.content_type.as_str())
            .collect();
        assert_eq!(types, ["audio/mpeg", "audio/ogg"]);
        assert!(entries[2].audio_url.as_deref().unwrap().ends_with(".ogg"));
    }
}
