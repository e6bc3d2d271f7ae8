//! Security headers. Every response says `nosniff`, may not be framed, sends a trimmed referrer and
//! keeps its own browsing context group. HTML pages also get a Content-Security-Policy: both
//! tokens live in localStorage, so the CSP is what stands between a future injection and an
//! account takeover. Scripts come only from this origin and from index.html's inline scripts (the
//! theme script and the page-snapshot start script, `web/src/app/snapshot/vitePlugin.ts`),
//! allowed by their hashes, read from the index.html actually served (recomputed when the file
//! changes), so the rule has one home and a new build can never be out of step with it.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::SystemTime;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use base64::Engine;
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy's fixed part. Styles allow 'unsafe-inline': emotion inserts <style> elements at run
/// time, and the snapshot start script restores saved styles and a page copy whose elements carry
/// style attributes, before any of the app's code runs; a nonce would need index.html rewritten
/// per response (no precompressed copies, no service-worker copy). Injected CSS cannot run script.
/// Audio may be an entry's external http(s) URL (validate::url); media is passive content.
const POLICY: &str = "default-src 'self'; \
    style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; \
    media-src 'self' blob: https: http:; \
    font-src 'self' data:; \
    connect-src 'self'; \
    worker-src 'self'; \
    manifest-src 'self'; \
    object-src 'none'; \
    base-uri 'self'; \
    form-action 'self'; \
    frame-ancestors 'none'";

/// When index.html was last changed, and its length: whether the policy must be worked out again.
type Stamp = Option<(SystemTime, u64)>;

/// The Content-Security-Policy of HTML responses, with the hashes of index.html's inline scripts.
pub struct Csp {
    index: Option<PathBuf>,
    /// The policy for index.html as last read, keyed by its modification time and length.
    cached: Mutex<Option<(Stamp, HeaderValue)>>,
}

impl Csp {
    /// The policy for the web build whose index.html is `index` (none: no inline scripts).
    pub fn new(index: Option<PathBuf>) -> Csp {
        Csp {
            index,
            cached: Mutex::new(None),
        }
    }

    /// The header value for the index.html on disk now.
    pub fn header(&self) -> HeaderValue {
        let stamp: Stamp = self.index.as_ref().and_then(|p| {
            let meta = std::fs::metadata(p).ok()?;
            Some((meta.modified().ok()?, meta.len()))
        });
        let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, value)) = cached.as_ref() {
            if *at == stamp {
                return value.clone();
            }
        }
        let html = self
            .index
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default();
        // The policy is ASCII (fixed text and base64 hashes); were it not, no inline script is
        // allowed (default-src 'self' covers scripts) rather than a panic on a request.
        let value = HeaderValue::from_str(&policy(&html))
            .unwrap_or_else(|_| HeaderValue::from_static(POLICY));
        *cached = Some((stamp, value.clone()));
        value
    }
}

/// The full policy for a page whose HTML is `html`.
pub fn policy(html: &str) -> String {
    let mut script = String::from("script-src 'self'");
    for hash in inline_script_hashes(html) {
        script.push_str(&format!(" 'sha256-{hash}'"));
    }
    format!("{POLICY}; {script}")
}

/// Base64 SHA-256 of each inline script's text (a `<script>` without `src`), as CSP hashes them.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut hashes = Vec::new();
    let mut at = 0;
    while let Some(start) = lower[at..].find("<script").map(|i| at + i) {
        let Some(open_end) = lower[start..].find('>').map(|i| start + i + 1) else {
            break;
        };
        let Some(close) = lower[open_end..].find("</script").map(|i| open_end + i) else {
            break;
        };
        let tag = &lower[start..open_end];
        let has_src = tag
            .split(|c: char| c.is_ascii_whitespace())
            .any(|attr| attr.starts_with("src="));
        if !has_src {
            let digest =
                ring::digest::digest(&ring::digest::SHA256, &html.as_bytes()[open_end..close]);
            hashes.push(base64::engine::general_purpose::STANDARD.encode(digest.as_ref()));
        }
        at = close;
    }
    hashes
}

/// `router` with the headers every response carries, and the CSP on HTML responses.
pub fn layer(router: Router, csp: Csp) -> Router {
    let csp = std::sync::Arc::new(csp);
    let fixed: [(HeaderName, &str); 4] = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        // Legacy browsers' frame-ancestors.
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    let mut router = router.layer(axum::middleware::from_fn(
        move |req: Request<Body>, next: Next| {
            let csp = csp.clone();
            async move {
                let mut res = next.run(req).await;
                if is_html(&res) {
                    res.headers_mut()
                        .insert(header::CONTENT_SECURITY_POLICY, csp.header());
                }
                res
            }
        },
    ));
    for (name, value) in fixed {
        router = router.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router
}

fn is_html(res: &Response) -> bool {
    res.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("text/html"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_inline_scripts_only() {
        let html = "<script>a()</script><script type=\"module\" src=\"/x.js\"></script>\
                    <SCRIPT type=module>b()</SCRIPT>";
        let sha = |s: &str| {
            base64::engine::general_purpose::STANDARD
                .encode(ring::digest::digest(&ring::digest::SHA256, s.as_bytes()).as_ref())
        };
        assert_eq!(inline_script_hashes(html), vec![sha("a()"), sha("b()")]);
        // A known vector: the CSP spec's example, sha256 of `alert('Hello, world.');`.
        assert_eq!(
            sha("alert('Hello, world.');"),
            "qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="
        );
        let policy = policy(html);
        assert!(policy.contains(&format!("script-src 'self' 'sha256-{}'", sha("a()"))));
        assert!(policy.contains("frame-ancestors 'none'"));
    }
}
