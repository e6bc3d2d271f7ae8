//! A request body's minimum average rate: once past a grace, a body must have brought at least
//! `bytes_per_sec` for every second since it was first read, or the request ends with 408
//! TIMEOUT. The silence timeout (`--body-timeout`) alone lets a body trickled at 1 byte/s hold
//! its request, and a place among those in flight, for as long as it likes; averaged, a slow
//! but moving upload still gets through (Kestrel's MinRequestBodyDataRate works the same way).
//!
//! Hand-written: tower-http's timeouts count silence or a whole request, not a rate.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Body as HttpBody, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

/// The rule: `bytes_per_sec` on average after `grace` (0 bytes: no rule).
#[derive(Clone, Copy, Debug)]
pub struct BodyRate {
    pub bytes_per_sec: u64,
    pub grace: Duration,
}

/// The error a body too slow ends with (its request is then answered 408).
#[derive(Debug, thiserror::Error)]
#[error("the request body arrived more slowly than the minimum rate")]
pub struct TooSlow;

/// Middleware (`axum::middleware::from_fn_with_state`): the body is held to `rate`, and a
/// request whose body fell behind is answered 408 whatever its handler made of the error.
pub async fn enforce_body_rate(
    State(rate): State<BodyRate>,
    request: Request,
    next: Next,
) -> Response {
    if rate.bytes_per_sec == 0 || request.body().is_end_stream() {
        return next.run(request).await;
    }
    let fell_behind = Arc::new(AtomicBool::new(false));
    let request = request.map(|inner| held_to(inner, rate, fell_behind.clone()));
    let response = next.run(request).await;
    if fell_behind.load(Ordering::Acquire) {
        return crate::error::body_too_slow();
    }
    response
}

/// `inner` held to `rate`: it fails with [`TooSlow`], and sets `fell_behind`, once it falls
/// behind.
pub(super) fn held_to(inner: Body, rate: BodyRate, fell_behind: Arc<AtomicBool>) -> Body {
    if rate.bytes_per_sec == 0 {
        return inner;
    }
    Body::new(MinRate {
        inner,
        rate,
        started: None,
        bytes: 0,
        deadline: None,
        fell_behind,
    })
}

/// A body that fails with [`TooSlow`] once it falls behind its rate.
struct MinRate {
    inner: Body,
    rate: BodyRate,
    /// When the body was first read (a handler may look at other things first).
    started: Option<Instant>,
    bytes: u64,
    /// When the body falls behind unless more arrives, armed while it waits.
    deadline: Option<Pin<Box<Sleep>>>,
    fell_behind: Arc<AtomicBool>,
}

impl MinRate {
    /// The instant the body falls behind with what it has brought so far.
    fn due(&self, started: Instant) -> Instant {
        let earned = Duration::from_secs_f64(self.bytes as f64 / self.rate.bytes_per_sec as f64);
        started + self.rate.grace.max(earned)
    }

    fn fail(&mut self) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        self.fell_behind.store(true, Ordering::Release);
        self.deadline = None;
        Poll::Ready(Some(Err(TooSlow.into())))
    }
}

impl HttpBody for MinRate {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        let this = self.get_mut();
        if this.fell_behind.load(Ordering::Acquire) {
            return Poll::Ready(Some(Err(TooSlow.into())));
        }
        let started = *this.started.get_or_insert_with(Instant::now);
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                this.bytes += frame.data_ref().map_or(0, |d| d.len() as u64);
                let due = this.due(started);
                if Instant::now() > due && !this.inner.is_end_stream() {
                    return this.fail();
                }
                if let Some(deadline) = this.deadline.as_mut() {
                    deadline.as_mut().reset(due);
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e.into_inner()))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                let due = this.due(started);
                let deadline = this
                    .deadline
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(due)));
                if deadline.as_mut().poll(cx).is_ready() {
                    return this.fail();
                }
                Poll::Pending
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;

    /// A body of `n` chunks of `size` bytes, one every `every`.
    fn trickle(n: usize, size: usize, every: Duration) -> Body {
        let chunks = futures::stream::iter(0..n).then(move |_| async move {
            tokio::time::sleep(every).await;
            Ok::<_, std::io::Error>(Bytes::from(vec![b'x'; size]))
        });
        Body::from_stream(chunks)
    }

    async fn read(body: Body, rate: BodyRate) -> (Result<usize, String>, bool) {
        let flag = Arc::new(AtomicBool::new(false));
        let body = held_to(body, rate, flag.clone());
        let mut stream = body.into_data_stream();
        let mut seen = 0;
        while let Some(chunk) = stream.next().await {
            match chunk {
                Ok(c) => seen += c.len(),
                Err(e) => return (Err(e.to_string()), flag.load(Ordering::Acquire)),
            }
        }
        (Ok(seen), flag.load(Ordering::Acquire))
    }

    #[tokio::test]
    async fn a_trickle_is_cut_after_the_grace_and_a_steady_body_is_not() {
        let rate = BodyRate {
            bytes_per_sec: 10_000,
            grace: Duration::from_millis(200),
        };
        let began = Instant::now();
        let trickled = trickle(1_000, 1, Duration::from_millis(20));
        let (result, fell_behind) = read(trickled, rate).await;
        assert!(result.is_err() && fell_behind, "{result:?}");
        let took = began.elapsed();
        assert!(took >= Duration::from_millis(200), "{took:?}");
        assert!(took < Duration::from_millis(600), "{took:?}");

        // 100,000 bytes a second for 0.5 s: always ahead of 10,000 a second.
        let steady = trickle(50, 1_000, Duration::from_millis(10));
        let (result, fell_behind) = read(steady, rate).await;
        assert_eq!(result, Ok(50_000));
        assert!(!fell_behind);

        // Silent through the grace, then fast: behind at the grace, cut.
        let late = Body::from_stream(futures::stream::once(async {
            tokio::time::sleep(Duration::from_millis(400)).await;
            Ok::<_, std::io::Error>(Bytes::from(vec![0u8; 100_000]))
        }));
        assert!(read(late, rate).await.0.is_err());
    }
}
