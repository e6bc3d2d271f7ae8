//! A learner's FSRS-6 parameters: the 21 weights their cards are scheduled with, how well they
//! predict the learner's own reviews, and the workload each desired retention implies. One row
//! per learner, keyed by the user's id; the server writes it (fitting, `fit/`), devices read it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A row of `userParameters`: `id` is the user's id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserParameters {
    pub id: String,
    /// The 21 FSRS-6 weights every card of the learner is scheduled and replayed with, exactly
    /// as stored (rounded to 4 decimals once, at fitting): the defaults until a fit beats them.
    pub weights: Vec<f64>,
    /// Whether `weights` were fitted to this learner (false: FSRS-6's defaults).
    pub fitted: bool,
    /// Live reviews in the learner's log when it was last fitted (or fitting was tried).
    pub reviews: u32,
    /// Training items those reviews gave (a review on a later day than its card's previous one).
    pub items: u32,
    /// Log loss of the default weights on that log (recency-weighted; lower is better).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_log_loss: Option<f64>,
    /// RMSE over probability bins of the default weights on that log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_rmse: Option<f64>,
    /// Log loss of `weights` on that log (equal to the defaults' when not fitted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log_loss: Option<f64>,
    /// RMSE over probability bins of `weights` on that log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rmse: Option<f64>,
    /// When the log was last fitted (server ms); 0: never.
    #[ts(type = "number")]
    pub fitted_at: i64,
    /// The workload of the learner's cards simulated forward with `weights`, one point per
    /// desired retention from 0.70 to 0.97 (empty when there was nothing to simulate).
    pub workload: Vec<Workload>,
    /// The lowest desired retention worth choosing: below it, each card remembered costs more
    /// time, not less (the simulated minimum of minutes per card memorised). `None`: unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub recommended_retention: Option<f64>,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub deleted: bool,
}

/// What one desired retention costs and gives, simulated over the next 365 days.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Workload {
    pub desired_retention: f64,
    /// Reviews a day (new cards included), averaged over the next 30 days.
    pub reviews_per_day30: f64,
    /// Minutes a day, averaged over the next 30 days.
    pub minutes_per_day30: f64,
    /// Reviews a day, averaged over the next 365 days.
    pub reviews_per_day365: f64,
    /// Minutes a day, averaged over the next 365 days.
    pub minutes_per_day365: f64,
    /// Cards expected to be remembered after 365 days.
    pub memorized365: f64,
}
