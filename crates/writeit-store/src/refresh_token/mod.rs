//! Refresh tokens, stored by hash in families (one per sign-in); a token is used once, and a
//! second use revokes its family.

use sqlx::Executor;

use crate::dialect::{Affected, Bind, Dialect};
use crate::rows::Row;
use crate::Result;

const INSERT: &str = include_str!("insert.sql");
const CONSUME: &str = include_str!("consume.sql");
const GET: &str = include_str!("get.sql");
const REVOKE_FAMILY: &str = include_str!("revoke_family.sql");
const REVOKE_USER: &str = include_str!("revoke_user.sql");
const REVOKE_TOKEN: &str = include_str!("revoke_token.sql");
const REVOKE_OTHERS: &str = include_str!("revoke_others.sql");

/// A live token just marked used.
pub(crate) struct Consumed {
    pub family: String,
    pub user_id: String,
    pub expires_at: i64,
}

/// A token as stored, whatever its state.
pub(crate) struct Seen {
    pub family: String,
    pub revoked: bool,
}

/// Stores token `hash` of `family`, made at `now`.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    family: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<()> {
    D::query(INSERT)
        .arg(hash)
        .arg(family)
        .arg(user_id)
        .arg(now)
        .arg(expires_at)
        .execute(ex)
        .await?;
    Ok(())
}

/// Marks token `hash` used at `now`, if it is unused and not revoked.
pub(crate) async fn consume<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    now: i64,
) -> Result<Option<Consumed>> {
    let row = D::query(CONSUME)
        .arg(hash)
        .arg(now)
        .fetch_optional(ex)
        .await?;
    row.map(|r| {
        Ok(Consumed {
            family: r.text(0)?,
            user_id: r.text(1)?,
            expires_at: r.int(2)?,
        })
    })
    .transpose()
}

/// Token `hash` as stored.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
) -> Result<Option<Seen>> {
    let row = D::query(GET).arg(hash).fetch_optional(ex).await?;
    row.map(|r| {
        Ok(Seen {
            family: r.text(0)?,
            revoked: r.opt_int(2)?.is_some(),
        })
    })
    .transpose()
}

/// Revokes every live token of `family` at `now`.
pub(crate) async fn revoke_family<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    family: &str,
    now: i64,
) -> Result<()> {
    D::query(REVOKE_FAMILY)
        .arg(family)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Revokes every live token of `user_id` at `now`.
pub(crate) async fn revoke_user<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    now: i64,
) -> Result<()> {
    D::query(REVOKE_USER)
        .arg(user_id)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Revokes every live token of `user_id` outside family `keep` at `now`.
pub(crate) async fn revoke_others<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    keep: &str,
    now: i64,
) -> Result<()> {
    D::query(REVOKE_OTHERS)
        .arg(user_id)
        .arg(keep)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// Revokes the family of token `hash` at `now`; false when none of it was live.
pub(crate) async fn revoke_token<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    hash: &str,
    now: i64,
) -> Result<bool> {
    let done = D::query(REVOKE_TOKEN)
        .arg(hash)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() > 0)
}
