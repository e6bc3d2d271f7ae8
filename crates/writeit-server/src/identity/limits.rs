//! Rate limits, counted in the database (fixed windows) so that every instance shares them:
//! per client address on every endpoint that checks a secret or sends mail, per account (by
//! email, whether or not it exists, so the limit reveals nothing) on failed checks and on mail.

use super::{ClientAddr, IdError};
use crate::app::AppState;

/// Counts a request from `addr`; 429 past the limit.
pub async fn per_address(state: &AppState, addr: &ClientAddr) -> Result<(), IdError> {
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

/// 429 when `email` has failed too often lately (checked before the password is).
pub async fn check_failures(state: &AppState, email: &str) -> Result<(), IdError> {
    let l = &state.identity.config.limits;
    let window = l.account_window_secs * 1000;
    let (hits, start) = state
        .store
        .rate_peek(&format!("fail:{email}"), window)
        .await?;
    if hits >= l.failures_per_account {
        return Err(IdError::too_many(retry_after(start, window)));
    }
    Ok(())
}

/// Counts a failed check for `email`.
pub async fn failed(state: &AppState, email: &str) -> Result<(), IdError> {
    let l = &state.identity.config.limits;
    state
        .store
        .rate_hit(&format!("fail:{email}"), l.account_window_secs * 1000)
        .await?;
    Ok(())
}

/// Counts a mail to `email`; 429 past the limit.
pub async fn mail(state: &AppState, email: &str) -> Result<(), IdError> {
    let l = &state.identity.config.limits;
    hit(
        state,
        &format!("mail:{email}"),
        l.mails_per_account,
        l.mail_window_secs,
    )
    .await
}

async fn hit(state: &AppState, key: &str, max: i64, window_secs: i64) -> Result<(), IdError> {
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
