//! The queue for password-hashing slots, shared fairly. Each request waits in a lane: a known
//! lane per account when it comes from a device that has signed in to that account before (or
//! from a signed-in session), an anonymous lane per client address otherwise. A freed slot goes
//! to the known lanes first, then to the anonymous ones, taking the lanes of each kind in turn
//! (round robin), so 48 addresses sending wrong passwords get one turn each and a learner
//! signing in from their own browser goes ahead of all of them.
//!
//! The waiting is bounded: at most `per_source` waiters per lane, at most `waiting_max` of each
//! kind; when the anonymous waiters are full, a newcomer from a lane shorter than the longest
//! takes the place of that lane's newest waiter (longest-queue drop), so the places are shared
//! between addresses too. Every wait ends after `wait`. Whoever is refused is answered 503 with
//! `Retry-After` at once.
//!
//! Per instance, as the cores and memory it shares are. Hand-written: tokio's semaphore serves
//! its waiters first come, first served, and no maintained crate queues by lane and kind.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::oneshot;

use super::error::IdError;

/// Whose turn a hashing request waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// An account this device or session has signed in to before (its id).
    Known(String),
    /// Anyone else, by client address.
    Anonymous(String),
}

/// How the queue is sized (from `IdentityConfig`).
#[derive(Clone, Copy, Debug)]
pub struct QueueSize {
    /// Hashes computed at once.
    pub slots: usize,
    /// Waiters per lane.
    pub per_source: usize,
    /// Waiters of each kind (known, anonymous).
    pub waiting_max: usize,
    /// Longest wait.
    pub wait: Duration,
}

/// The slots and the lanes waiting for them.
pub struct HashQueue {
    size: QueueSize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    free: usize,
    next_id: u64,
    known: Lanes,
    anonymous: Lanes,
}

/// The lanes of one kind: their waiters, and the order they take turns in.
#[derive(Default)]
struct Lanes {
    waiting: HashMap<String, VecDeque<Waiter>>,
    /// Lanes with waiters, the next to be served first.
    turns: VecDeque<String>,
    count: usize,
}

struct Waiter {
    id: u64,
    /// Sent `()` when the waiter is handed a slot; dropped when it is pushed out.
    slot: oneshot::Sender<()>,
}

impl Lanes {
    fn push(&mut self, lane: &str, waiter: Waiter) {
        let queue = self.waiting.entry(lane.to_string()).or_default();
        if queue.is_empty() {
            self.turns.push_back(lane.to_string());
        }
        queue.push_back(waiter);
        self.count += 1;
    }

    /// The oldest waiter of the lane whose turn it is; that lane goes to the back.
    fn next(&mut self) -> Option<Waiter> {
        let lane = self.turns.pop_front()?;
        let queue = self.waiting.get_mut(&lane)?;
        let waiter = queue.pop_front();
        if queue.is_empty() {
            self.waiting.remove(&lane);
        } else {
            self.turns.push_back(lane);
        }
        self.count -= usize::from(waiter.is_some());
        waiter
    }

    /// Takes waiter `id` out of `lane`; false when it is not there (handed a slot or pushed out).
    fn remove(&mut self, lane: &str, id: u64) -> bool {
        let Some(queue) = self.waiting.get_mut(lane) else {
            return false;
        };
        let Some(at) = queue.iter().position(|w| w.id == id) else {
            return false;
        };
        queue.remove(at);
        if queue.is_empty() {
            self.waiting.remove(lane);
            self.turns.retain(|l| l != lane);
        }
        self.count -= 1;
        true
    }

    fn len_of(&self, lane: &str) -> usize {
        self.waiting.get(lane).map_or(0, VecDeque::len)
    }

    /// Drops the newest waiter of the longest lane if it is longer than `than` (it is told by
    /// its channel closing).
    fn push_out_longer_than(&mut self, than: usize) -> bool {
        let Some((lane, id)) = self
            .waiting
            .iter()
            .max_by_key(|(_, q)| q.len())
            .filter(|(_, q)| q.len() > than)
            .and_then(|(lane, q)| q.back().map(|w| (lane.clone(), w.id)))
        else {
            return false;
        };
        self.remove(&lane, id)
    }
}

impl State {
    fn lanes<'a>(&mut self, lane: &'a Lane) -> (&mut Lanes, &'a str) {
        match lane {
            Lane::Known(account) => (&mut self.known, account),
            Lane::Anonymous(addr) => (&mut self.anonymous, addr),
        }
    }

    /// The waiter whose turn it is: known lanes first.
    fn next(&mut self) -> Option<Waiter> {
        self.known.next().or_else(|| self.anonymous.next())
    }
}

/// A hashing slot, handed to the next waiter when dropped.
pub struct Slot<'a>(&'a HashQueue);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// A request waiting in a lane; dropped early (the client went away), it leaves the queue and
/// passes on a slot it was handed meanwhile.
struct Waiting<'a> {
    queue: &'a HashQueue,
    lane: Lane,
    id: u64,
    slot: Option<oneshot::Receiver<()>>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        let Some(mut slot) = self.slot.take() else {
            return;
        };
        let removed = {
            let mut state = self.queue.lock();
            let (lanes, key) = state.lanes(&self.lane);
            lanes.remove(key, self.id)
        };
        // Not in its lane: it was handed a slot (sent while the lock was held, so here now) or
        // pushed out (nothing to give back).
        if !removed && slot.try_recv().is_ok() {
            self.queue.release();
        }
    }
}

impl HashQueue {
    pub fn new(size: QueueSize) -> HashQueue {
        let size = QueueSize {
            slots: size.slots.max(1),
            per_source: size.per_source.max(1),
            ..size
        };
        HashQueue {
            state: Mutex::new(State {
                free: size.slots,
                ..State::default()
            }),
            size,
        }
    }

    /// A slot for `lane`: at once when one is free, else after the lane's turn comes within
    /// `wait`; else 503 with `Retry-After`.
    pub async fn slot(&self, lane: Lane) -> Result<Slot<'_>, IdError> {
        let retry = self.size.wait.as_secs().max(1) as i64;
        let (sender, receiver) = oneshot::channel();
        let id = {
            let mut state = self.lock();
            if state.free > 0 {
                state.free -= 1;
                return Ok(Slot(self));
            }
            state.next_id += 1;
            let id = state.next_id;
            let (lanes, key) = state.lanes(&lane);
            let mine = lanes.len_of(key);
            let room = mine < self.size.per_source
                && (lanes.count < self.size.waiting_max
                    || (matches!(lane, Lane::Anonymous(_))
                        && lanes.push_out_longer_than(mine + 1)));
            if !room {
                return Err(IdError::busy(retry));
            }
            lanes.push(key, Waiter { id, slot: sender });
            id
        };
        let mut waiting = Waiting {
            queue: self,
            lane,
            id,
            slot: Some(receiver),
        };
        let receiver = waiting.slot.as_mut().expect("set above");
        match tokio::time::timeout(self.size.wait, receiver).await {
            Ok(Ok(())) => {
                waiting.slot = None;
                Ok(Slot(self))
            }
            // Pushed out by a lane with fewer waiting, or waited too long: dropping `waiting`
            // leaves the queue (and passes on a slot handed to it at the last moment).
            Ok(Err(_)) | Err(_) => Err(IdError::busy(retry)),
        }
    }

    /// Gives a slot back: to the next waiter whose turn it is, or to the free ones.
    fn release(&self) {
        let mut state = self.lock();
        while let Some(waiter) = state.next() {
            if waiter.slot.send(()).is_ok() {
                return;
            }
        }
        state.free += 1;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Every change to the state is complete before the lock is let go.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn queue(slots: usize, per_source: usize, waiting_max: usize) -> Arc<HashQueue> {
        Arc::new(HashQueue::new(QueueSize {
            slots,
            per_source,
            waiting_max,
            wait: Duration::from_secs(5),
        }))
    }

    fn anon(a: &str) -> Lane {
        Lane::Anonymous(a.into())
    }

    /// Starts a waiter for `lane`; answers (its task, a receiver that says when it got a slot).
    fn wait_in(
        q: &Arc<HashQueue>,
        lane: Lane,
        order: &Arc<Mutex<Vec<String>>>,
        name: &str,
    ) -> tokio::task::JoinHandle<bool> {
        let (q, order, name) = (q.clone(), order.clone(), name.to_string());
        tokio::spawn(async move {
            match q.slot(lane).await {
                Ok(slot) => {
                    order.lock().unwrap().push(name);
                    tokio::task::yield_now().await;
                    drop(slot);
                    true
                }
                Err(_) => false,
            }
        })
    }

    async fn settle() {
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test]
    async fn known_lanes_go_first_then_addresses_take_turns() {
        let q = queue(1, 4, 64);
        let order = Arc::new(Mutex::new(Vec::new()));
        let held = q.slot(anon("x")).await.expect("free");
        let mut tasks = Vec::new();
        for (lane, name) in [
            (anon("a"), "a1"),
            (anon("a"), "a2"),
            (anon("a"), "a3"),
            (anon("b"), "b1"),
            (Lane::Known("me".into()), "me"),
        ] {
            tasks.push(wait_in(&q, lane, &order, name));
            settle().await;
        }
        drop(held);
        for t in tasks {
            assert!(t.await.unwrap());
        }
        assert_eq!(*order.lock().unwrap(), ["me", "a1", "b1", "a2", "a3"]);
    }

    #[tokio::test]
    async fn a_full_queue_makes_room_for_an_address_with_fewer_waiting() {
        let q = queue(1, 4, 3);
        let order = Arc::new(Mutex::new(Vec::new()));
        let held = q.slot(anon("x")).await.expect("free");
        let flood: Vec<_> = (0..3)
            .map(|i| wait_in(&q, anon("flood"), &order, &format!("f{i}")))
            .collect();
        settle().await;
        // Full: another flooder is refused, a newcomer pushes out the flood's newest.
        assert!(q.slot(anon("flood")).await.is_err());
        let newcomer = wait_in(&q, anon("new"), &order, "new");
        settle().await;
        drop(held);
        let outcomes: Vec<bool> = futures::future::join_all(flood)
            .await
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(outcomes, [true, true, false]);
        assert!(newcomer.await.unwrap());
        assert_eq!(*order.lock().unwrap(), ["f0", "new", "f1"]);
        // Every slot came back.
        assert!(q.slot(anon("y")).await.is_ok());
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_passes_its_slot_on() {
        let q = queue(1, 4, 8);
        let held = q.slot(anon("x")).await.expect("free");
        let waiter = {
            let q = q.clone();
            tokio::spawn(async move { q.slot(anon("a")).await.map(|_| ()) })
        };
        settle().await;
        waiter.abort();
        let _ = waiter.await;
        drop(held);
        let again = tokio::time::timeout(Duration::from_millis(100), q.slot(anon("b"))).await;
        assert!(matches!(again, Ok(Ok(_))), "the slot was not lost");
    }
}
