//! The API's one error type, [`ApiError`], and the one place an error becomes tRPC's error
//! envelope `{"error":{"message","code","data":{"code","httpStatus",…}}}` ([`envelope`]), for
//! `/api/trpc` (whose calls `rpc/envelope.rs` wraps around it) and for the import, export and
//! media routes (through [`ApiError`]'s `IntoResponse`).
//!
//! Store and token failures become API errors here, once ([`store_error`], [`token_error`]):
//! what the caller can act on keeps its code, message, field and reason; an internal cause is
//! logged and answered as INTERNAL_SERVER_ERROR, never sent.
//!
//! Admission control's answers are made here too ([`busy`], [`busy_connection_answer`],
//! [`body_too_slow`]): 503 with `Retry-After` for overload, 408 for a body too slow.
//!
//! One rule for what is worth retrying: a database that cannot be reached (pool wait over,
//! connection refused or dropped, shutting down), the caller's account lookup included, answers
//! SERVICE_UNAVAILABLE ([`unavailable`]); a write that failed for lack of disk space answers it
//! too, saying so ([`disk_full`]). Every 503 carries `Retry-After` ([`RETRY_AFTER_SECS`]).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use writeit_core::{ErrorCode, ErrorReason, RpcError};
use writeit_store::StoreError;

use crate::auth::TokenError;

/// Seconds a client is asked to wait after a 503 (the database unavailable).
pub const RETRY_AFTER_SECS: &str = "5";

/// The database cannot be reached now: 503, retry later.
pub fn unavailable() -> RpcError {
    RpcError::new(
        ErrorCode::ServiceUnavailable,
        "The database is unavailable; try again shortly",
    )
}

/// A write failed for lack of disk space: 503 saying so (logged with the free space, and
/// reported by `/healthz`, by [`crate::disk::note_full`]).
pub fn disk_full() -> RpcError {
    crate::disk::note_full();
    RpcError::new(
        ErrorCode::ServiceUnavailable,
        format!(
            "{}: nothing was saved; try again later",
            capitalised(crate::disk::FULL)
        ),
    )
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A failed file operation of the server's own (an upload's temporary file): a full disk as
/// [`disk_full`], anything else logged with `what` and INTERNAL_SERVER_ERROR.
pub fn io_error(e: &std::io::Error, what: &str) -> RpcError {
    if crate::disk::is_full(e) {
        return disk_full();
    }
    tracing::error!(error = %e, "{what}");
    RpcError::internal()
}

/// A refusal or failure of an import, export or media request, answered with its HTTP status and
/// the envelope's [`Detail::Brief`] form. Handlers return it and `?` store and token failures
/// into it.
#[derive(Debug)]
pub struct ApiError {
    pub error: RpcError,
    /// Seconds for a `Retry-After` header (an import refused while others run).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// The same error, asking the client to try again after `secs` seconds.
    pub fn retry_after(self, secs: u64) -> ApiError {
        ApiError {
            retry_after: Some(secs),
            ..self
        }
    }
}

impl From<RpcError> for ApiError {
    fn from(error: RpcError) -> ApiError {
        ApiError {
            error,
            retry_after: None,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        store_error(e).into()
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> ApiError {
        token_error(e).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.error.code.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
        let mut response =
            (status, axum::Json(envelope(&self.error, Detail::Brief))).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        } else if status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_static(RETRY_AFTER_SECS),
            );
        }
        response
    }
}

/// The error of a request refused for overload (SERVICE_UNAVAILABLE).
fn overloaded() -> RpcError {
    RpcError::new(
        ErrorCode::ServiceUnavailable,
        "The server is busy; try again in a moment",
    )
}

/// The answer to a request over the cap of requests in flight: 503 with `Retry-After`, in the
/// identity service's own shape under `/identity/` (its clients read that shape), else tRPC's.
pub fn busy(path: &str, retry_after_secs: u64) -> Response {
    if path.starts_with("/identity/") {
        return crate::identity::IdError::busy(retry_after_secs as i64).into_response();
    }
    ApiError::from(overloaded())
        .retry_after(retry_after_secs)
        .into_response()
}

/// The whole HTTP/1.1 answer written to a connection refused at the connection cap, before any
/// request is read: 503, `Retry-After`, the tRPC envelope, and `Connection: close`.
pub fn busy_connection_answer(retry_after_secs: u64) -> bytes::Bytes {
    let body = envelope(&overloaded(), Detail::Brief).to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: {retry_after_secs}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into()
}

/// The answer to a request whose body fell behind the minimum rate: 408 TIMEOUT, and the
/// connection closed (the rest of the body is not waited for).
pub fn body_too_slow() -> Response {
    let error = RpcError::new(
        ErrorCode::Timeout,
        "The request body arrived too slowly; send it again",
    );
    let mut response = ApiError::from(error).into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// How much of an error the envelope tells beyond its code, status and message.
#[derive(Clone, Copy, Debug)]
pub enum Detail<'a> {
    /// `/api/trpc`: the failed call's path when answering a call, and the field and reason.
    Call(Option<&'a str>),
    /// Import, export and media answers (and an import's last progress line): code, status and
    /// message only, the shape their clients read.
    Brief,
}

/// tRPC's error object for `e`.
pub fn envelope(e: &RpcError, detail: Detail<'_>) -> serde_json::Value {
    let mut data =
        serde_json::json!({ "code": e.code.as_str(), "httpStatus": e.code.http_status() });
    if let Detail::Call(path) = detail {
        if let Some(p) = path {
            data["path"] = p.into();
        }
        if let Some(f) = &e.field {
            data["field"] = f.as_str().into();
        }
        if let Some(r) = e.reason {
            data["reason"] = r.as_str().into();
        }
    }
    serde_json::json!({ "error": { "message": e.message, "code": e.code.json_rpc(), "data": data } })
}

/// A store failure as the caller sees it: a refusal (invalid, forbidden, conflict) with its code,
/// message, field and reason; an unavailable database or a full disk as SERVICE_UNAVAILABLE;
/// anything else is logged and becomes INTERNAL_SERVER_ERROR.
pub fn store_error(e: StoreError) -> RpcError {
    let at = |e: RpcError, field: Option<String>| match field.filter(|f| !f.is_empty()) {
        Some(f) => e.at(f),
        None => e,
    };
    match e {
        StoreError::Invalid {
            field,
            reason,
            message,
        } => at(RpcError::bad_request(message).because(reason), Some(field)),
        StoreError::Forbidden { field, message } => at(RpcError::forbidden(message), Some(field)),
        StoreError::Conflict { field, message } => at(RpcError::conflict(message), field),
        StoreError::TooLarge { field, message } => at(
            RpcError::new(ErrorCode::PayloadTooLarge, message).because(ErrorReason::TooLarge),
            Some(field),
        ),
        other if other.is_disk_full() => {
            tracing::error!(error = %other, "store failure: no space left");
            disk_full()
        }
        other if other.is_unavailable() => {
            tracing::warn!(error = %other, "database unavailable");
            unavailable()
        }
        other => {
            tracing::error!(error = %other, "store failure");
            RpcError::internal()
        }
    }
}

/// A refused ID token: UNAUTHORIZED saying why; SERVICE_UNAVAILABLE when the database holding the
/// account cannot be reached, INTERNAL_SERVER_ERROR when the account could not be read otherwise
/// (the cause is logged where it happened).
pub fn token_error(e: TokenError) -> RpcError {
    match e {
        TokenError::Unavailable => unavailable(),
        TokenError::Unreadable => RpcError::internal(),
        e => RpcError::new(ErrorCode::Unauthorized, e.to_string()),
    }
}
