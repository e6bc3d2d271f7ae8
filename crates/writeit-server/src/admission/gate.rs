//! What every request passes on its way to the application, in this order: a small body is read
//! whole first (under the body timeouts) while the connection still counts as idle; then the
//! request counts as in flight on its connection (which is then never given up for a newcomer)
//! and takes a place among the requests in flight; over either cap, 503 at once.
//!
//! Reading small bodies first keeps slow senders out of the places in flight: 128 connections
//! trickling 1 byte/s would otherwise hold every place through the body rate's grace, again and
//! again, for almost no bandwidth. While it reads, a request holds only its buffer, and its
//! connection may be given up for a newcomer like any idle one (no handler has run, so nothing
//! is lost). Larger bodies (imports, recordings) take their place at once: their own slots bound
//! them, and the body rate cuts the slow ones.

use std::net::SocketAddr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header;
use axum::response::Response;
use tower::ServiceExt;

use super::connections::ConnectionHandle;
use super::requests::{Holding, Requests, StepAside};
use super::BodyRate;

/// Bodies declared this long or shorter are read whole before the request takes a place in
/// flight: every identity call (16 KiB at most) and the usual tRPC mutation.
pub const READ_FIRST_MAX: u64 = 64 * 1024;

/// The application behind the caps, and the rules small bodies are read under.
#[derive(Clone)]
pub struct Gate {
    pub app: axum::Router,
    pub requests: Requests,
    pub rate: BodyRate,
    /// The body's silence timeout (`--body-timeout`).
    pub silence: Duration,
}

impl Gate {
    /// Answers `request`, which arrived on `connection` from `remote`.
    pub async fn pass(
        self,
        connection: ConnectionHandle,
        remote: SocketAddr,
        request: hyper::Request<hyper::body::Incoming>,
    ) -> Response {
        connection.spoke();
        let mut request = request.map(Body::new);
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > 0 && n <= READ_FIRST_MAX) {
            let (parts, body) = request.into_parts();
            let body = held_to_rules(body, self.rate, self.silence);
            match axum::body::to_bytes(body, READ_FIRST_MAX as usize).await {
                Ok(bytes) => request = axum::extract::Request::from_parts(parts, Body::from(bytes)),
                // Too slow, silent too long, or cut off (then no one reads this).
                Err(_) => return crate::error::body_too_slow(),
            }
        }
        let path = request.uri().path().to_string();
        let busy = || crate::error::busy(&path, super::RETRY_AFTER_SECS);
        let Some(in_flight) = connection.begin() else {
            return busy();
        };
        let Some(place) = self.requests.admit(&path) else {
            return busy();
        };
        // What into_make_service_with_connect_info gave: the peer address, for rate limits.
        request.extensions_mut().insert(ConnectInfo(remote));
        let place = StepAside::holding(place);
        request.extensions_mut().insert(place.clone());
        let Ok(response) = self.app.oneshot(request).await;
        Holding::wrap(response, (in_flight, place))
    }
}

/// `body` under the silence timeout and the minimum rate.
fn held_to_rules(body: Body, rate: BodyRate, silence: Duration) -> Body {
    let timed = Body::new(tower_http::timeout::TimeoutBody::new(silence, body));
    super::body_rate::held_to(timed, rate, Arc::new(AtomicBool::new(false)))
}
