//! The audio of imported Anki notes: a note's first `[sound:…]` whose file the package holds (an
//! audio type, at most [`MEDIA_BYTES_MAX`]) is stored in the database by its SHA-256 and becomes
//! the entry's `audioUrl` (`/media/<sha256>.<ext>`, served by [`serve`]) unless a field was
//! mapped to it; the reference leaves the notes. Other references stay in the notes.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use writeit_core::entity::Entry;
use writeit_core::RpcError;
use writeit_store::Media;

use super::anki::Collection;
use crate::app::AppState;

/// The largest audio file taken from a package.
pub const MEDIA_BYTES_MAX: usize = 10 * 1024 * 1024;

/// The most audio one import takes out of its package, all files together, once decompressed:
/// they are held in memory until the transaction stores them. Audio hardly compresses, so a
/// real package's audio is about its size (at most [`super::FILE_BYTES_MAX`], 50 MiB); a
/// package whose files inflate past this is refused, however many of them it has.
pub const MEDIA_TOTAL_BYTES_MAX: usize = 64 * 1024 * 1024;

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

/// Gives each entry without an audio URL the first sound of its notes that `apkg` holds; answers
/// the media files to store with them (each once).
pub fn attach_audio(
    apkg: &Path,
    collection: &Collection,
    entries: &mut [Entry],
) -> Result<Vec<Media>, RpcError> {
    attach_audio_within(apkg, collection, entries, MEDIA_TOTAL_BYTES_MAX)
}

/// [`attach_audio`], reading at most `budget` bytes of audio in all.
fn attach_audio_within(
    apkg: &Path,
    collection: &Collection,
    entries: &mut [Entry],
    mut budget: usize,
) -> Result<Vec<Media>, RpcError> {
    if collection.media_names.is_empty() {
        return Ok(Vec::new());
    }
    let file = std::fs::File::open(apkg).map_err(|e| {
        tracing::error!(error = %e, "reading an uploaded package");
        RpcError::internal()
    })?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| RpcError::bad_request(format!("The file is not a valid .apkg: {e}")))?;
    // By file name: the URL, or None when the file is missing, too large or not audio.
    let mut loaded: HashMap<String, Option<String>> = HashMap::new();
    let mut media: Vec<Media> = Vec::new();
    for entry in entries.iter_mut().filter(|e| e.audio_url.is_none()) {
        let Some((reference, name)) = first_sound(&entry.notes) else {
            continue;
        };
        if !loaded.contains_key(&name) {
            let url = load(&mut zip, collection, &name, &mut budget)?.map(|m| {
                let url = format!(
                    "{MEDIA_PATH}/{}.{}",
                    m.id,
                    extension(&name).unwrap_or_default()
                );
                if !media.iter().any(|x| x.id == m.id) {
                    media.push(m);
                }
                url
            });
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
    Ok(media)
}

/// The first `[sound:NAME]` of `notes`: the reference as written, and NAME.
fn first_sound(notes: &str) -> Option<(String, String)> {
    let start = notes.find("[sound:")?;
    let end = notes[start..].find(']')? + start;
    let name = notes[start + "[sound:".len()..end].trim().to_string();
    Some((notes[start..=end].to_string(), name))
}

/// Reads `name` from the package: `None` when it lacks it, or it is not audio or too large.
/// Fails once the files read so far pass `budget` (what is left of it is updated).
fn load(
    zip: &mut zip::ZipArchive<std::fs::File>,
    collection: &Collection,
    name: &str,
    budget: &mut usize,
) -> Result<Option<Media>, RpcError> {
    let Some(content_type) = extension(name).as_deref().and_then(audio_type) else {
        return Ok(None);
    };
    let Some(number) = collection.media_names.get(name) else {
        return Ok(None);
    };
    let Ok(file) = zip.by_name(number) else {
        return Ok(None);
    };
    if file.size() > MEDIA_BYTES_MAX as u64 {
        return Ok(None);
    }
    // The declared size may lie: count what is actually read, against both limits.
    let cap = MEDIA_BYTES_MAX.min(*budget);
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RpcError::bad_request(format!("media file '{name}' cannot be read: {e}")))?;
    if bytes.len() > cap && cap < MEDIA_BYTES_MAX {
        return Err(RpcError::bad_request(format!(
            "The package's audio files are larger than {} MiB once decompressed",
            MEDIA_TOTAL_BYTES_MAX / (1024 * 1024)
        )));
    }
    *budget -= bytes.len().min(*budget);
    if bytes.len() > MEDIA_BYTES_MAX {
        return Ok(None);
    }
    let digest = ring::digest::digest(&ring::digest::SHA256, &bytes);
    let id: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    Ok(Some(Media {
        id,
        content_type: content_type.to_string(),
        bytes,
    }))
}

/// `GET /media/{sha256}.{ext}`: a stored media file, cached for good (its name is its hash).
pub async fn serve(
    State(state): State<AppState>,
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
        Err(e) => {
            tracing::error!(error = %e, "reading a media file");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
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
    fn audio_read_from_a_package_stops_at_the_budget() {
        use std::io::Write;
        let work = super::super::anki::WorkDir::new().unwrap();
        let apkg = work.0.join("sounds.apkg");
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&apkg).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        let mut collection = Collection::default();
        let mut entries = Vec::new();
        for i in 0..4u8 {
            // 600 KiB each, a few hundred bytes compressed.
            let mut sound = vec![0u8; 600 * 1024];
            sound[0] = i;
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
        let media = attach_audio_within(&apkg, &collection, &mut all, 4 * 1024 * 1024).unwrap();
        assert_eq!(media.len(), 4);
        assert!(all.iter().all(|e| e.audio_url.is_some()));
        let e = attach_audio_within(&apkg, &collection, &mut entries, 1024 * 1024).unwrap_err();
        assert!(
            e.message.contains("audio files are larger"),
            "{}",
            e.message
        );
    }
}
