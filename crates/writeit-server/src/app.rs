//! The axum application, built by a function so tests drive exactly what `writeit serve` runs:
//! the routes of every family, CORS, compression, security headers and `/healthz`. The state they
//! share is in `state.rs`.

use std::path::PathBuf;

use axum::extract::State;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{any, get};
use axum::{Json, Router};
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::trace::TraceLayer;

use crate::state::AppState;

/// Origins of the native shell (Capacitor serves the app from these), allowed to call the API
/// cross-origin when the API is at a full configured host.
pub const NATIVE_ORIGINS: [&str; 3] = [
    "capacitor://localhost",
    "https://localhost",
    "http://localhost",
];

/// The whole HTTP surface: `/api/trpc`, `/identity/v1/`, `/api/import/` and `/api/export/`
/// (docs/import.md), `/healthz`, and the web app from `web_dir` when built.
pub fn app(state: AppState, web_dir: Option<PathBuf>) -> Router {
    app_with_origins(state, web_dir, &NATIVE_ORIGINS)
}

/// [`app`], allowing cross-origin API calls from `origins` (the web app itself is same-origin).
pub fn app_with_origins(state: AppState, web_dir: Option<PathBuf>, origins: &[&str]) -> Router {
    let origins: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| HeaderValue::from_str(o).ok())
        .collect();
    let cors = CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST, Method::HEAD])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
        .expose_headers([header::HeaderName::from_static(
            crate::clock::SERVER_TIME_HEADER,
        )])
        .max_age(std::time::Duration::from_secs(600));
    let api = Router::new()
        .route("/api/trpc", any(crate::rpc::handle))
        .route("/api/trpc/", any(crate::rpc::handle))
        .route("/api/trpc/{*path}", any(crate::rpc::handle))
        .merge(crate::identity::router())
        .merge(crate::import::http::router())
        // Every API answer says the server's time (the device's clock offset, docs/rpc.md).
        .layer(axum::middleware::map_response(crate::clock::stamp))
        .layer(cors)
        .route("/healthz", get(healthz))
        .with_state(state);
    let web_dir = web_dir.filter(|d| d.join("index.html").is_file());
    let csp = crate::security::Csp::new(web_dir.as_ref().map(|d| d.join("index.html")));
    let api = match web_dir {
        Some(dir) => api.merge(crate::web::router(dir)),
        None => api.fallback(no_web_app),
    };
    // Small answers are not worth compressing; sync pages are, with gzip at its fastest level
    // (zlib-rs). Brotli and higher levels cost more CPU than building the pages, for 3-5% fewer
    // bytes (make bench).
    let predicate = DefaultPredicate::new().and(SizeAbove::new(1024));
    let api = api.layer(
        CompressionLayer::new()
            .quality(CompressionLevel::Precise(4))
            .compress_when(predicate),
    );
    crate::security::layer(api, csp)
        .layer(axum::middleware::map_request(crate::drain::wrap))
        .layer(TraceLayer::new_for_http())
}

/// `/healthz`: 200 when the database answers and accepts writes (a write rolled back) and the
/// disk has room, 503 otherwise: a read-only database or a full disk would answer reads and fail
/// every save. The body's `status` says which (`"the server's disk is full: …"`).
async fn healthz(State(state): State<AppState>) -> Response {
    let disk = crate::disk::full_reason(state.store.data_folder().as_deref());
    let check = match state.store.server_time().await {
        Ok(_) if disk.is_some() => {
            let reason = disk.unwrap_or_default();
            tracing::error!("health check: {reason}");
            Err(reason)
        }
        Ok(t) => state.store.check_writable().await.map(|()| t).map_err(|e| {
            tracing::error!(error = %e, "health check: the database does not accept writes");
            "database does not accept writes".to_string()
        }),
        Err(e) => {
            tracing::error!(error = %e, "health check: database unavailable");
            Err("database unavailable".to_string())
        }
    };
    match check {
        Ok(t) => Json(serde_json::json!({ "status": "ok", "serverTime": t })).into_response(),
        Err(status) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, crate::error::RETRY_AFTER_SECS)],
            Json(serde_json::json!({ "status": status })),
        )
            .into_response(),
    }
}

async fn no_web_app() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html(
            "<!doctype html><title>WriteIt</title><p>The WriteIt API is running at /api/trpc. \
              The web app is not built yet: <code>make run</code> builds it.</p>",
        ),
    )
        .into_response()
}
