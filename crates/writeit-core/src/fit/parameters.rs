//! A learner's `UserParameters` row made from their log, and when it is due to be made again.

use crate::entity::{UserParameters, UserReview};
use crate::fsrs::weights_or_default;

use super::{default_weights, fit, workload, FitError};

/// Live reviews a log needs before the server fits it on its own. Measured on simulated learners
/// (`make bench`, bench/fit.sh `threshold`: 100 learners per length, fitted on the first 80%,
/// scored on the rest): at 400 and 600 reviews a fit predicts the learner's next reviews worse
/// than the defaults about as often as better (better for 54 and 56, mean gain in log loss
/// -0.0003 and +0.0017); at 800 better for two in three (+0.0085); at 1,600 for four in five
/// (+0.0174). A learner may still ask sooner.
pub const MIN_REVIEWS: u32 = 800;
/// A fitted log is fitted again once it has grown by this share (a quarter).
pub const GROWTH_NUMERATOR: u32 = 5;
pub const GROWTH_DENOMINATOR: u32 = 4;

/// Whether a learner with `reviews` live reviews, whose row was made from `fitted_on` reviews
/// (`None`: no row yet), should be fitted now by the background fitter (a request fits whenever
/// the log changed: [`changed_since`]).
pub fn due(reviews: u32, fitted_on: Option<u32>) -> bool {
    if reviews < MIN_REVIEWS {
        return false;
    }
    fitted_on.is_none_or(|before| {
        u64::from(reviews) * u64::from(GROWTH_DENOMINATOR)
            >= u64::from(before) * u64::from(GROWTH_NUMERATOR)
    })
}

/// Whether the log has changed since the row made from `fitted_on` reviews (a request to fit
/// an unchanged log answers the row as it is).
pub fn changed_since(reviews: u32, fitted_on: Option<u32>) -> bool {
    fitted_on != Some(reviews)
}

/// The row for `user` fitted to `reviews` (their log; taken back ones are left out) at `now`:
/// fitted weights when they beat the defaults, else the defaults; with the metrics of both and
/// the workload outlook.
pub fn parameters(user: &str, mut live: Vec<UserReview>, now: i64) -> UserParameters {
    live.retain(|r| !r.deleted);
    let (weights, fitted, items, defaults, chosen) = match fit(&live) {
        Ok(f) => (
            f.weights,
            f.fitted,
            f.items,
            Some(f.defaults),
            Some(f.chosen),
        ),
        // Too short a log to fit (no card reviewed on a later day) or an optimiser failure:
        // the defaults stand, and the attempt is recorded so it is not retried until it grows.
        Err(FitError::Empty | FitError::Optimiser(_)) => (default_weights(), false, 0, None, None),
    };
    let outlook = workload::outlook(&live, &weights_or_default(&weights), now);
    UserParameters {
        id: user.to_string(),
        weights,
        fitted,
        reviews: u32::try_from(live.len()).unwrap_or(u32::MAX),
        items: u32::try_from(items).unwrap_or(u32::MAX),
        default_log_loss: defaults.map(|m| m.log_loss),
        default_rmse: defaults.map(|m| m.rmse_bins),
        log_loss: chosen.map(|m| m.log_loss),
        rmse: chosen.map(|m| m.rmse_bins),
        fitted_at: now,
        workload: outlook.workload,
        recommended_retention: outlook.recommended_retention,
        updated_at: 0,
        deleted: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::simulate::learner;

    #[test]
    fn when_a_learner_is_due() {
        // (live reviews, stored row's reviews, due)
        let rows: [(u32, Option<u32>, bool); 9] = [
            (0, None, false),
            (799, None, false),
            (800, None, true),
            (5_000, None, true),
            (800, Some(800), false),
            (999, Some(800), false),
            (1_000, Some(800), true),
            (850, Some(0), true),
            (799, Some(0), false),
        ];
        for (i, (reviews, stored, expected)) in rows.into_iter().enumerate() {
            assert_eq!(due(reviews, stored), expected, "row {i}");
        }
        assert!(changed_since(3, None));
        assert!(!changed_since(3, Some(3)));
        assert!(changed_since(4, Some(3)));
    }

    #[test]
    fn an_empty_log_keeps_the_defaults_and_says_so() {
        let p = parameters("u", vec![], 7);
        assert_eq!(p.weights, default_weights());
        assert!(!p.fitted);
        assert_eq!((p.reviews, p.items, p.fitted_at), (0, 0, 7));
        assert_eq!(p.log_loss, None);
        assert!(p.workload.is_empty());
    }

    #[test]
    fn a_long_log_is_fitted_with_its_metrics_and_outlook() {
        let l = learner(1).with_history(1_500);
        let now = l.log.iter().map(|r| r.reviewed_at).max().unwrap() + 1;
        let p = parameters("u", l.log, now);
        assert_eq!(p.reviews, 1_500);
        assert!(p.items > 0);
        assert_eq!(p.weights.len(), 21);
        let (d, c) = (p.default_log_loss.unwrap(), p.log_loss.unwrap());
        assert_eq!(p.fitted, c < d, "{d} {c}");
        assert!(!p.workload.is_empty());
    }
}
