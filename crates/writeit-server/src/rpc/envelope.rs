//! Writing tRPC answers: `{"result":{"data":…}}` or `{"error":{message, code, data}}`, one per
//! call (an array when batched), with the status all calls share or 207.

use axum::body::Body;
use axum::http::{header, StatusCode};
use axum::response::Response;
use writeit_core::RpcError;

/// One call's outcome: its output JSON or its error.
pub struct Answer<'a> {
    pub path: &'a str,
    pub result: Result<String, RpcError>,
}

fn error_json(e: &RpcError, path: Option<&str>) -> String {
    let mut data =
        serde_json::json!({ "code": e.code.as_str(), "httpStatus": e.code.http_status() });
    if let Some(p) = path {
        data["path"] = p.into();
    }
    if let Some(f) = &e.field {
        data["field"] = f.as_str().into();
    }
    if let Some(r) = e.reason {
        data["reason"] = r.as_str().into();
    }
    serde_json::json!({ "error": { "message": e.message, "code": e.code.json_rpc(), "data": data } }).to_string()
}

/// Seconds a client is asked to wait after a 503 (the database unavailable).
pub const RETRY_AFTER_SECS: &str = "5";

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

/// HEAD: the endpoint exists.
pub fn no_content() -> Response {
    Response::builder()
        .status(StatusCode::NO_CONTENT)
        .body(Body::empty())
        .unwrap_or_default()
}

/// A failure of the whole request: one error object, never an array.
pub fn whole_failure(e: &RpcError) -> Response {
    json_response(e.code.http_status(), error_json(e, None))
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
        Err(e) => error_json(e, Some(a.path)),
    };
    let body = if batched {
        let parts: Vec<String> = answers.iter().map(one).collect();
        format!("[{}]", parts.join(","))
    } else {
        answers.first().map(one).unwrap_or_default()
    };
    json_response(status, body)
}
