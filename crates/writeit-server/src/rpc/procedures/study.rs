//! A learner's own rows: user decks, user entries, reviews (which rebuild their card).

use writeit_core::entity::{
    SaveUserDeckInput, SaveUserEntryInput, SaveUserReviewOutput, UserReview,
};
use writeit_core::RpcError;
use writeit_store::Store;

use crate::error::store_error;
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
pub async fn save_user_review(
    store: &dyn Store,
    user: &str,
    review: UserReview,
) -> Result<String, RpcError> {
    review.validate_at(crate::clock::now_ms())?;
    let card = store
        .save_user_review(user, &review)
        .await
        .map_err(store_error)?;
    json(&SaveUserReviewOutput { card })
}
