//! Wall-clock time in the units the wire uses.

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
