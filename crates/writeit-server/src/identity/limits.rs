//! Rate limits, counted in the database (fixed windows) so that every instance shares them:
//! per client address on every endpoint that checks a secret or sends mail, per account (by
//! email, whether or not it exists, so the limit reveals nothing) on failed checks and on mail.

use super::error::IdError;
use super::state::{ClientAddr, IdentityState};

/// Counts a request from `addr`; 429 past the limit.
pub async fn per_address(state: &IdentityState, addr: &ClientAddr) -> Result<(), IdError> {
    let l = &state.identity.config.limits;
    hit(
        state,
        &format!("addr:{}", addr.0),
        l.per_address,
        l.address_window_secs,
    )
    .await?;
    // Now and then, drop stale counters and expired codes (a day old: nothing reads them).
    if rand::random::<u8>() == 0 {
        let before = crate::clock::now_ms() - 24 * 3600 * 1000;
        if let Err(e) = state.store.purge_identity(before).await {
            tracing::warn!(error = %e, "cannot purge old identity rows");
        }
    }
    Ok(())
}

/// A password or second-factor check counted against `email` before it runs; give it back with
/// [`Attempt::give_back`] when the check passes (or could not run).
pub struct Attempt {
    key: String,
    window_start: i64,
}

/// Counts an attempt for `email` first, in one statement that increments and answers the count
/// (so concurrent attempts cannot all read a count under the limit), then 429 past the limit:
/// at most `failures_per_account` checks run per window, however many arrive at once.
pub async fn attempt(state: &IdentityState, email: &str) -> Result<Attempt, IdError> {
    let l = &state.identity.config.limits;
    let window = l.account_window_secs * 1000;
    let key = format!("fail:{email}");
    let (hits, window_start) = state.store.rate_hit(&key, window).await?;
    if hits > l.failures_per_account {
        return Err(IdError::too_many(retry_after(window_start, window)));
    }
    Ok(Attempt { key, window_start })
}

impl Attempt {
    /// The check passed, or could not run (server busy): no failure, so its count is taken back.
    pub async fn give_back(self, state: &IdentityState) -> Result<(), IdError> {
        state
            .store
            .rate_release(&self.key, self.window_start)
            .await?;
        Ok(())
    }
}

/// Counts a mail to `email`; 429 past the limit.
pub async fn mail(state: &IdentityState, email: &str) -> Result<(), IdError> {
    let l = &state.identity.config.limits;
    hit(
        state,
        &format!("mail:{email}"),
        l.mails_per_account,
        l.mail_window_secs,
    )
    .await
}

async fn hit(state: &IdentityState, key: &str, max: i64, window_secs: i64) -> Result<(), IdError> {
    let window = window_secs * 1000;
    let (hits, start) = state.store.rate_hit(key, window).await?;
    if hits > max {
        return Err(IdError::too_many(retry_after(start, window)));
    }
    Ok(())
}

fn retry_after(window_start: i64, window_ms: i64) -> i64 {
    let left = window_start + window_ms - crate::clock::now_ms();
    (left + 999) / 1000
}
