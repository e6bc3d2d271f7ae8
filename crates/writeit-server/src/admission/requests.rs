//! Requests in flight, at most a cap: a request over it is answered 503 with `Retry-After` at
//! once rather than queued, since on two cores a longer queue only makes every answer later. A
//! request counts until its answer's body has been sent (a sync page or an import's progress
//! stream is work in flight too), so the permit rides on the body ([`Holding`]).
//!
//! A request that goes on to wait in a queue of its own with its own bounds (a password check
//! waiting for a hashing slot, `identity/hash_queue.rs`) steps aside ([`StepAside`]): its place
//! is given back, so a flood of sign-ins waiting their turn does not fill every place and refuse
//! a learner's sync, nor a known user's sign-in, before the fair queue is reached.
//!
//! A tokio semaphore tried without waiting is what tower's `load_shed` over `concurrency_limit`
//! does; it is used directly because the check also exempts `/healthz` (a balancer must still
//! see a loaded instance as up) and must hold until the body ends, not the handler.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use http_body::{Body as HttpBody, Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The requests in flight on this instance.
#[derive(Clone)]
pub struct Requests(Arc<Semaphore>);

impl Requests {
    /// Room for `max` requests at once.
    pub fn new(max: usize) -> Requests {
        Requests(Arc::new(Semaphore::new(max.max(1))))
    }

    /// A place for a request to `path`, or `None` when every place is taken.
    pub fn admit(&self, path: &str) -> Option<Place> {
        if path == "/healthz" {
            return Some(Place::Exempt);
        }
        self.0.clone().try_acquire_owned().ok().map(Place::Taken)
    }
}

/// A request's place among those in flight, given back when dropped.
pub enum Place {
    /// The health check, which takes none.
    Exempt,
    Taken(OwnedSemaphorePermit),
}

/// A request's place, which its handler may give back early (an extension of every request the
/// accept loop admits; a no-op when the request came another way, as in tests over
/// `axum::serve`).
#[derive(Clone, Default)]
pub struct StepAside(Arc<Mutex<Option<Place>>>);

impl StepAside {
    /// Holds `place` until [`StepAside::now`] or the request ends.
    pub fn holding(place: Place) -> StepAside {
        StepAside(Arc::new(Mutex::new(Some(place))))
    }

    /// Gives the request's place back.
    pub fn now(&self) {
        let place = self.0.lock().unwrap_or_else(|e| e.into_inner()).take();
        drop(place);
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for StepAside {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<StepAside>()
            .cloned()
            .unwrap_or_default())
    }
}

/// A response body that holds `T` (the request's places) until it is sent or dropped.
pub struct Holding<T> {
    inner: Body,
    _held: T,
}

impl<T: Send + Unpin + 'static> Holding<T> {
    /// `response` whose body holds `held`.
    pub fn wrap(response: axum::response::Response, held: T) -> axum::response::Response {
        response.map(|inner| Body::new(Holding { inner, _held: held }))
    }
}

impl<T: Unpin> HttpBody for Holding<T> {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
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

    #[test]
    fn over_the_cap_is_refused_and_the_health_check_never() {
        let requests = Requests::new(1);
        let first = requests.admit("/api/trpc/getServerTime").expect("room");
        assert!(matches!(first, Place::Taken(_)));
        assert!(requests.admit("/api/trpc/getServerTime").is_none());
        assert!(matches!(requests.admit("/healthz"), Some(Place::Exempt)));
        drop(first);
        let place = requests.admit("/").expect("room");
        let aside = StepAside::holding(place);
        assert!(requests.admit("/").is_none());
        aside.now();
        assert!(requests.admit("/").is_some(), "given back early");
    }
}
