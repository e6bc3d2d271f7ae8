//! Open connections, at most a cap. Every connection is registered with the requests it has in
//! flight, in the order they were last active (accepted, or a request ended); at the cap a new
//! one takes the place of the idle one (no request in flight: connected and silent, still sending
//! its headers, or kept alive between requests) unused the longest, as nginx reuses its idle
//! keep-alive connections when it runs out. Only when every connection is busy
//! is the newcomer refused: a minimal 503 written straight to the socket, which is then closed,
//! with no task or hyper state made for it.
//!
//! Hand-written: hyper does not say which of its connections are idle, and tower's limits count
//! requests, not connections.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::net::TcpStream;
use tokio::sync::Notify;

/// The state value of a connection given up for a newcomer: it takes no more requests.
const CLOSING: usize = usize::MAX;

/// The connections this instance holds.
pub struct Connections {
    max: usize,
    /// By when each was last active (keys grow), so the idle one unused the longest is found
    /// first.
    open: Mutex<BTreeMap<u64, Arc<Connection>>>,
    next_id: AtomicU64,
    /// The answer a refused connection is written (built once, `error.rs`).
    refusal: bytes::Bytes,
}

/// One open connection: its requests in flight (or [`CLOSING`]), and the signal that closes it.
#[derive(Default)]
pub struct Connection {
    state: AtomicUsize,
    /// Its key in [`Connections::open`], renewed whenever a request on it ends.
    key: AtomicU64,
    /// Whether a request has begun on it: one that never sends one is closed after the header
    /// timeout (hyper's covers HTTP/1 once it has read a first byte; a silent socket waits in
    /// the HTTP/2 preface check, which has none).
    spoke: AtomicBool,
    close: Notify,
}

impl Connections {
    /// Room for `max` connections.
    pub fn new(max: usize) -> Arc<Connections> {
        Arc::new(Connections {
            max: max.max(1),
            open: Mutex::new(BTreeMap::new()),
            next_id: AtomicU64::new(0),
            refusal: crate::error::busy_connection_answer(super::RETRY_AFTER_SECS),
        })
    }

    /// Connections open now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Registers a new connection, closing the oldest idle one when at the cap; `None` when
    /// every connection is busy (refuse the newcomer with [`Connections::refuse`]).
    pub fn admit(self: &Arc<Self>) -> Option<Admitted> {
        let mut open = self.lock();
        if open.len() >= self.max {
            // Marked CLOSING only if idle at this instant, so no request is ever cut off.
            let idle = open.iter().find_map(|(id, c)| {
                c.state
                    .compare_exchange(0, CLOSING, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                    .then_some(*id)
            })?;
            if let Some(given_up) = open.remove(&idle) {
                given_up.close.notify_one();
            }
        }
        let connection = Arc::new(Connection::default());
        let key = self.next_id.fetch_add(1, Ordering::Relaxed);
        connection.key.store(key, Ordering::Relaxed);
        open.insert(key, connection.clone());
        Some(Admitted {
            connections: self.clone(),
            connection,
        })
    }

    /// Answers a connection over the cap 503 and closes it, without waiting: what the client
    /// already sent is read first (so closing sends a FIN, not a reset that could destroy the
    /// answer before it is read), the answer fits an empty send buffer.
    pub fn refuse(&self, stream: TcpStream) {
        let mut scratch = [0u8; 4096];
        while matches!(stream.try_read(&mut scratch), Ok(n) if n > 0) {}
        let _ = stream.try_write(&self.refusal);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Arc<Connection>>> {
        // The map stays consistent even if a holder panicked: each change is one call.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A registered connection; dropping it (when the connection ends) frees its place.
pub struct Admitted {
    connections: Arc<Connections>,
    connection: Arc<Connection>,
}

impl Admitted {
    /// Whether a request has begun on this connection.
    pub fn spoke(&self) -> bool {
        self.connection.spoke.load(Ordering::Relaxed)
    }

    /// Resolves when the connection is given up for a newcomer.
    pub async fn given_up(&self) {
        self.connection.close.notified().await
    }

    /// A handle for requests to count themselves on.
    pub fn handle(&self) -> ConnectionHandle {
        ConnectionHandle {
            connections: self.connections.clone(),
            connection: self.connection.clone(),
        }
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.connections.lock();
        let key = self.connection.key.load(Ordering::Relaxed);
        if open
            .get(&key)
            .is_some_and(|c| Arc::ptr_eq(c, &self.connection))
        {
            open.remove(&key);
        }
    }
}

/// What a request needs of its connection (cloned into the service of each connection).
#[derive(Clone)]
pub struct ConnectionHandle {
    connections: Arc<Connections>,
    connection: Arc<Connection>,
}

impl ConnectionHandle {
    /// Notes that a request's headers arrived (a connection reading its body is not silent).
    pub fn spoke(&self) {
        self.connection.spoke.store(true, Ordering::Relaxed);
    }

    /// A request beginning on the connection, counted until the guard drops (with its
    /// response's body); `None` when the connection is being closed for a newcomer.
    pub fn begin(&self) -> Option<InFlight> {
        self.connection
            .state
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n != CLOSING).then(|| n + 1)
            })
            .ok()?;
        self.spoke();
        Some(InFlight(self.clone()))
    }
}

/// A request in flight on a connection: while one is, the connection is not idle. When it ends
/// the connection moves to the back of the order, as the most recently active.
pub struct InFlight(ConnectionHandle);

impl Drop for InFlight {
    fn drop(&mut self) {
        let ConnectionHandle {
            connections,
            connection,
        } = &self.0;
        let mut open = connections.lock();
        let key = connection.key.load(Ordering::Relaxed);
        // Not there: the connection was given up or has ended; nothing to move.
        if open.remove(&key).is_some() {
            let renewed = connections.next_id.fetch_add(1, Ordering::Relaxed);
            connection.key.store(renewed, Ordering::Relaxed);
            open.insert(renewed, connection.clone());
        }
        connection.state.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_cap_the_oldest_idle_connection_gives_way() {
        let connections = Connections::new(2);
        let first = connections.admit().expect("room");
        let second = connections.admit().expect("room");
        let busy = first.handle().begin().expect("open");
        // The first is busy: the second, idle, gives way.
        let third = connections.admit().expect("the idle one gives way");
        assert_eq!(connections.len(), 2);
        assert!(
            second.handle().begin().is_none(),
            "given up: no new request"
        );
        // Both left are busy now: a newcomer is refused.
        let _also_busy = third.handle().begin().expect("open");
        assert!(connections.admit().is_none());
        drop(busy);
        let fourth = connections.admit();
        assert!(fourth.is_some(), "the first is idle again");
        drop(second);
        assert_eq!(connections.len(), 2);
    }

    #[test]
    fn the_idle_one_unused_the_longest_gives_way() {
        let connections = Connections::new(2);
        let older = connections.admit().expect("room");
        let newer = connections.admit().expect("room");
        // The older one answers a request: now the newer has been idle longer.
        drop(older.handle().begin());
        let _third = connections.admit().expect("room made");
        assert!(newer.handle().begin().is_none(), "given up");
        assert!(older.handle().begin().is_some(), "kept");
    }

    #[test]
    fn a_closed_connection_frees_its_place() {
        let connections = Connections::new(1);
        let only = connections.admit().expect("room");
        assert!(!only.spoke());
        let _request = only.handle().begin().expect("open");
        assert!(only.spoke());
        assert!(connections.admit().is_none());
        drop(_request);
        drop(only);
        assert!(connections.is_empty());
        assert!(connections.admit().is_some());
    }
}
