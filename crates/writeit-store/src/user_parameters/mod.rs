//! A learner's FSRS-6 parameters: one row per user, written only by the fitter
//! (`Store::save_user_parameters`), read by every rebuild of one of their cards.

use sqlx::Executor;
use writeit_core::entity::UserParameters;
use writeit_core::fsrs::{weights_or_default, Weights, DEFAULT_WEIGHTS};

use crate::dialect::{Bind, Dialect};
use crate::rows::{json, small, to_json, Row};
use crate::Result;

const GET: &str = include_str!("get.sql");
const UPSERT: &str = include_str!("upsert.sql");
const CANDIDATES: &str = include_str!("candidates.sql");
/// A page of a user's rows (see `page::of_user`).
pub(crate) const PAGE: &str = include_str!("page.sql");
/// Deletes all of a user's rows (their account is going).
pub(crate) const DELETE_ALL: &str = include_str!("delete_all.sql");

/// `user`'s row, if they were ever fitted.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
) -> Result<Option<UserParameters>> {
    let found = D::query(GET).arg(user).fetch_optional(ex).await?;
    found.as_ref().map(row).transpose()
}

/// The weights `user`'s cards are scheduled with: theirs, or the defaults.
pub(crate) async fn weights<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
) -> Result<Weights> {
    Ok(get(ex, user)
        .await?
        .map_or(DEFAULT_WEIGHTS, |p| weights_or_default(&p.weights)))
}

/// Upserts `user`'s row `p` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    user: &str,
    p: &UserParameters,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(user)
        .arg(to_json(&p.weights))
        .arg(p.fitted)
        .arg(i64::from(p.reviews))
        .arg(i64::from(p.items))
        .arg(p.default_log_loss)
        .arg(p.default_rmse)
        .arg(p.log_loss)
        .arg(p.rmse)
        .arg(p.fitted_at)
        .arg(to_json(&p.workload))
        .arg(p.recommended_retention)
        .arg(stamp)
        .arg(p.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// Learners with at least `min_reviews` live reviews: (user, live reviews, reviews at their
/// last fit), for the fitter to decide who is due.
pub(crate) async fn candidates<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    min_reviews: u32,
) -> Result<Vec<(String, u32, Option<u32>)>> {
    let rows = D::query(CANDIDATES)
        .arg(i64::from(min_reviews))
        .fetch_all(ex)
        .await?;
    rows.iter()
        .map(|r| {
            let fitted_on = r.opt_int(2)?.map(|n| small(n, "reviews")).transpose()?;
            Ok((r.text(0)?, small(r.int(1)?, "review count")?, fitted_on))
        })
        .collect()
}

/// A row as `get.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<UserParameters> {
    Ok(UserParameters {
        id: r.text(0)?,
        weights: json(r, 1, "user_parameters.weights")?,
        fitted: r.flag(2)?,
        reviews: small(r.int(3)?, "user_parameters.reviews")?,
        items: small(r.int(4)?, "user_parameters.items")?,
        default_log_loss: r.opt_real(5)?,
        default_rmse: r.opt_real(6)?,
        log_loss: r.opt_real(7)?,
        rmse: r.opt_real(8)?,
        fitted_at: r.int(9)?,
        workload: json(r, 10, "user_parameters.workload")?,
        recommended_retention: r.opt_real(11)?,
        updated_at: r.int(12)?,
        deleted: r.flag(13)?,
    })
}
