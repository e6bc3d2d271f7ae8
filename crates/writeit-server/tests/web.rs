//! Serving the built web app: one origin, client-route fallback, cache headers.

use writeit_server::testing::TestServer;

#[tokio::test]
async fn serves_the_app_with_fallback_and_cache_headers() {
    let dir = std::env::temp_dir().join(format!("writeit-web-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>WriteIt</title>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/index-abc123.js"), "console.log(1)").unwrap();
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let server = TestServer::start_with_web(store, Some(dir.clone())).await;
    let get = |path: &str| reqwest::get(format!("{}{path}", server.url()));

    let res = get("/").await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert!(res.text().await.unwrap().contains("WriteIt"));

    let res = get("/decks/0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b/review")
        .await
        .unwrap();
    assert_eq!(
        (
            res.status().as_u16(),
            res.headers()["cache-control"].to_str().unwrap()
        ),
        (200, "no-cache")
    );

    let res = get("/assets/index-abc123.js").await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );

    // Precompressed copies go to browsers that accept them, index.html's too, keyed by Vary.
    std::fs::write(dir.join("assets/index-abc123.js.br"), b"br-bytes").unwrap();
    std::fs::write(dir.join("index.html.br"), b"br-index").unwrap();
    let http = reqwest::Client::new();
    for (path, body) in [
        ("/assets/index-abc123.js", "br-bytes"),
        ("/decks", "br-index"),
    ] {
        let res = http
            .get(format!("{}{path}", server.url()))
            .header("accept-encoding", "gzip, deflate, br, zstd")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["content-encoding"], "br", "{path}");
        assert_eq!(res.headers()["vary"], "accept-encoding", "{path}");
        assert_eq!(res.text().await.unwrap(), body, "{path}");
    }
    let plain = http
        .get(format!("{}/assets/index-abc123.js", server.url()))
        .header("accept-encoding", "identity")
        .send()
        .await
        .unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), "console.log(1)");

    assert_eq!(get("/assets/index-gone.js").await.unwrap().status(), 404);
    assert_eq!(get("/api/nothing").await.unwrap().status(), 404);
    // The API still answers on the same origin.
    assert_eq!(get("/api/trpc/getServerTime").await.unwrap().status(), 200);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_native_shell_may_call_the_api_cross_origin() {
    let dir = std::env::temp_dir().join(format!("writeit-cors-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let server = TestServer::start(store).await;
    let http = reqwest::Client::new();
    let preflight = http
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/api/trpc/saveDeck", server.url()),
        )
        .header("origin", "capacitor://localhost")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.status(), 200);
    assert_eq!(
        preflight.headers()["access-control-allow-origin"],
        "capacitor://localhost"
    );
    let other = http
        .get(format!("{}/api/trpc/getServerTime", server.url()))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The headers every response carries.
fn assert_common_headers(res: &reqwest::Response, what: &str) {
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(
        h["referrer-policy"], "strict-origin-when-cross-origin",
        "{what}"
    );
    assert_eq!(h["x-frame-options"], "DENY", "{what}");
    assert_eq!(h["cross-origin-opener-policy"], "same-origin", "{what}");
}

#[tokio::test]
async fn pages_get_a_csp_allowing_their_inline_scripts_and_every_answer_the_security_headers() {
    use base64::Engine;
    let dir = std::env::temp_dir().join(format!("writeit-csp-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    let page = |script: &str| {
        format!(
            "<!doctype html><title>WriteIt</title><script>{script}</script>\
             <script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>"
        )
    };
    std::fs::write(dir.join("index.html"), page("start(1)")).unwrap();
    std::fs::write(dir.join("assets/index-abc.js"), "console.log(1)").unwrap();
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let server = TestServer::start_with_web(store, Some(dir.clone())).await;
    let get = |path: &str| reqwest::get(format!("{}{path}", server.url()));
    let sha = |s: &str| {
        let digest = ring::digest::digest(&ring::digest::SHA256, s.as_bytes());
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest.as_ref())
        )
    };

    for path in [
        "/",
        "/decks/0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b",
        "/index.html",
    ] {
        let res = get(path).await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_common_headers(&res, path);
        let csp = res.headers()["content-security-policy"].to_str().unwrap();
        for part in [
            format!("script-src 'self' {}", sha("start(1)")),
            "frame-ancestors 'none'".into(),
            "object-src 'none'".into(),
            "base-uri 'self'".into(),
            "connect-src 'self'".into(),
            "worker-src 'self'".into(),
            "manifest-src 'self'".into(),
        ] {
            assert!(
                csp.split("; ").any(|d| d == part),
                "{path}: {part} in {csp}"
            );
        }
        assert!(!csp.contains("unsafe-eval"), "{csp}");
    }

    // A new build in place: the policy follows the file served.
    std::fs::write(dir.join("index.html"), page("start(22)")).unwrap();
    let res = get("/entries").await.unwrap();
    let csp = res.headers()["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains(&sha("start(22)")) && !csp.contains(&sha("start(1)")),
        "{csp}"
    );

    // API answers and static files: the common headers, no CSP (it governs documents only).
    for path in [
        "/api/trpc/getServerTime",
        "/assets/index-abc.js",
        "/healthz",
    ] {
        let res = get(path).await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_common_headers(&res, path);
        assert!(
            res.headers().get("content-security-policy").is_none(),
            "{path}"
        );
    }
    let res = get("/api/nothing").await.unwrap();
    assert_eq!(res.status(), 404);
    assert_common_headers(&res, "a 404");
    let _ = std::fs::remove_dir_all(&dir);
}
