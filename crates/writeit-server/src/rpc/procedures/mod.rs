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

/// One HTTP request's calls: who is calling, and the sync clock read once for all of them.
pub struct Request<'a> {
    state: &'a AppState,
    caller: &'a Caller,
    clock: tokio::sync::OnceCell<i64>,
}

impl<'a> Request<'a> {
    /// A request by `caller`.
    pub fn new(state: &'a AppState, caller: &'a Caller) -> Self {
        Request {
            state,
            caller,
            clock: tokio::sync::OnceCell::new(),
        }
    }

    /// The committed sync clock, read at the first call that needs it. Every call of the request
    /// runs after that read, so answering `getServerTime` with it, and answering `[]` to a query
    /// whose offset is not below it, keeps the sync invariant (docs/sync.md): a row committed
    /// later carries a larger stamp and is fetched by the next sync.
    async fn clock(&self) -> Result<i64, RpcError> {
        self.clock
            .get_or_try_init(|| async { self.state.store.server_time().await.map_err(store_error) })
            .await
            .copied()
    }

    /// Runs one call: checks who may call it, then dispatches. Answers the output as JSON text.
    pub async fn call(
        &self,
        procedure: &Procedure,
        input: Option<&RawValue>,
    ) -> Result<String, RpcError> {
        call(self, procedure, input).await
    }
}

async fn call(
    request: &Request<'_>,
    procedure: &Procedure,
    input: Option<&RawValue>,
) -> Result<String, RpcError> {
    let (state, caller) = (request.state, request.caller);
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
        "getServerTime" => json(&request.clock().await?),
        "queryLanguages" => sync::languages(store, request, parse(input)?).await,
        "queryDecks" => sync::decks(store, request, parse(input)?).await,
        "queryEntries" => sync::entries(store, request, parse(input)?).await,
        "queryCharacters" => sync::characters(store, request, parse(input)?).await,
        "queryUserEntries" => {
            sync::user_entries(store, request, user(caller)?, parse(input)?).await
        }
        "queryUserDecks" => sync::user_decks(store, request, user(caller)?, parse(input)?).await,
        "queryUserCards" => sync::user_cards(store, request, user(caller)?, parse(input)?).await,
        "queryUserReviews" => {
            sync::user_reviews(store, request, user(caller)?, parse(input)?).await
        }
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
