//! Sessions (issue 37): one per refresh-token family, that is one per sign-in and its rotations,
//! with the device it began on and when it was last used. Ending one revokes its family (in
//! `refresh_token/`, by the caller, in the same transaction) and records when, so the ID tokens
//! naming it (`sid`) are refused as well.

use sqlx::Executor;

use crate::dialect::{Affected, Bind, Dialect};
use crate::identity::{NewSession, SessionInfo};
use crate::rows::Row;
use crate::Result;

const INSERT: &str = include_str!("insert.sql");
const TOUCH: &str = include_str!("touch.sql");
const TOUCH_LIVE: &str = include_str!("touch_live.sql");
const LIVE: &str = include_str!("live.sql");
const END: &str = include_str!("end.sql");
const END_FAMILY: &str = include_str!("end_family.sql");
const END_OTHERS: &str = include_str!("end_others.sql");
const END_USER: &str = include_str!("end_user.sql");
const END_OF_TOKEN: &str = include_str!("end_of_token.sql");
const ENDED_SINCE: &str = include_str!("ended_since.sql");

/// Most bytes of a User-Agent kept: enough for any real browser's.
const USER_AGENT_MAX: usize = 512;

/// Stores session `s`, begun at `now`, its newest token expiring at `expires_at`.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    s: &NewSession,
    now: i64,
    expires_at: i64,
) -> Result<()> {
    D::query(INSERT)
        .arg(&s.id)
        .arg(&s.user_id)
        .arg(clip(&s.user_agent))
        .arg(now)
        .arg(expires_at)
        .execute(ex)
        .await?;
    Ok(())
}

/// `ua` cut to [`USER_AGENT_MAX`] bytes at a character boundary.
fn clip(ua: &str) -> &str {
    let mut end = ua.len().min(USER_AGENT_MAX);
    while !ua.is_char_boundary(end) {
        end -= 1;
    }
    &ua[..end]
}

/// Session `id` was used at `now` (a refresh); its newest token expires at `expires_at`.
pub(crate) async fn touch<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    now: i64,
    expires_at: i64,
) -> Result<()> {
    D::query(TOUCH)
        .arg(id)
        .arg(now)
        .arg(expires_at)
        .execute(ex)
        .await?;
    Ok(())
}

/// As [`touch`], only if session `id` is `user_id`'s and live at `now`; false otherwise.
pub(crate) async fn touch_live<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<bool> {
    let done = D::query(TOUCH_LIVE)
        .arg(id)
        .arg(user_id)
        .arg(now)
        .arg(expires_at)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// `user_id`'s sessions neither ended nor expired at `now`, the last used first.
pub(crate) async fn live<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    now: i64,
) -> Result<Vec<SessionInfo>> {
    D::query(LIVE)
        .arg(user_id)
        .arg(now)
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| {
            Ok(SessionInfo {
                id: r.text(0)?,
                user_agent: r.text(1)?,
                created_at: r.int(2)?,
                last_used_at: r.int(3)?,
            })
        })
        .collect()
}

/// Ends `user_id`'s session `id` at `now`; false when it is not theirs or already ended.
pub(crate) async fn end<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    id: &str,
    now: i64,
) -> Result<bool> {
    let done = D::query(END)
        .arg(id)
        .arg(user_id)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends session `id` at `now` (its family was revoked: a reused refresh token).
pub(crate) async fn end_family<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    now: i64,
) -> Result<()> {
    D::query(END_FAMILY).arg(id).arg(now).execute(ex).await?;
    Ok(())
}

/// Ends every session of `user_id` but `keep` at `now`; answers how many.
pub(crate) async fn end_others<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    keep: &str,
    now: i64,
) -> Result<u64> {
    let done = D::query(END_OTHERS)
        .arg(user_id)
        .arg(keep)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(done.rows_affected())
}

/// Ends every session of `user_id` at `now` (sign out everywhere, a new password).
pub(crate) async fn end_user<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    now: i64,
) -> Result<()> {
    D::query(END_USER).arg(user_id).arg(now).execute(ex).await?;
    Ok(())
}

/// Ends the session of the refresh token with `hash` at `now` (its device signed out).
pub(crate) async fn end_of_token<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    now: i64,
) -> Result<()> {
    D::query(END_OF_TOKEN)
        .arg(hash)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// The ids of `user_id`'s sessions ended at `since` or later.
pub(crate) async fn ended_since<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    since: i64,
) -> Result<Vec<String>> {
    D::query(ENDED_SINCE)
        .arg(user_id)
        .arg(since)
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| r.text(0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents_are_cut_at_a_character_boundary() {
        let long = "é".repeat(USER_AGENT_MAX);
        let cut = clip(&long);
        assert!(cut.len() <= USER_AGENT_MAX && cut.len() >= USER_AGENT_MAX - 1);
        assert_eq!(clip("Mozilla/5.0"), "Mozilla/5.0");
    }
}
