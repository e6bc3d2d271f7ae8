//! A learner's tests over decks, each with its answers (kept as one JSON column: the store never
//! reads inside them).

use sqlx::Executor;
use writeit_core::entity::UserTest;

use crate::dialect::{Bind, Dialect};
use crate::rows::{json, to_json, Row};
use crate::Result;

const GET: &str = include_str!("get.sql");
const UPSERT: &str = include_str!("upsert.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// `user`'s test `id`, tombstone included.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    id: &str,
) -> Result<Option<UserTest>> {
    let found = D::query(GET).arg(user).arg(id).fetch_optional(ex).await?;
    found.as_ref().map(row).transpose()
}

/// Upserts `user`'s test `t` stamped `stamp`: the whole row, replacing any earlier save.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    t: &UserTest,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(&t.id)
        .arg(&t.deck_id)
        .arg(t.started_at)
        .arg(t.finished_at)
        .arg(t.rescheduled)
        .arg(to_json(&t.answers))
        .arg(stamp)
        .arg(t.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// A row as `get.sql` and `page.sql` select it.
pub(crate) fn row(r: &impl Row) -> Result<UserTest> {
    Ok(UserTest {
        id: r.text(0)?,
        deck_id: r.text(1)?,
        started_at: r.int(2)?,
        finished_at: r.opt_int(3)?,
        rescheduled: r.flag(4)?,
        answers: json(r, 5, "user_tests.answers")?,
        updated_at: r.int(6)?,
        deleted: r.flag(7)?,
    })
}
