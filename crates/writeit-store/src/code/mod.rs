//! One-time codes (password reset, email verification and sign-in, MFA steps), stored by the
//! hash of the code and used once.

use sqlx::Executor;

use crate::clock::now_ms;
use crate::dialect::{Bind, Dialect};
use crate::identity::{CodeUse, OneTimeCode};
use crate::rows::Row;
use crate::Result;

const INSERT: &str = include_str!("insert.sql");
const CONSUME: &str = include_str!("consume.sql");
const GET: &str = include_str!("get.sql");
const PURGE: &str = include_str!("purge.sql");
const END_OLDER: &str = include_str!("end_older.sql");
const END_MAILED: &str = include_str!("end_mailed.sql");
const END_LATER_RECOVERIES: &str = include_str!("end_later_recoveries.sql");

/// Stores `c` under `hash`, made at `now`.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    c: &OneTimeCode,
    now: i64,
) -> Result<()> {
    D::query(INSERT)
        .arg(hash)
        .arg(&c.kind)
        .arg(&c.user_id)
        .arg(&c.email)
        .arg(&c.payload)
        .arg(now)
        .arg(c.expires_at)
        .execute(ex)
        .await?;
    Ok(())
}

/// Ends (marks used at `now`) the unused codes of `c`'s kind for its account, or, for a code
/// with no account, for its address: a newer code of a kind ends the older ones.
pub(crate) async fn end_older<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    c: &OneTimeCode,
    now: i64,
) -> Result<()> {
    D::query(END_OLDER)
        .arg(&c.kind)
        .arg(&c.user_id)
        .arg(&c.email)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Ends the account's unused mailed codes (reset, email sign-in, verification, change of
/// address) at `now`; codes that give a changed address back are kept.
pub(crate) async fn end_mailed<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    now: i64,
) -> Result<()> {
    D::query(END_MAILED)
        .arg(user_id)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Ends the account's unused RECOVER_EMAIL codes that expire after `expires_after` (ms): those
/// made after it, since every one lives as long.
pub(crate) async fn end_later_recoveries<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    expires_after: i64,
    now: i64,
) -> Result<()> {
    D::query(END_LATER_RECOVERIES)
        .arg(user_id)
        .arg(expires_after)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Marks the unused code `hash` used at `now` and answers it.
pub(crate) async fn consume<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    now: i64,
) -> Result<Option<OneTimeCode>> {
    let row = D::query(CONSUME)
        .arg(hash)
        .arg(now)
        .fetch_optional(ex)
        .await?;
    row.as_ref().map(code).transpose()
}

/// The unused code `hash`.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
) -> Result<Option<OneTimeCode>> {
    let row = D::query(GET).arg(hash).fetch_optional(ex).await?;
    row.as_ref().map(code).transpose()
}

/// Deletes codes that expired before `before`.
pub(crate) async fn purge<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    before: i64,
) -> Result<()> {
    D::query(PURGE).arg(before).execute(ex).await?;
    Ok(())
}

/// What presenting `code` means when one of `kinds` is expected.
pub(crate) fn judge(code: OneTimeCode, kinds: &[&str]) -> CodeUse {
    if !kinds.contains(&code.kind.as_str()) {
        CodeUse::Invalid
    } else if code.expires_at <= now_ms() {
        CodeUse::Expired
    } else {
        CodeUse::Valid(code)
    }
}

fn code(r: &impl Row) -> Result<OneTimeCode> {
    Ok(OneTimeCode {
        kind: r.text(0)?,
        user_id: r.opt_text(1)?,
        email: r.text(2)?,
        payload: r.text(3)?,
        expires_at: r.int(4)?,
    })
}
