//! The 15 procedures: access checked from the procedure table, input parsed and validated, then
//! one module per family does the work.

mod content;
mod study;
mod sync;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::value::RawValue;
use writeit_core::procedure::{Access, Procedure};
use writeit_core::validate::Validate;
use writeit_core::RpcError;
use writeit_store::StoreError;

use crate::app::AppState;
use crate::auth::Caller;

/// Runs one call: checks who may call it, then dispatches. Answers the output as JSON text.
pub async fn call(
    state: &AppState,
    caller: &Caller,
    procedure: &Procedure,
    input: Option<&RawValue>,
) -> Result<String, RpcError> {
    match procedure.access {
        Access::Anyone => {}
        Access::SignedIn => {
            caller.user_id().ok_or_else(RpcError::unauthorized)?;
        }
        Access::Curator => {
            caller.user_id().ok_or_else(RpcError::unauthorized)?;
            if !caller.is_curator() {
                return Err(RpcError::forbidden(
                    "Only admins and editors of a language may change its content",
                ));
            }
        }
    }
    let store = &*state.store;
    match procedure.name {
        "getServerTime" => sync::server_time(store).await,
        "queryLanguages" => sync::languages(store, parse(input)?).await,
        "queryDecks" => sync::decks(store, parse(input)?).await,
        "queryEntries" => sync::entries(store, parse(input)?).await,
        "queryCharacters" => sync::characters(store, parse(input)?).await,
        "queryUserEntries" => sync::user_entries(store, user(caller)?, parse(input)?).await,
        "queryUserDecks" => sync::user_decks(store, user(caller)?, parse(input)?).await,
        "queryUserCards" => sync::user_cards(store, user(caller)?, parse(input)?).await,
        "queryUserReviews" => sync::user_reviews(store, user(caller)?, parse(input)?).await,
        "saveDeck" => content::save_deck(store, caller, parse(input)?).await,
        "saveEntry" => content::save_entry(store, caller, parse(input)?).await,
        "saveCharacter" => content::save_character(store, caller, parse(input)?).await,
        "saveUserDeck" => study::save_user_deck(store, user(caller)?, parse(input)?).await,
        "saveUserEntry" => study::save_user_entry(store, user(caller)?, parse(input)?).await,
        "saveUserReview" => study::save_user_review(store, user(caller)?, parse(input)?).await,
        other => {
            tracing::error!(procedure = other, "procedure in the table has no handler");
            Err(RpcError::internal())
        }
    }
}

fn user(caller: &Caller) -> Result<&str, RpcError> {
    caller.user_id().ok_or_else(RpcError::unauthorized)
}

/// Parses and validates an input; failures name the field.
fn parse<T: DeserializeOwned + Validate>(input: Option<&RawValue>) -> Result<T, RpcError> {
    let raw = input.ok_or_else(|| RpcError::bad_request("input: is required"))?;
    let mut de = serde_json::Deserializer::from_str(raw.get());
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let field = if path == "." {
            "input".to_string()
        } else {
            path
        };
        RpcError::bad_request(format!(
            "{field}: {}",
            clean_serde_message(&inner.to_string())
        ))
    })?;
    value.validate()?;
    Ok(value)
}

/// serde's messages end with " at line 1 column 9", which means nothing to a person here.
fn clean_serde_message(m: &str) -> String {
    match m.rfind(" at line ") {
        Some(i) => m[..i].to_string(),
        None => m.to_string(),
    }
}

/// Serialises an output.
fn json<T: Serialize>(value: &T) -> Result<String, RpcError> {
    serde_json::to_string(value).map_err(|e| {
        tracing::error!(error = %e, "cannot serialise an output");
        RpcError::internal()
    })
}

/// Maps a store failure onto the tRPC error the caller sees; internal causes are logged only.
fn store_error(e: StoreError) -> RpcError {
    match e {
        StoreError::Invalid(m) => RpcError::bad_request(m),
        StoreError::Forbidden(m) => RpcError::forbidden(m),
        StoreError::Conflict(m) => RpcError::conflict(m),
        other => {
            tracing::error!(error = %other, "store failure");
            RpcError::internal()
        }
    }
}
