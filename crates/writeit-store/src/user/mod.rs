//! Accounts as the store keeps them (the identity service extends them), and their rows.

use sqlx::Executor;

use crate::dialect::{Bind, Dialect};
use crate::rows::{json, to_json, Row};
use crate::{Result, StoreError};

const UPSERT: &str = include_str!("upsert.sql");
const GET: &str = include_str!("get.sql");

/// What a user may curate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    User,
    Editor,
    Admin,
}

impl Role {
    /// Stored spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Editor => "editor",
            Role::Admin => "admin",
        }
    }
    /// Parses the stored spelling.
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "user" => Some(Role::User),
            "editor" => Some(Role::Editor),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// A row of `users`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub email: String,
    pub role: Role,
    /// Languages an editor curates.
    pub editor_languages: Vec<String>,
    pub disabled: bool,
}

/// Creates or replaces `user`'s row, stamped `now` (not the sync clock: users do not sync).
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &User,
    now: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(&user.id)
        .arg(&user.email)
        .arg(user.role.as_str())
        .arg(to_json(&user.editor_languages))
        .arg(user.disabled)
        .arg(now)
        .execute(ex)
        .await?;
    Ok(())
}

/// A user by id.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<User>> {
    let found = D::query(GET).arg(id).fetch_optional(ex).await?;
    found.as_ref().map(row).transpose()
}

/// A row as `get.sql` selects it.
fn row(r: &impl Row) -> Result<User> {
    let role = r.text(2)?;
    Ok(User {
        id: r.text(0)?,
        email: r.text(1)?,
        role: Role::parse(&role).ok_or_else(|| StoreError::Corrupt(format!("role '{role}'")))?,
        editor_languages: json(r, 3, "users.editor_languages")?,
        disabled: r.flag(4)?,
    })
}
