//! A learner's settings for a deck (new cards a day, desired retention).

use sqlx::Executor;
use writeit_core::entity::UserDeck;

use crate::dialect::{Bind, Dialect};
use crate::rows::{small, Row};
use crate::Result;

const UPSERT: &str = include_str!("upsert.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// Upserts `user`'s row `d` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    d: &UserDeck,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(&d.id)
        .arg(i64::from(d.new_per_day))
        .arg(d.desired_retention)
        .arg(stamp)
        .arg(d.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// A row as `page.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<UserDeck> {
    let id = r.text(0)?;
    Ok(UserDeck {
        deck_id: id.clone(),
        id,
        new_per_day: small(r.int(1)?, "user_decks.new_per_day")?,
        desired_retention: r.real(2)?,
        updated_at: r.int(3)?,
        deleted: r.flag(4)?,
        language_code: r.opt_text(5)?,
    })
}
