//! Wall-clock time in the units the wire uses, and the header that tells clients the server's
//! time (`X-Server-Time`, ms), from which a device measures its clock's offset (docs/rpc.md).

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// Seconds since the epoch (JWT times).
pub fn now_secs() -> i64 {
    now_ms() / 1000
}

/// The response header carrying the server's wall-clock time (ms since the epoch) when the answer
/// left: a device measures its clock against it and records answers on the server's time line.
pub const SERVER_TIME_HEADER: &str = "x-server-time";

/// Stamps an answer with [`SERVER_TIME_HEADER`].
pub async fn stamp(mut response: axum::response::Response) -> axum::response::Response {
    if let Ok(value) = axum::http::HeaderValue::from_str(&now_ms().to_string()) {
        response.headers_mut().insert(SERVER_TIME_HEADER, value);
    }
    response
}
