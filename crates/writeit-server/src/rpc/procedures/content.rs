//! Public content saves: decks, entries, characters. Admins, or editors of the row's language
//! (old and new), may write; the store checks the language inside the write transaction. And what
//! the server holds of each language, for the admin area.

use serde_json::json;
use writeit_core::entity::{Character, Deck, Entry};
use writeit_core::RpcError;
use writeit_store::Store;

use crate::auth::Caller;
use crate::error::store_error;
use crate::rpc::envelope::json;

fn one<T>(mut saved: Vec<T>) -> Result<T, RpcError> {
    saved.pop().ok_or_else(RpcError::internal)
}

/// `saveDeck`: answers the deck.
pub async fn save_deck(store: &dyn Store, caller: &Caller, deck: Deck) -> Result<String, RpcError> {
    let may = |l: &str| caller.may_curate(l);
    json(&one(store
        .save_decks(vec![deck], &may)
        .await
        .map_err(store_error)?)?)
}

/// `saveEntry`: answers `{entry}`.
pub async fn save_entry(
    store: &dyn Store,
    caller: &Caller,
    entry: Entry,
) -> Result<String, RpcError> {
    let may = |l: &str| caller.may_curate(l);
    let entry = one(store
        .save_entries(vec![entry], &may)
        .await
        .map_err(store_error)?)?;
    json(&json!({ "entry": entry }))
}

/// `saveCharacter`: answers `{character}`.
pub async fn save_character(
    store: &dyn Store,
    caller: &Caller,
    character: Character,
) -> Result<String, RpcError> {
    let may = |l: &str| caller.may_curate(l);
    let character = one(store
        .save_characters(vec![character], &may)
        .await
        .map_err(store_error)?)?;
    json(&json!({ "character": character }))
}

/// `queryLanguageCounts`: every live language with its live decks, entries and characters (public
/// rows, counted here rather than on a device that may hold only some languages).
pub async fn language_counts(store: &dyn Store) -> Result<String, RpcError> {
    json(&store.language_counts().await.map_err(store_error)?)
}
