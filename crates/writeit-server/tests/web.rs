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
