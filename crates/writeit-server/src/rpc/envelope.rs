//! Writing tRPC answers: `{"result":{"data":…}}` or the error envelope of `crate::error`, one per
//! call (an array when batched), with the status all calls share or 207; a 503 asks the client to
//! retry after [`RETRY_AFTER_SECS`].

use axum::body::Body;
use axum::http::{header, StatusCode};
use axum::response::Response;
use writeit_core::RpcError;

use crate::error::{envelope, Detail, RETRY_AFTER_SECS};

/// One call's outcome: its output JSON or its error.
pub struct Answer<'a> {
    pub path: &'a str,
    pub result: Result<String, RpcError>,
}

fn json_response(status: u16, body: String) -> Response {
    let mut response = Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CACHE_CONTROL, "no-store");
    if status == 503 {
        response = response.header(header::RETRY_AFTER, RETRY_AFTER_SECS);
    }
    response.body(Body::from(body)).unwrap_or_default()
}

/// Serialises a call's output.
pub fn json<T: serde::Serialize>(value: &T) -> Result<String, RpcError> {
    serde_json::to_string(value).map_err(|e| {
        tracing::error!(error = %e, "cannot serialise an output");
        RpcError::internal()
    })
}

/// HEAD: the endpoint exists.
pub fn no_content() -> Response {
    Response::builder()
        .status(StatusCode::NO_CONTENT)
        .body(Body::empty())
        .unwrap_or_default()
}

/// A failure of the whole request: one error object, never an array.
pub fn whole_failure(e: &RpcError) -> Response {
    json_response(
        e.code.http_status(),
        envelope(e, Detail::Call(None)).to_string(),
    )
}

/// The answers of a request.
pub fn respond(batched: bool, answers: Vec<Answer<'_>>) -> Response {
    let statuses: Vec<u16> = answers
        .iter()
        .map(|a| {
            a.result
                .as_ref()
                .map_or_else(|e| e.code.http_status(), |_| 200)
        })
        .collect();
    let status = match statuses.first() {
        Some(&first) if statuses.iter().all(|&s| s == first) => first,
        Some(_) => 207,
        None => 200,
    };
    let one = |a: &Answer| match &a.result {
        Ok(data) => {
            let mut s = String::with_capacity(data.len() + 22);
            s.push_str("{\"result\":{\"data\":");
            s.push_str(data);
            s.push_str("}}");
            s
        }
        Err(e) => envelope(e, Detail::Call(Some(a.path))).to_string(),
    };
    let body = if batched {
        let parts: Vec<String> = answers.iter().map(one).collect();
        format!("[{}]", parts.join(","))
    } else {
        answers.first().map(one).unwrap_or_default()
    };
    json_response(status, body)
}
