//! Accounts: the `users` row with its identity columns (email, password hash, role, session
//! revocation), as the identity service reads and changes it.

mod skeleton;

use sqlx::Executor;

use crate::dialect::{Affected, Bind, Dialect};
use crate::identity::{Account, AccountChanges, AccountStatus, NewAccount};
use crate::rows::{to_json, Row};
use crate::{Result, Role, StoreError};

const INSERT: &str = include_str!("insert.sql");
const BY_ID: &str = include_str!("by_id.sql");
const BY_EMAIL: &str = include_str!("by_email.sql");
const LIST: &str = include_str!("list.sql");
const UPDATE: &str = include_str!("update.sql");
const ACCESS: &str = include_str!("access.sql");
const DISABLED: &str = include_str!("disabled.sql");
const VALID_SINCE: &str = include_str!("valid_since.sql");
const LOGIN: &str = include_str!("login.sql");
/// Deletes the row (its credentials go with it: ON DELETE CASCADE).
pub(crate) const DELETE: &str = include_str!("delete.sql");
const STATUS: &str = include_str!("status.sql");
const WITHOUT_SKELETON: &str = include_str!("without_skeleton.sql");
const SET_SKELETON: &str = include_str!("set_skeleton.sql");

pub use skeleton::email_skeleton;

/// Inserts `a`, made at `now`; `Conflict` (`EMAIL_EXISTS`) when its email is taken.
pub(crate) async fn insert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    a: &NewAccount,
    now: i64,
) -> Result<()> {
    D::query(INSERT)
        .arg(&a.id)
        .arg(&a.email)
        .arg(a.email_verified)
        .arg(&a.display_name)
        .arg(&a.password_hash)
        .arg(now)
        .arg(a.password_hash.as_ref().map(|_| now))
        .arg(email_skeleton(&a.email))
        .execute(ex)
        .await
        .map_err(email_conflict)?;
    Ok(())
}

/// An account by id.
pub(crate) async fn by_id<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<Account>> {
    let row = D::query(BY_ID).arg(id).fetch_optional(ex).await?;
    row.as_ref().map(account).transpose()
}

/// An account by (lower-cased) email.
pub(crate) async fn by_email<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    email: &str,
) -> Result<Option<Account>> {
    let row = D::query(BY_EMAIL).arg(email).fetch_optional(ex).await?;
    row.as_ref().map(account).transpose()
}

/// Every account, by email.
pub(crate) async fn list<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
) -> Result<Vec<Account>> {
    D::query(LIST)
        .fetch_all(ex)
        .await?
        .iter()
        .map(account)
        .collect()
}

/// Applies `c` to `a` as changed at `now`: a new email is unverified until said otherwise; a new
/// password hash records when it was set; a removed one leaves no password.
pub(crate) fn apply(a: &mut Account, c: &AccountChanges, now: i64) {
    if let Some(email) = &c.email {
        if *email != a.email {
            a.email = email.clone();
            a.email_verified = false;
        }
    }
    if let Some(v) = c.email_verified {
        a.email_verified = v;
    }
    if let Some(name) = &c.display_name {
        a.display_name = name.clone();
    }
    if c.remove_password {
        a.password_hash = None;
        a.password_updated_at = Some(now);
    }
    // After the removal: a claim that sets a new password (a reset) keeps it.
    if let Some(hash) = &c.password_hash {
        a.password_hash = Some(hash.clone());
        a.password_updated_at = Some(now);
    }
}

/// Writes `a`'s profile (email, name, password) at `now`; `Conflict` (`EMAIL_EXISTS`) when the
/// email is taken.
pub(crate) async fn update<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    a: &Account,
    now: i64,
) -> Result<()> {
    D::query(UPDATE)
        .arg(&a.id)
        .arg(&a.email)
        .arg(a.email_verified)
        .arg(&a.display_name)
        .arg(&a.password_hash)
        .arg(a.password_updated_at)
        .arg(now)
        .arg(email_skeleton(&a.email))
        .execute(ex)
        .await
        .map_err(email_conflict)?;
    Ok(())
}

/// Sets role and editor languages of the account with `email`; false when there is none.
pub(crate) async fn set_access<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    email: &str,
    role: Role,
    languages: &[String],
    now: i64,
) -> Result<bool> {
    let done = D::query(ACCESS)
        .arg(email)
        .arg(role.as_str())
        .arg(to_json(&languages))
        .arg(now)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Disables or enables the account with `email`; false when there is none.
pub(crate) async fn set_disabled<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    email: &str,
    disabled: bool,
    now: i64,
) -> Result<bool> {
    let id = D::query(DISABLED)
        .arg(email)
        .arg(disabled)
        .arg(now)
        .fetch_optional(ex)
        .await?;
    Ok(id.is_some())
}

/// Refuses ID tokens issued before `since` (s) and adds one to the token generation; answers
/// the new generation, `None` when there is no such account.
pub(crate) async fn set_valid_since<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    since: i64,
) -> Result<Option<i64>> {
    D::query(VALID_SINCE)
        .arg(id)
        .arg(since)
        .fetch_optional(ex)
        .await?
        .map(|r| r.int(0))
        .transpose()
}

/// Records a sign-in at `now`.
pub(crate) async fn record_login<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    now: i64,
) -> Result<()> {
    D::query(LOGIN).arg(id).arg(now).execute(ex).await?;
    Ok(())
}

/// What a request needs of its caller.
pub(crate) async fn status<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<AccountStatus>> {
    let row = D::query(STATUS).arg(id).fetch_optional(ex).await?;
    row.map(|r| {
        Ok(AccountStatus {
            disabled: r.flag(0)?,
            role: role(&r.text(1)?)?,
            editor_languages: languages(&r.text(2)?)?,
            valid_since: r.int(3)?,
            token_generation: r.int(4)?,
            // Read beside it (`session/`).
            ended_sessions: Vec::new(),
        })
    })
    .transpose()
}

/// An account row as `by_id.sql` selects it.
fn account(r: &impl Row) -> Result<Account> {
    Ok(Account {
        id: r.text(0)?,
        email: r.text(1)?,
        email_verified: r.flag(2)?,
        display_name: r.opt_text(3)?,
        password_hash: r.opt_text(4)?,
        role: role(&r.text(5)?)?,
        editor_languages: languages(&r.text(6)?)?,
        disabled: r.flag(7)?,
        valid_since: r.int(8)?,
        created_at: r.int(9)?,
        last_login_at: r.opt_int(10)?,
        password_updated_at: r.opt_int(11)?,
        token_generation: r.int(12)?,
    })
}

fn role(s: &str) -> Result<Role> {
    Role::parse(s).ok_or_else(|| StoreError::Corrupt(format!("unknown role '{s}'")))
}

fn languages(s: &str) -> Result<Vec<String>> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(format!("editor_languages: {e}")))
}

/// (id, email) of the accounts whose skeleton is not written yet (rows from before it was).
pub(crate) async fn without_skeleton<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
) -> Result<Vec<(String, String)>> {
    D::query(WITHOUT_SKELETON)
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| Ok((r.text(0)?, r.text(1)?)))
        .collect()
}

/// Writes the skeleton of account `id`'s `email`; `Conflict` when another account's address
/// looks the same.
pub(crate) async fn set_skeleton<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
    email: &str,
) -> Result<()> {
    D::query(SET_SKELETON)
        .arg(id)
        .arg(email_skeleton(email))
        .execute(ex)
        .await
        .map_err(email_conflict)?;
    Ok(())
}

/// Maps a unique-key violation on `users.email` onto a `Conflict` with message `EMAIL_EXISTS`
/// (field `email`), and one on `users.email_skeleton` onto the same message with field
/// `email_skeleton`: another account's address looks the same. Both databases name the index in
/// the message.
fn email_conflict(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Conflict {
            field: Some(if d.message().contains("email_skeleton") {
                "email_skeleton".into()
            } else {
                "email".into()
            }),
            message: "EMAIL_EXISTS".into(),
        },
        _ => StoreError::Database(e),
    }
}
