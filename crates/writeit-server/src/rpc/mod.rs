//! tRPC v11's HTTP protocol at `/api/trpc` (DESIGN §3), so the unmodified `@trpc/client` works.
//! `request` parses a call, `envelope` writes answers, `procedures` does the work; the handler
//! takes [`RpcState`], the part of the application's state it uses.

pub(crate) mod envelope;
mod procedures;
mod request;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, Uri};
use axum::response::Response;
use writeit_store::SharedStore;

use crate::auth::Authenticator;
use envelope::Answer;

/// What `/api/trpc` uses of the application's state: the store, who is calling, the fitter.
#[derive(Clone)]
pub struct RpcState {
    pub store: SharedStore,
    pub callers: Authenticator,
    pub fitter: std::sync::Arc<crate::fitter::Fitter>,
}

/// Handles every request under `/api/trpc/`.
pub async fn handle(
    State(state): State<RpcState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: Option<Path<String>>,
    body: Body,
) -> Response {
    if method == Method::HEAD {
        return envelope::no_content();
    }
    let path = path.map(|Path(p)| p).unwrap_or_default();
    let calls = match request::parse(&method, &uri, &headers, &path, body).await {
        Ok(calls) => calls,
        Err(e) => return envelope::whole_failure(&e),
    };
    let caller = match state.callers.caller(&headers).await {
        Ok(c) => c,
        Err(e) => return envelope::whole_failure(&crate::error::token_error(e)),
    };
    // Calls run one after another in call order: a batch that asks getServerTime before the
    // queries must read the clock first, or the sync invariant (docs/sync.md) breaks.
    let request = procedures::Request::new(&*state.store, &state.fitter, &caller);
    let mut answers = Vec::with_capacity(calls.items.len());
    for item in &calls.items {
        let result = match item.procedure {
            Ok(p) => request.call(p, item.input.as_deref()).await,
            Err(ref e) => Err(e.clone()),
        };
        answers.push(Answer {
            path: &item.name,
            result,
        });
    }
    envelope::respond(calls.batched, answers)
}
