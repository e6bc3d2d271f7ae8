//! The 21 procedures: access checked from the procedure table, input parsed and validated, then
//! one module per family does the work; `clock` is the sync clock a request reads once.

mod clock;
mod content;
mod study;
mod sync;

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use writeit_core::procedure::{Access, Kind, Procedure};
use writeit_core::validate::Validate;
use writeit_core::{ErrorCode, ErrorReason, RpcError};
use writeit_store::Store;

use crate::auth::Caller;
use crate::fitter::Fitter;
use crate::rpc::envelope::json;
use clock::SyncClock;

/// One HTTP request's calls: who is calling, and the sync clock read once for all of them.
pub struct Request<'a> {
    store: &'a dyn Store,
    fitter: &'a Fitter,
    caller: &'a Caller,
    clock: SyncClock<'a>,
}

impl<'a> Request<'a> {
    /// A request by `caller`.
    pub fn new(store: &'a dyn Store, fitter: &'a Fitter, caller: &'a Caller) -> Self {
        Request {
            store,
            fitter,
            caller,
            clock: SyncClock::new(store),
        }
    }

    /// Runs one call: checks who may call it, then dispatches. Answers the output as JSON text.
    /// Every call's answer comes from here, so a refused mutation is logged here, once.
    pub async fn call(
        &self,
        procedure: &Procedure,
        input: Option<&RawValue>,
    ) -> Result<String, RpcError> {
        let result = call(self, procedure, input).await;
        if let (Kind::Mutation, Err(e)) = (procedure.kind, &result) {
            log_refusal(procedure.name, self.caller, e);
        }
        result
    }
}

/// Logs a refused mutation at warn (issue 23: a client kept sending what the server refused and
/// nothing showed it). Only what says which call failed and how, never what the learner sent:
/// procedure, field, reason, code and the caller's id (`guest` for none); not the message, which
/// may quote input values. UNAUTHORIZED is left out: a call racing a token refresh is normal.
/// TOO_MANY_REQUESTS and INTERNAL_SERVER_ERROR are logged like any refusal: the first says who is
/// being held back, and the second's cause (logged at error where it happens) knows neither the
/// procedure nor the caller.
fn log_refusal(procedure: &str, caller: &Caller, e: &RpcError) {
    if e.code == ErrorCode::Unauthorized {
        return;
    }
    tracing::warn!(
        procedure,
        field = e.field.as_deref().map(loggable_field),
        reason = e.reason.map(ErrorReason::as_str),
        code = e.code.as_str(),
        user_id = caller.user_id().unwrap_or("guest"),
        "mutation refused"
    );
}

/// A field path as logged: an unknown field's path is the key the client sent, which could be
/// anything, so only a path of the shape the wire types have is logged as it is.
fn loggable_field(field: &str) -> &str {
    let shaped = field.len() <= 100
        && field
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '[' | ']' | '_'));
    if shaped {
        field
    } else {
        "?"
    }
}

async fn call(
    request: &Request<'_>,
    procedure: &Procedure,
    input: Option<&RawValue>,
) -> Result<String, RpcError> {
    let (store, caller, clock) = (request.store, request.caller, &request.clock);
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
    match procedure.name {
        "getServerTime" => json(&clock.get().await?),
        "queryLanguages" => sync::languages(store, clock, parse(input)?).await,
        "queryDecks" => sync::decks(store, clock, parse(input)?).await,
        "queryEntries" => sync::entries(store, clock, parse(input)?).await,
        "queryCharacters" => sync::characters(store, clock, parse(input)?).await,
        "locateContent" => sync::locate(store, parse(input)?).await,
        "queryUserEntries" => sync::user_entries(store, clock, user(caller)?, parse(input)?).await,
        "queryUserDecks" => sync::user_decks(store, clock, user(caller)?, parse(input)?).await,
        "queryUserCards" => sync::user_cards(store, clock, user(caller)?, parse(input)?).await,
        "queryUserReviews" => sync::user_reviews(store, clock, user(caller)?, parse(input)?).await,
        "queryUserParameters" => {
            sync::user_parameters(store, clock, user(caller)?, parse(input)?).await
        }
        "queryUserTests" => sync::user_tests(store, clock, user(caller)?, parse(input)?).await,
        "queryLanguageCounts" => content::language_counts(store).await,
        "saveDeck" => content::save_deck(store, caller, parse(input)?).await,
        "saveEntry" => content::save_entry(store, caller, parse(input)?).await,
        "saveCharacter" => content::save_character(store, caller, parse(input)?).await,
        "saveUserDeck" => study::save_user_deck(store, user(caller)?, parse(input)?).await,
        "saveUserEntry" => study::save_user_entry(store, user(caller)?, parse(input)?).await,
        "saveUserReview" => {
            study::save_user_review(store, request.fitter, user(caller)?, parse(input)?).await
        }
        "optimizeUserParameters" => {
            study::optimize_user_parameters(request.fitter, user(caller)?).await
        }
        "saveUserTest" => study::save_user_test(store, user(caller)?, parse(input)?).await,
        other => {
            tracing::error!(procedure = other, "procedure in the table has no handler");
            Err(RpcError::internal())
        }
    }
}

fn user(caller: &Caller) -> Result<&str, RpcError> {
    caller.user_id().ok_or_else(RpcError::unauthorized)
}

/// Parses and validates an input; failures name the field (in the message, and as `field`).
fn parse<T: DeserializeOwned + Validate>(input: Option<&RawValue>) -> Result<T, RpcError> {
    let raw = input.ok_or_else(|| {
        RpcError::bad_request("input: is required").because(ErrorReason::Required)
    })?;
    let mut de = serde_json::Deserializer::from_str(raw.get());
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        let field = if path == "." {
            "input".to_string()
        } else {
            path.clone()
        };
        let error = RpcError::bad_request(format!("{field}: {}", clean_serde_message(&inner)))
            .because(ErrorReason::InvalidType);
        match serde_field(&path, &inner) {
            Some(f) => error.at(f),
            None => error,
        }
    })?;
    value.validate()?;
    Ok(value)
}

/// The JSON path of a serde failure at `path`: a missing field's own path (serde reports the
/// object that lacks it), `None` when the whole input has the wrong type.
fn serde_field(path: &str, message: &str) -> Option<String> {
    let missing = message
        .strip_prefix("missing field `")
        .and_then(|m| m.split_once('`'))
        .map(|(name, _)| name);
    match (path, missing) {
        (".", Some(name)) => Some(name.to_string()),
        (_, Some(name)) => Some(format!("{path}.{name}")),
        (".", None) => None,
        _ => Some(path.to_string()),
    }
}

/// serde's messages end with " at line 1 column 9", which means nothing to a person here.
fn clean_serde_message(m: &str) -> String {
    match m.rfind(" at line ") {
        Some(i) => m[..i].to_string(),
        None => m.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use writeit_core::entity::{Character, UserReview};
    use writeit_core::paging::PageInput;

    fn refusal<T: DeserializeOwned + Validate + std::fmt::Debug>(json: &str) -> RpcError {
        let raw = RawValue::from_string(json.to_string()).unwrap();
        parse::<T>(Some(&raw)).unwrap_err()
    }

    fn review(extra: &str) -> String {
        format!(
            r#"{{"id":"0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b","cardId":"x","entryId":"y","kind":"meaning"{extra}}}"#
        )
    }

    #[test]
    fn input_type_failures_name_the_field() {
        let cases: [(RpcError, Option<&str>); 6] = [
            (
                refusal::<UserReview>(&review(r#","rating":3,"reviewedAt":1,"durationMs":1.5"#)),
                Some("durationMs"),
            ),
            (
                refusal::<UserReview>(&review(r#","reviewedAt":1"#)),
                Some("rating"),
            ),
            (
                refusal::<Character>(
                    r#"{"id":"a","languageCode":"ko","value":"가","strokes":[{"path":"M","median":"no"}]}"#,
                ),
                Some("strokes[0].median"),
            ),
            (
                refusal::<PageInput>(r#"{"offset":0,"after":{"updatedAt":1}}"#),
                Some("after.id"),
            ),
            (
                refusal::<PageInput>(r#"{"offset":0,"extra":1}"#),
                Some("extra"),
            ),
            (refusal::<PageInput>("[]"), None),
        ];
        for (e, field) in cases {
            assert_eq!(e.code, writeit_core::ErrorCode::BadRequest, "{}", e.message);
            assert_eq!(e.reason, Some(ErrorReason::InvalidType), "{}", e.message);
            assert_eq!(e.field.as_deref(), field, "{}", e.message);
        }
        let e = refusal::<UserReview>(&review(r#","rating":3,"reviewedAt":1,"durationMs":1.5"#));
        assert_eq!(
            e.message,
            "durationMs: invalid type: floating point `1.5`, expected i64"
        );
    }

    #[test]
    fn only_field_paths_of_the_wire_shape_are_logged() {
        assert_eq!(loggable_field("strokes[0].median"), "strokes[0].median");
        assert_eq!(loggable_field("after.id"), "after.id");
        assert_eq!(loggable_field("my password is hunter2"), "?");
        assert_eq!(loggable_field(&"a".repeat(101)), "?");
    }

    #[test]
    fn a_missing_input_is_required() {
        let e = parse::<PageInput>(None).unwrap_err();
        assert_eq!((e.field, e.reason), (None, Some(ErrorReason::Required)));
    }
}
