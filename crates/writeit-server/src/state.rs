//! What request handlers share, [`AppState`], and the part of it each family of routes takes
//! (axum's `FromRef`): identity its [`IdentityState`], `/api/trpc` its [`RpcState`], import,
//! export and media their [`ImportState`]. Each family names what it needs in its own module, so
//! none of them depends on the whole application; this module is the one that knows them all.

use std::sync::Arc;

use axum::extract::FromRef;
use writeit_store::SharedStore;

use crate::auth::{Authenticator, StatusCache, Verifier};
use crate::fitter::Fitter;
use crate::identity::{Identity, IdentityState};
use crate::import::state::ImportState;
use crate::media_collector::MediaPolicy;
use crate::rpc::RpcState;

/// What every request handler shares. Holds nothing another instance would need.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The shared parts.
pub struct Inner {
    pub store: SharedStore,
    pub verifier: Arc<Verifier>,
    /// Accounts, sessions, mail (`/identity/v1/`).
    pub identity: Arc<Identity>,
    /// Per-request account checks (disabled, role, revoked), briefly cached.
    pub statuses: Arc<StatusCache>,
    /// Imports and previews running now, at most [`crate::import::IMPORTS_MAX`].
    pub imports: Arc<tokio::sync::Semaphore>,
    /// Fits learners' FSRS parameters in the background and on request.
    pub fitter: Arc<Fitter>,
    /// The media quota and the collector's grace period.
    pub media: MediaPolicy,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    /// State over a store and a token verifier, with the default identity set-up (mail to
    /// `data/outbox`).
    pub fn new(store: SharedStore, verifier: Verifier) -> AppState {
        let identity = Identity::new(Default::default(), crate::identity::Sealer::generate())
            .expect("the default identity set-up is valid");
        Self::with_identity(store, verifier, identity)
    }

    /// State with an identity service as configured (and the fitter's default settling time).
    pub fn with_identity(store: SharedStore, verifier: Verifier, identity: Identity) -> AppState {
        Self::with_fitter(store, verifier, identity, crate::fitter::DEFAULT_SETTLE)
    }

    /// State whose fitter looks at a learner `settle` after their last review.
    pub fn with_fitter(
        store: SharedStore,
        verifier: Verifier,
        identity: Identity,
        settle: std::time::Duration,
    ) -> AppState {
        Self::with_media(store, verifier, identity, settle, MediaPolicy::default())
    }

    /// [`AppState::with_fitter`], with the media quota and grace period of `media`.
    pub fn with_media(
        store: SharedStore,
        verifier: Verifier,
        identity: Identity,
        settle: std::time::Duration,
        media: MediaPolicy,
    ) -> AppState {
        let fitter = Fitter::start(store.clone(), settle);
        let statuses = StatusCache::new(identity.config.status_ttl)
            .with_dev_tokens(identity.config.dev_tokens);
        AppState(Arc::new(Inner {
            store,
            verifier: Arc::new(verifier),
            identity: Arc::new(identity),
            statuses: Arc::new(statuses),
            imports: Arc::new(tokio::sync::Semaphore::new(crate::import::IMPORTS_MAX)),
            fitter,
            media,
        }))
    }

    fn authenticator(&self) -> Authenticator {
        Authenticator {
            verifier: self.verifier.clone(),
            statuses: self.statuses.clone(),
            store: self.store.clone(),
        }
    }
}

impl FromRef<AppState> for IdentityState {
    fn from_ref(state: &AppState) -> IdentityState {
        IdentityState {
            store: state.store.clone(),
            verifier: state.verifier.clone(),
            statuses: state.statuses.clone(),
            identity: state.identity.clone(),
        }
    }
}

impl FromRef<AppState> for RpcState {
    fn from_ref(state: &AppState) -> RpcState {
        RpcState {
            store: state.store.clone(),
            callers: state.authenticator(),
            fitter: state.fitter.clone(),
        }
    }
}

impl FromRef<AppState> for ImportState {
    fn from_ref(state: &AppState) -> ImportState {
        ImportState {
            store: state.store.clone(),
            callers: state.authenticator(),
            slots: state.imports.clone(),
            media: state.media,
        }
    }
}
