//! Request bodies that are read to their end even when a handler refuses before reading them.
//!
//! A server that answers early (413, 415, 401, 400…) and closes the connection with the upload
//! still arriving makes the kernel send a reset, and a client still sending sees the reset before
//! it ever reads the answer. So every request body is wrapped: dropped unread, it is read and
//! discarded in the background while the answer goes out, within [`DRAIN_MAX`] bytes and
//! [`DRAIN_TIME`]. Past these the connection is dropped. A client that asked to go ahead first
//! (`Expect: 100-continue`) has sent nothing, so its body is not asked for.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header;
use http_body::{Body as HttpBody, Frame, SizeHint};

/// Unread bytes the server accepts to read and discard after answering.
pub const DRAIN_MAX: u64 = 64 * 1024 * 1024;
/// How long it goes on reading them.
pub const DRAIN_TIME: Duration = Duration::from_secs(30);

/// The request with its body wrapped (an `axum::middleware::map_request` function).
pub async fn wrap(request: Request) -> Request {
    let waits = request
        .headers()
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    request.map(|body| {
        if waits {
            body
        } else {
            Body::new(Drained { inner: Some(body) })
        }
    })
}

/// A body that, dropped before its end, reads the rest in the background.
struct Drained {
    inner: Option<Body>,
}

impl HttpBody for Drained {
    type Data = Bytes;
    // The inner error as it was (not wrapped once more), so handlers still tell a body timeout
    // from other failures by downcasting it.
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        match self.get_mut().inner.as_mut() {
            Some(body) => Pin::new(body)
                .poll_frame(cx)
                .map(|frame| frame.map(|r| r.map_err(axum::Error::into_inner))),
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.as_ref().is_none_or(HttpBody::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.inner
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), HttpBody::size_hint)
    }
}

impl Drop for Drained {
    fn drop(&mut self) {
        let Some(body) = self.inner.take() else {
            return;
        };
        if body.is_end_stream() || body.size_hint().lower() > DRAIN_MAX {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(tokio::time::timeout(DRAIN_TIME, discard(body)));
    }
}

async fn discard(body: Body) {
    use futures::StreamExt;
    let mut stream = body.into_data_stream();
    let mut seen = 0u64;
    while let Some(Ok(chunk)) = stream.next().await {
        seen += chunk.len() as u64;
        if seen > DRAIN_MAX {
            break;
        }
    }
}
