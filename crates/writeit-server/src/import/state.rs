//! What the import, export and media routes share: their part of the application's state and
//! the check that the caller curates the language concerned.

use std::sync::Arc;

use writeit_core::{ErrorCode, RpcError};
use writeit_store::SharedStore;

use crate::auth::{Authenticator, Caller};
use crate::error::ApiError;
use axum::http::HeaderMap;

/// What import, export and media use of the application's state: the store, who is calling, and
/// the places for imports and previews ([`super::IMPORTS_MAX`]).
#[derive(Clone)]
pub struct ImportState {
    pub store: SharedStore,
    pub callers: Authenticator,
    pub slots: Arc<tokio::sync::Semaphore>,
    /// The media quota uploads and imports are held to.
    pub media: crate::media_collector::MediaPolicy,
}

impl ImportState {
    /// `caller` as an uploader of media, held to the quota.
    pub fn uploader(&self, caller: &Caller) -> writeit_store::Uploader {
        writeit_store::Uploader {
            user_id: caller.user_id().unwrap_or_default().to_string(),
            quota: Some(self.media.quota),
        }
    }
}

/// The caller, who must curate `language` (any language when `None`).
pub(super) async fn curator(
    state: &ImportState,
    headers: &HeaderMap,
    language: Option<&str>,
) -> Result<Caller, ApiError> {
    curator_to(state, headers, language, "import or export content").await
}

/// [`curator`], the refusals naming what the caller wanted to do (`action`).
pub(super) async fn curator_to(
    state: &ImportState,
    headers: &HeaderMap,
    language: Option<&str>,
    action: &str,
) -> Result<Caller, ApiError> {
    let caller = state.callers.caller(headers).await?;
    if caller == Caller::Guest {
        return Err(RpcError::new(
            ErrorCode::Unauthorized,
            format!("Sign in as an admin or an editor of the language to {action}"),
        )
        .into());
    }
    let allowed = match language {
        Some(l) => caller.may_curate(l),
        None => caller.is_curator(),
    };
    if !allowed {
        return Err(RpcError::forbidden(match language {
            Some(l) => format!("You may not {action} in language '{l}'"),
            None => format!("Only admins and editors may {action}"),
        })
        .into());
    }
    Ok(caller)
}
