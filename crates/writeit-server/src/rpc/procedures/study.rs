//! A learner's own rows: user decks, user entries, reviews (which rebuild their card), tests,
//! and fitting their FSRS parameters.

use writeit_core::entity::{
    SaveUserDeckInput, SaveUserEntryInput, SaveUserReviewOutput, SaveUserTestOutput, UserReview,
    UserTest,
};
use writeit_core::RpcError;
use writeit_store::Store;

use crate::error::store_error;
use crate::fitter::{FitFailure, Fitter};
use crate::rpc::envelope::json;

/// `saveUserDeck`: answers the user deck.
pub async fn save_user_deck(
    store: &dyn Store,
    user: &str,
    input: SaveUserDeckInput,
) -> Result<String, RpcError> {
    json(
        &store
            .save_user_deck(user, &input)
            .await
            .map_err(store_error)?,
    )
}

/// `saveUserEntry`: answers the user entry.
pub async fn save_user_entry(
    store: &dyn Store,
    user: &str,
    input: SaveUserEntryInput,
) -> Result<String, RpcError> {
    json(
        &store
            .save_user_entry(user, &input)
            .await
            .map_err(store_error)?,
    )
}

/// `saveUserReview`: answers `{card}`, the card replayed from all its reviews (a `reviewedAt`
/// later than the server's clock is stored at that clock: `decide::review`). The learner's log
/// changed, so the fitter is nudged to look at them.
pub async fn save_user_review(
    store: &dyn Store,
    fitter: &Fitter,
    user: &str,
    review: UserReview,
) -> Result<String, RpcError> {
    let card = store
        .save_user_review(user, &review)
        .await
        .map_err(store_error)?;
    fitter.nudge(user);
    json(&SaveUserReviewOutput { card })
}

/// `saveUserTest`: answers `{test}`, the row as stored. A test never touches the schedule here:
/// its answers that went to the schedule came as reviews of their own (`answers[i].reviewId`).
pub async fn save_user_test(
    store: &dyn Store,
    user: &str,
    test: UserTest,
) -> Result<String, RpcError> {
    let test = store
        .save_user_test(user, &test)
        .await
        .map_err(store_error)?;
    json(&SaveUserTestOutput { test })
}

/// `optimizeUserParameters`: fits now and answers the row.
pub async fn optimize_user_parameters(fitter: &Fitter, user: &str) -> Result<String, RpcError> {
    match fitter.fit_now(user).await {
        Ok(row) => json(&row),
        Err(FitFailure::Store(e)) => Err(store_error(e)),
        Err(e @ FitFailure::Stopped(_)) => {
            tracing::error!(user_id = %user, error = %e, "fit failed");
            Err(RpcError::internal())
        }
    }
}
