//! Serving the built web app from the same origin as the API. Hashed files are cached for a year;
//! index.html, the service worker and builds/latest.json are revalidated on every load, so a new
//! build is picked up at once. Client routes (no file extension) fall back to index.html; a
//! missing file with an extension (an old chunk after a deploy) is a real 404, so the client's
//! chunk-load guard can react. The build writes Brotli and gzip copies of its hashed text files
//! (`web/src/offline/precompressPlugin.ts`); they are sent to browsers that accept them.

use std::path::PathBuf;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// A router serving the web build in `dir`.
pub fn router(dir: PathBuf) -> Router {
    let index = dir.join("index.html");
    let files = ServeDir::new(&dir)
        .precompressed_gzip()
        .precompressed_br()
        .fallback(tower::service_fn(move |req: Request| {
            let index = index.clone();
            async move {
                let path = req.uri().path();
                if has_extension(path) || path.starts_with("/api/") {
                    return Ok::<_, std::convert::Infallible>(
                        StatusCode::NOT_FOUND.into_response(),
                    );
                }
                let res = ServeFile::new(index)
                    .precompressed_br()
                    .precompressed_gzip()
                    .oneshot(req)
                    .await
                    .map(IntoResponse::into_response);
                Ok(res.unwrap_or_else(|_| StatusCode::NOT_FOUND.into_response()))
            }
        }));
    Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(cache_headers))
}

fn has_extension(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'))
}

/// How long a browser may keep a file, by its path.
fn cache_policy(path: &str) -> &'static str {
    if path.starts_with("/assets/") || path.starts_with("/_i18n/") {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

async fn cache_headers(req: Request<Body>, next: Next) -> Response {
    let policy = cache_policy(req.uri().path());
    let mut res = next.run(req).await;
    if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
        let headers = res.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        // The body depends on Accept-Encoding (precompressed copies), so caches must key on it;
        // ServeDir leaves this out when it sends a precompressed file.
        if !headers.contains_key(header::VARY) {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_files_are_immutable_and_the_rest_revalidates() {
        assert_eq!(cache_policy("/assets/index-abc123.js"), IMMUTABLE);
        assert_eq!(cache_policy("/_i18n/abc/ko-KR/messages.json"), IMMUTABLE);
        assert_eq!(cache_policy("/index.html"), REVALIDATE);
        assert_eq!(cache_policy("/sw.js"), REVALIDATE);
        assert_eq!(cache_policy("/builds/latest.json"), REVALIDATE);
        assert_eq!(cache_policy("/decks/123"), REVALIDATE);
        assert!(has_extension("/assets/x.js") && !has_extension("/decks/0190a4b2-7c1e"));
    }
}
