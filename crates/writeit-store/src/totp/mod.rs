//! A user's TOTP factor: its sealed secret and the last 30-second step a code was accepted for
//! (so a code is never accepted twice).

use sqlx::Executor;

use crate::dialect::{Affected, Bind, Dialect};
use crate::identity::TotpFactor;
use crate::rows::Row;
use crate::Result;

const GET: &str = include_str!("get.sql");
const UPSERT: &str = include_str!("upsert.sql");
const DELETE: &str = include_str!("delete.sql");
const USE_STEP: &str = include_str!("use_step.sql");

/// The user's factor.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
) -> Result<Option<TotpFactor>> {
    let row = D::query(GET).arg(user_id).fetch_optional(ex).await?;
    row.map(|r| {
        Ok(TotpFactor {
            enrollment_id: r.text(0)?,
            secret: r.text(1)?,
            display_name: r.opt_text(2)?,
            enrolled_at: r.int(3)?,
            last_step: r.int(4)?,
        })
    })
    .transpose()
}

/// Enrols (or replaces) the user's factor.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    f: &TotpFactor,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user_id)
        .arg(&f.enrollment_id)
        .arg(&f.secret)
        .arg(&f.display_name)
        .arg(f.enrolled_at)
        .arg(f.last_step)
        .execute(ex)
        .await?;
    Ok(())
}

/// Removes the user's factor.
pub(crate) async fn delete<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
) -> Result<()> {
    D::query(DELETE).arg(user_id).execute(ex).await?;
    Ok(())
}

/// Records `step` as used; false when it (or a later one) already was.
pub(crate) async fn use_step<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user_id: &str,
    step: i64,
) -> Result<bool> {
    let done = D::query(USE_STEP)
        .arg(user_id)
        .arg(step)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}
