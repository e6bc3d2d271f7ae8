//! A learner's own rows: user decks, user entries, reviews (which rebuild their card), and
//! fitting their FSRS parameters.

use writeit_core::entity::{
    SaveUserDeckInput, SaveUserEntryInput, SaveUserReviewOutput, UserReview,
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

/// `saveUserReview`: answers `{card}`, the card replayed from all its reviews.
/// The learner's log changed, so the fitter is nudged to look at them.
pub async fn save_user_review(
    store: &dyn Store,
    fitter: &Fitter,
    user: &str,
    review: UserReview,
) -> Result<String, RpcError> {
    review.validate_at(crate::clock::now_ms())?;
    let card = store
        .save_user_review(user, &review)
        .await
        .map_err(store_error)?;
    fitter.nudge(user);
    json(&SaveUserReviewOutput { card })
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
