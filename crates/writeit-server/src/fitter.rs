//! Fits learners' FSRS parameters off the request path (docs/rpc.md "Fitted parameters").
//!
//! Who is due is read from the database (`writeit_core::fit::parameters::due`: enough live
//! reviews, grown by a quarter since the last fit), never kept only in memory: at start the
//! fitter scans for due learners, so a restart or a crash mid-fit loses nothing; while running,
//! each saved review nudges it to look at that learner once the session settles. Fits run on
//! the blocking pool, at most one per core, each bounded by [`MAX_FIT_REVIEWS`] (time and memory
//! grow with the log: `make bench`, bench/fit.sh).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, Semaphore};
use writeit_core::entity::{UserParameters, UserReview};
use writeit_core::fit::parameters::{changed_since, due, parameters, MIN_REVIEWS};
use writeit_store::{SharedStore, StoreError};

/// A log is fitted on its most recently reviewed cards, up to this many reviews: what bounds a
/// fit's time and memory (about 0.2 s and 60 MiB at 100,000 reviews on a 2-core machine).
pub const MAX_FIT_REVIEWS: usize = 100_000;

/// How long after a learner's last review the fitter looks at them: a session's reviews are
/// one look, not hundreds.
pub const DEFAULT_SETTLE: Duration = Duration::from_secs(30);

/// Why a fit did not happen.
#[derive(Debug, thiserror::Error)]
pub enum FitFailure {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The fit's task ended without an answer (the server is stopping, or it panicked).
    #[error("the fit stopped: {0}")]
    Stopped(String),
}

/// The background fitter, one per server.
pub struct Fitter {
    store: SharedStore,
    /// Fits running at once: one per core.
    slots: Arc<Semaphore>,
    nudges: mpsc::UnboundedSender<String>,
    /// Learners nudged and not yet done with: a burst of reviews is one entry, and one fit of a
    /// learner at a time (`true`: nudged again meanwhile, look once more when done).
    waiting: Arc<Mutex<HashMap<String, bool>>>,
    /// One lock per learner being fitted: their fits, background or requested, one at a time.
    turns: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl Fitter {
    /// A fitter over `store` that looks at a nudged learner `settle` after the nudge. Starts its
    /// worker on the current tokio runtime.
    pub fn start(store: SharedStore, settle: Duration) -> Arc<Fitter> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (nudges, mut inbox) = mpsc::unbounded_channel::<String>();
        let fitter = Arc::new(Fitter {
            store,
            slots: Arc::new(Semaphore::new(cores)),
            nudges,
            waiting: Arc::default(),
            turns: Mutex::default(),
        });
        let worker = Arc::downgrade(&fitter);
        tokio::spawn(async move {
            while let Some(user) = inbox.recv().await {
                let Some(fitter) = worker.upgrade() else {
                    break;
                };
                tokio::spawn(async move {
                    loop {
                        tokio::time::sleep(settle).await;
                        if let Err(e) = fitter.fit_if_due(&user).await {
                            tracing::warn!(user_id = %user, error = %e, "background fit failed");
                        }
                        if !fitter.again(&user) {
                            break;
                        }
                    }
                });
            }
        });
        fitter
    }

    /// Looks for learners due a fit (all of them: after a restart, those whose fit a crash
    /// interrupted) and queues them. Runs in the background; answers at once.
    pub fn resume(self: &Arc<Self>) {
        let fitter = self.clone();
        tokio::spawn(async move {
            match fitter.store.fit_candidates(MIN_REVIEWS).await {
                Ok(found) => {
                    let due: Vec<String> = found
                        .into_iter()
                        .filter(|(_, reviews, fitted_on)| due(*reviews, *fitted_on))
                        .map(|(user, ..)| user)
                        .collect();
                    if !due.is_empty() {
                        tracing::info!(learners = due.len(), "fitting learners due a fit");
                    }
                    for user in due {
                        fitter.nudge(&user);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot look for learners due a fit"),
            }
        });
    }

    /// A review of `user`'s was saved: look at them once their session settles.
    pub fn nudge(&self, user: &str) {
        let new = match self.waiting.lock() {
            Ok(mut w) => match w.get_mut(user) {
                Some(again) => {
                    *again = true;
                    false
                }
                None => {
                    w.insert(user.to_string(), false);
                    true
                }
            },
            Err(_) => false,
        };
        if new {
            let _ = self.nudges.send(user.to_string());
        }
    }

    /// Done with `user`: whether they were nudged meanwhile (then they stay, to look again).
    fn again(&self, user: &str) -> bool {
        let Ok(mut w) = self.waiting.lock() else {
            return false;
        };
        match w.get_mut(user) {
            Some(again) if *again => {
                *again = false;
                true
            }
            _ => {
                w.remove(user);
                false
            }
        }
    }

    /// Fits `user` when due; answers whether it did.
    async fn fit_if_due(&self, user: &str) -> Result<bool, FitFailure> {
        let fitted = self
            .fit_when(user, |reviews, row| due(reviews, row.map(|r| r.reviews)))
            .await?;
        Ok(fitted.is_some())
    }

    /// `optimizeUserParameters`: fits `user` now, unless their log has not changed since their
    /// row was made (then the row as it is).
    pub async fn fit_now(&self, user: &str) -> Result<UserParameters, FitFailure> {
        let rule =
            |reviews, row: Option<&UserParameters>| changed_since(reviews, row.map(|r| r.reviews));
        match self.fit_when(user, rule).await? {
            Some(row) => Ok(row),
            None => match self.store.user_parameters(user).await? {
                Some(row) => Ok(row),
                // Unreachable: an unchanged log has a row. Fit rather than fail.
                None => self.fit(user).await,
            },
        }
    }

    /// Fits `user` if `rule` says so of their live review count and stored row, holding the
    /// learner's turn: one fit of a learner at a time, so a request arriving during a background
    /// fit waits for it and then finds the row current instead of fitting the same log again.
    async fn fit_when(
        &self,
        user: &str,
        rule: impl Fn(u32, Option<&UserParameters>) -> bool,
    ) -> Result<Option<UserParameters>, FitFailure> {
        let turn = self.turn(user);
        let held = turn.lock().await;
        let reviews = self.store.live_review_count(user).await?;
        let row = self.store.user_parameters(user).await?;
        let result = if rule(reviews, row.as_ref()) {
            self.fit(user).await.map(Some)
        } else {
            Ok(None)
        };
        drop(held);
        self.release(user, turn);
        result
    }

    /// The lock that orders `user`'s fits.
    fn turn(&self, user: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
        turns.entry(user.to_string()).or_default().clone()
    }

    /// Forgets `user`'s lock once no one else holds or waits for it.
    fn release(&self, user: &str, turn: Arc<tokio::sync::Mutex<()>>) {
        let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
        // Two references: this one and the map's.
        if Arc::strong_count(&turn) == 2 {
            turns.remove(user);
        }
    }

    /// Fits `user`'s log, saves the row and reschedules their cards with it.
    async fn fit(&self, user: &str) -> Result<UserParameters, FitFailure> {
        let _slot = self
            .slots
            .acquire()
            .await
            .map_err(|_| FitFailure::Stopped("the fitter is closed".into()))?;
        let log = bounded(self.store.fit_log(user).await?);
        let now = crate::clock::now_ms();
        let id = user.to_string();
        let started = std::time::Instant::now();
        let row = tokio::task::spawn_blocking(move || parameters(&id, log, now))
            .await
            .map_err(|e| FitFailure::Stopped(e.to_string()))?;
        let (saved, rescheduled) = self.store.save_user_parameters(user, &row).await?;
        tracing::info!(
            user_id = %user,
            reviews = saved.reviews,
            fitted = saved.fitted,
            rescheduled,
            ms = started.elapsed().as_millis() as u64,
            "fitted FSRS parameters"
        );
        Ok(saved)
    }
}

/// The log cut to [`MAX_FIT_REVIEWS`]: whole cards, the most recently reviewed first (a card's
/// history is never cut in the middle: the optimiser reads it from its first review).
fn bounded(log: Vec<UserReview>) -> Vec<UserReview> {
    if log.len() <= MAX_FIT_REVIEWS {
        return log;
    }
    let mut cards: Vec<Vec<UserReview>> = Vec::new();
    for r in log {
        match cards.last_mut() {
            Some(card) if card[0].card_id == r.card_id => card.push(r),
            _ => cards.push(vec![r]),
        }
    }
    let last = |c: &Vec<UserReview>| c.iter().map(|r| r.reviewed_at).max().unwrap_or(0);
    cards.sort_by_key(|c| std::cmp::Reverse(last(c)));
    let mut kept = Vec::new();
    for card in cards {
        if kept.len() + card.len() > MAX_FIT_REVIEWS {
            continue;
        }
        kept.extend(card);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use writeit_core::entity::CardKind;

    fn review(card: &str, at: i64) -> UserReview {
        UserReview {
            id: format!("{card}-{at}"),
            card_id: card.into(),
            entry_id: card.into(),
            kind: CardKind::Reading,
            rating: 3,
            reviewed_at: at,
            duration_ms: 0,
            score: None,
            desired_retention: None,
            updated_at: 0,
            deleted: false,
        }
    }

    #[test]
    fn a_long_log_keeps_the_most_recent_whole_cards() {
        let mut log = Vec::new();
        // Card i has 1,000 reviews, its last at i: the newest cards are the high ones.
        for i in 0..101 {
            for j in 0..1_000 {
                log.push(review(&format!("c{i:03}"), i64::from(i) - 1_000 + j + 1));
            }
        }
        let kept = bounded(log);
        assert_eq!(kept.len(), MAX_FIT_REVIEWS);
        assert!(kept.iter().all(|r| r.card_id != "c000"));
        assert!(bounded(vec![review("a", 1)]).len() == 1);
    }
}
