//! The HTTP endpoints of import and export (docs/import.md):
//! `POST /api/import/preview`, `POST /api/import/entries` (an NDJSON progress stream), and
//! `GET /api/export/deck/{deckId}?format=csv|apkg`, and `POST /api/media/audio` (an entry's
//! recording, `media.rs`). Callers as for `/api/trpc` (Bearer ID
//! token, [`crate::auth::Authenticator`]); only admins and editors of the language may use them. Errors known
//! before the work starts answer an HTTP status with tRPC's error shape ([`ApiError`]); later ones
//! end the stream with an `{"error": …}` line. Either way nothing is written unless everything is.

use std::collections::HashMap;
use std::io::{BufRead, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::error::{envelope, io_error, ApiError, Detail};
use axum::body::{Body, Bytes};
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures::{Stream, StreamExt};
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use writeit_core::{ErrorCode, RpcError};

use crate::auth::Caller;

use super::bounds::Stop;
use super::problems::Refusal;
use super::state::{curator, ImportState};
use super::work_dir::WorkDir;
use super::{Format, Mapping, Options, Target, FILE_BYTES_MAX};

/// The import, export and media routes, in any application whose state holds an [`ImportState`].
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    ImportState: FromRef<S>,
{
    Router::new()
        .route("/api/import/preview", post(preview))
        .route("/api/import/entries", post(import))
        .route("/api/export/deck/{id}", get(export))
        .route("/media/{file}", get(super::media::serve))
        .route("/api/media/audio", post(super::media::upload))
}

/// A place among the [`super::IMPORTS_MAX`] imports and previews that may run at once, held until
/// the work is done; when none is free, TOO_MANY_REQUESTS at once (the body is not read).
fn import_slot(state: &ImportState) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    state.slots.clone().try_acquire_owned().map_err(|_| busy())
}

fn busy() -> ApiError {
    let e = RpcError::new(
        ErrorCode::TooManyRequests,
        format!(
            "The server is busy with {} imports; try again in {} seconds",
            super::IMPORTS_MAX,
            super::BUSY_RETRY_SECS
        ),
    )
    .because(writeit_core::ErrorReason::TooMany);
    ApiError::from(e).retry_after(super::BUSY_RETRY_SECS)
}

/// Refuses a body whose declared length is over the limit, before reading it (crate::drain
/// reads it to its end, so the client gets the 413).
fn check_length(headers: &HeaderMap, body: Body) -> Result<Body, RpcError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    match declared {
        Some(n) if n > FILE_BYTES_MAX => Err(super::too_large()),
        _ => Ok(body),
    }
}

fn content_type(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
}

fn has_header(query: &HashMap<String, String>) -> bool {
    !matches!(query.get("header").map(String::as_str), Some("false" | "0"))
}

type Chunks = std::pin::Pin<Box<dyn Stream<Item = std::io::Result<Bytes>> + Send>>;

/// The body as a stream of chunks that fails past [`FILE_BYTES_MAX`] (`seen` counts the bytes),
/// and its first bytes, which decide the format.
async fn peek_body(body: Body, seen: Arc<AtomicUsize>) -> Result<(Vec<u8>, Chunks), RpcError> {
    let counted = seen.clone();
    let mut stream: Chunks = Box::pin(body.into_data_stream().map(move |chunk| {
        let chunk = chunk.map_err(std::io::Error::other)?;
        let total = counted.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
        if total > FILE_BYTES_MAX {
            return Err(std::io::Error::other("the file is over the size limit"));
        }
        Ok(chunk)
    }));
    let mut head = Vec::new();
    let mut prefix = Vec::new();
    while head.len() < 4 {
        match stream.next().await {
            Some(Ok(chunk)) => {
                head.extend_from_slice(&chunk[..chunk.len().min(4 - head.len())]);
                prefix.push(Ok(chunk));
            }
            Some(Err(e)) => return Err(body_error(&e, &seen)),
            None => break,
        }
    }
    let rest: Chunks = Box::pin(futures::stream::iter(prefix).chain(stream));
    Ok((head, rest))
}

fn body_error(e: &std::io::Error, seen: &AtomicUsize) -> RpcError {
    if seen.load(Ordering::Relaxed) > FILE_BYTES_MAX {
        super::too_large()
    } else {
        RpcError::bad_request(format!("The upload failed: {e}"))
    }
}

/// Writes the whole body to `path` (packages are zips: read from the end, so held whole),
/// calling `progress` with the bytes received about every MiB.
async fn save_body(
    mut chunks: Chunks,
    path: &std::path::Path,
    seen: &AtomicUsize,
    mut progress: impl FnMut(usize),
) -> Result<(), RpcError> {
    let mut file = tokio::fs::File::create(path)
        .await
        .map_err(|e| io_error(&e, "creating a temporary upload file"))?;
    let mut reported = 0usize;
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|e| body_error(&e, seen))?;
        file.write_all(&chunk)
            .await
            .map_err(|e| io_error(&e, "writing a temporary upload file"))?;
        let n = seen.load(Ordering::Relaxed);
        if n - reported >= 1024 * 1024 {
            reported = n;
            progress(n);
        }
    }
    file.flush()
        .await
        .map_err(|e| io_error(&e, "writing a temporary upload file"))?;
    Ok(())
}

fn work_dir() -> Result<WorkDir, RpcError> {
    WorkDir::new().map_err(|e| io_error(&e, "creating a temporary folder"))
}

/// `POST /api/import/preview[?format=csv|tsv|apkg][&header=false]`, the file as the body:
/// answers a [`super::Preview`].
async fn preview(
    State(state): State<ImportState>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Body,
) -> Result<axum::Json<super::Preview>, ApiError> {
    curator(
        &state,
        &headers,
        query.get("languageCode").map(String::as_str),
    )
    .await?;
    let slot = import_slot(&state)?;
    // The work runs in a task of its own that holds the slot: a client that goes away drops this
    // handler, whose guard cancels the work, and the slot is free only once the work has stopped.
    let cancelled = CancellationToken::new();
    let _cancel_when_gone = cancelled.clone().drop_guard();
    let work = tokio::spawn(async move {
        let preview = preview_inner(&query, &headers, body, cancelled).await;
        drop(slot);
        preview
    });
    let preview = work.await.map_err(|_| RpcError::internal())??;
    Ok(axum::Json(preview))
}

async fn preview_inner(
    query: &HashMap<String, String>,
    headers: &HeaderMap,
    body: Body,
    cancelled: CancellationToken,
) -> Result<super::Preview, RpcError> {
    let body = check_length(headers, body)?;
    let seen = Arc::new(AtomicUsize::new(0));
    let (head, chunks) = peek_body(body, seen.clone()).await?;
    let format = Format::detect(
        query.get("format").map(String::as_str),
        content_type(headers),
        &head,
    );
    let dir = work_dir()?;
    let path = dir.0.join("upload");
    save_body(chunks, &path, &seen, |_| {}).await?;
    // The deadline counts from here: the upload's own pace is the body timeout's business.
    let stop = Stop::new(cancelled);
    let header = has_header(query);
    tokio::task::spawn_blocking(move || match format {
        Format::Apkg => Ok(super::anki::read(&path, &dir.0, &stop)?.preview()),
        Format::Csv | Format::Tsv => {
            let bytes = std::fs::read(&path).map_err(|_| RpcError::internal())?;
            super::csv::preview(&bytes, format, header, &stop)
        }
    })
    .await
    .map_err(|_| RpcError::internal())?
}

/// The import's parameters from the query string.
fn options(query: &HashMap<String, String>) -> Result<Options, RpcError> {
    let language = query
        .get("languageCode")
        .cloned()
        .ok_or_else(|| RpcError::bad_request("languageCode: is required"))?;
    let target = match query.get("deck").map(String::as_str) {
        None | Some("new") => Target::New {
            title: query.get("title").cloned().unwrap_or_default(),
            description: query.get("description").cloned().unwrap_or_default(),
        },
        Some(id) => Target::Existing(id.to_string()),
    };
    let mapping = query
        .get("mapping")
        .map(|m| Mapping::parse(m))
        .transpose()?;
    let duplicates = match query.get("duplicates").map(String::as_str) {
        None | Some("create") => writeit_store::Duplicates::Create,
        Some("reuse") => writeit_store::Duplicates::Reuse,
        Some(other) => {
            return Err(RpcError::bad_request(format!(
                "duplicates: must be 'create' or 'reuse', not '{other}'"
            )))
        }
    };
    let options = Options {
        language,
        target,
        mapping,
        has_header: has_header(query),
        duplicates,
    };
    options.check()?;
    Ok(options)
}

/// `POST /api/import/entries?languageCode=ko&deck=new&title=…[&description=…]` or
/// `…&deck=<deckId>`, `[&mapping=<JSON>][&format=…][&header=false]`, the file as the body.
/// Answers `application/x-ndjson`: progress lines, then `{"done":true,…}` or `{"error":…}`.
async fn import(
    State(state): State<ImportState>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let options = options(&query)?;
    let caller = curator(&state, &headers, Some(&options.language)).await?;
    let slot = import_slot(&state)?;
    let body = check_length(&headers, body)?;
    let seen = Arc::new(AtomicUsize::new(0));
    let (head, chunks) = peek_body(body, seen.clone()).await?;
    let format = Format::detect(
        query.get("format").map(String::as_str),
        content_type(&headers),
        &head,
    );
    let (tx, mut rx) = mpsc::channel::<Bytes>(64);
    let options_target = options.target.clone();
    tokio::spawn(async move {
        let lines = Lines(tx.clone());
        // A client that goes away drops the stream's receiver: the work is cancelled, and the
        // slot is released below, once it has stopped.
        let cancelled = CancellationToken::new();
        let watcher = tokio::spawn({
            let cancelled = cancelled.clone();
            async move {
                tx.closed().await;
                cancelled.cancel();
            }
        });
        let outcome = run_import(
            &state, &caller, options, format, chunks, &seen, &lines, &cancelled,
        )
        .await;
        watcher.abort();
        let last = match outcome {
            Ok((saved, warnings, skipped)) => {
                let ms = started.elapsed().as_millis() as u64;
                let done = super::done(&saved, &options_target, skipped, ms, warnings);
                let mut line = serde_json::to_value(&done).unwrap_or_default();
                line["done"] = true.into();
                line
            }
            Err(e) => {
                if cancelled.is_cancelled() {
                    tracing::info!("import stopped: the client went away");
                }
                refusal_line(e)
            }
        };
        lines.send(last).await;
        drop(slot);
    });
    let stream =
        futures::stream::poll_fn(move |cx| rx.poll_recv(cx)).map(Ok::<_, std::convert::Infallible>);
    let mut response = Response::new(Body::from_stream(stream));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    // Progress must reach the client as it happens: no buffering proxies, and no compression
    // (the compression layer leaves a response that names its encoding alone).
    response.headers_mut().insert(
        header::CONTENT_ENCODING,
        HeaderValue::from_static("identity"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// The last line of an import that saved nothing: tRPC's error object; for refused rows its
/// message lists them and `data.rows` has each ([`writeit_core::import::ImportRowProblem`]), with
/// `data.moreRows` past the cap.
fn refusal_line(refusal: Refusal) -> serde_json::Value {
    match refusal {
        Refusal::Error(e) => envelope(&e, Detail::Brief),
        Refusal::Rows(rows) => {
            let mut line = envelope(&RpcError::bad_request(rows.describe()), Detail::Brief);
            line["error"]["data"]["rows"] = json!(rows.rows);
            line["error"]["data"]["moreRows"] = json!(rows.more);
            line
        }
    }
}

/// The progress stream's sender: one JSON value per line. A client that went away is ignored
/// here; the import then fails reading its body and writes nothing.
#[derive(Clone)]
struct Lines(mpsc::Sender<Bytes>);

impl Lines {
    fn line(value: serde_json::Value) -> Bytes {
        let mut text = value.to_string();
        text.push('\n');
        Bytes::from(text)
    }
    async fn send(&self, value: serde_json::Value) {
        let _ = self.0.send(Self::line(value)).await;
    }
    /// From a blocking thread (the CSV reader).
    fn send_blocking(&self, value: serde_json::Value) {
        let _ = self.0.blocking_send(Self::line(value));
    }
    /// Without waiting: progress lines may be dropped when the client reads slowly.
    fn try_send(&self, value: serde_json::Value) {
        let _ = self.0.try_send(Self::line(value));
    }
}

/// Reads, checks and saves one import; answers what was saved, the package's sound files left
/// out and the blank rows skipped. Stops at an error that ends the reading, or once the file is
/// read with every refused row named, or when `cancelled` (the client went away) or the
/// deadline fires ([`Stop`]): then nothing is saved.
#[allow(clippy::too_many_arguments)]
async fn run_import(
    state: &ImportState,
    caller: &Caller,
    options: Options,
    format: Format,
    chunks: Chunks,
    seen: &Arc<AtomicUsize>,
    lines: &Lines,
    cancelled: &CancellationToken,
) -> Result<(writeit_store::ImportSaved, Vec<String>, usize), Refusal> {
    let (entries, media, warnings, skipped) = match format {
        Format::Csv | Format::Tsv => {
            let reader =
                tokio_util::io::SyncIoBridge::new(tokio_util::io::StreamReader::new(chunks));
            let (options, lines, seen) = (options.clone(), lines.clone(), seen.clone());
            // Records are parsed as the body arrives: no deadline (a slow upload is the body
            // timeout's business), but a client that goes away stops it.
            let stop = Stop::cancel_only(cancelled.clone());
            tokio::task::spawn_blocking(move || {
                read_csv(
                    reader,
                    format,
                    &options,
                    &mut |rows| {
                        lines.send_blocking(json!({"phase": "parse", "rows": rows,
                            "bytes": seen.load(Ordering::Relaxed)}));
                    },
                    &stop,
                )
                .map(|rows| (rows.entries, Vec::new(), Vec::new(), rows.skipped))
                .map_err(|e| match seen.load(Ordering::Relaxed) > FILE_BYTES_MAX {
                    true => super::too_large().into(),
                    false => e,
                })
            })
            .await
            .map_err(|_| RpcError::internal())??
        }
        Format::Apkg => {
            let dir = work_dir()?;
            let path = dir.0.join("upload.apkg");
            save_body(chunks, &path, seen, |bytes| {
                lines.try_send(json!({"phase": "upload", "bytes": bytes}));
            })
            .await?;
            // The deadline counts from here, once the package has arrived.
            let stop = Stop::new(cancelled.clone());
            let (mapping, language) = (options.mapping.clone(), options.language.clone());
            let lines = lines.clone();
            tokio::task::spawn_blocking(move || {
                let collection = super::anki::read(&path, &dir.0, &stop)?;
                let mapping = mapping.unwrap_or_else(|| collection.preview().suggested);
                let mut entries = collection.entries(&mapping, &language, &mut |rows| {
                    lines.send_blocking(json!({"phase": "parse", "rows": rows}));
                })?;
                stop.check()?;
                let skipped = collection.notes.len() - entries.len();
                let attached = super::media::attach_audio(&path, &collection, &mut entries, &stop)?;
                Ok::<_, RpcError>((entries, attached.media, attached.skipped, skipped))
            })
            .await
            .map_err(|_| RpcError::internal())??
        }
    };
    // Nobody would learn the outcome: save nothing.
    Stop::cancel_only(cancelled.clone()).check()?;
    let n = entries.len();
    lines.send(json!({"phase": "save", "rows": n})).await;
    let may_write = |language: &str| caller.may_curate(language);
    let uploader = state.uploader(caller);
    let saved = super::save(
        &*state.store,
        &options,
        entries,
        media,
        uploader,
        &may_write,
    )
    .await?;
    Ok((saved, warnings, skipped))
}

/// Reads a CSV/TSV stream: the delimiter from its first line, then every record.
pub(crate) fn read_csv(
    input: impl Read,
    format: Format,
    options: &Options,
    progress: &mut dyn FnMut(usize),
    stop: &Stop,
) -> Result<super::csv::Rows, Refusal> {
    let mut input = std::io::BufReader::with_capacity(256 * 1024, input);
    let mut first = Vec::new();
    (&mut input)
        .take(64 * 1024)
        .read_until(b'\n', &mut first)
        .map_err(|e| RpcError::bad_request(format!("The upload failed: {e}")))?;
    let delimiter = super::csv::delimiter(format, &first);
    let suggested;
    let mapping = match &options.mapping {
        Some(m) => m,
        None => {
            // No mapping: the one the preview would suggest from the header row.
            suggested = super::csv::preview(&first, format, options.has_header, stop)?.suggested;
            &suggested
        }
    };
    super::csv::read_entries(
        std::io::Cursor::new(first).chain(input),
        delimiter,
        options.has_header,
        mapping,
        &options.language,
        progress,
        stop,
    )
}

/// `GET /api/export/deck/{deckId}?format=csv|apkg`: the deck's entries as a file download.
async fn export(
    State(state): State<ImportState>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let format = match query.get("format").map(String::as_str) {
        None | Some("csv") => Format::Csv,
        Some("apkg") => Format::Apkg,
        Some(other) => {
            return Err(
                RpcError::bad_request(format!("format: '{other}' is not csv or apkg")).into(),
            )
        }
    };
    // Who may export is known only once the deck's language is: sign-in first, then the deck.
    curator(&state, &headers, None).await?;
    let deck = state
        .store
        .deck(&id)
        .await?
        .filter(|d| !d.deleted)
        .ok_or_else(|| RpcError::new(ErrorCode::NotFound, format!("deck: no deck '{id}'")))?;
    curator(&state, &headers, Some(&deck.language_code)).await?;
    let (bytes, mime) = super::export::deck_file(&*state.store, &deck, format)
        .await
        .map_err(|e| match e.downcast::<writeit_store::StoreError>() {
            Ok(e) => crate::error::store_error(e),
            Err(e) => match e.downcast::<std::io::Error>() {
                Ok(e) => io_error(&e, "exporting a deck"),
                Err(e) => {
                    tracing::error!(error = %e, "exporting a deck");
                    RpcError::internal()
                }
            },
        })?;
    let name = super::export::file_name(&deck.title, format);
    let disposition = super::export::content_disposition(&name);
    Ok((
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
