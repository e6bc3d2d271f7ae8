//! An external OpenID issuer: its JWKS served on loopback by the test, its RS256 and ES256 tokens
//! accepted by /api/trpc with iss, aud, exp, iat and the signature checked.

use std::sync::Arc;

use axum::routing::get;
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Client;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use serde_json::{json, Value};
use writeit_server::auth::{ExternalIssuer, SigningKeys, Verifier};
use writeit_server::{app, AppState};

/// A throwaway 2048-bit RSA key made for this test only (`openssl genrsa`), and its modulus.
const RSA_PEM: &[u8] = include_bytes!("data/oidc-test-rsa.pem");
const RSA_N: &str = "wFduwa_yAJPlXzIEH0afeksPZz8Gs8o5xC0MBUz-60vPw-EAbwC2ypkr_iLVMirrP4-djbdURUfznrgM1pDPeKUFDxA_iqcO0V4gDxUWQoBSFvKhiGLE0X8wJFmt0uGugDYAy02iEwKd5CdA9pRAJrbGMPtz5ThDNzVqiwrH1iyI2vys4fSw2GgMFqapV6FEbpL6LIHXIpoDgOAHn8Ci--0y8FRJivbwlhE15qDQHjZgf_bWw3XhdYi3ZaCX3tEBjrXv_G1C2BYchjXTNxwjMmWBwAWCMYQeaBsProsDny0Do88GyHQkIrMEBN2GLpWWoJH90HwePE6U4N47_p0DHQ";
const ISSUER: &str = "https://issuer.example";

async fn serve(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn tokens_of_an_external_issuer_are_accepted_and_checked() {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let ec = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
        .unwrap();
    let ec_pair = EcdsaKeyPair::from_pkcs8(
        &ECDSA_P256_SHA256_FIXED_SIGNING,
        ec.as_ref(),
        &SystemRandom::new(),
    )
    .unwrap();
    let point = ec_pair.public_key().as_ref(); // 0x04 || x || y
    let jwks = json!({"keys": [
        {"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": "ec1", "x": b64.encode(&point[1..33]), "y": b64.encode(&point[33..65])},
        {"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "rsa1", "n": RSA_N, "e": "AQAB"},
        {"kty": "oct", "kid": "ignored", "k": "c2VjcmV0"},
    ]});
    let jwks_url = format!(
        "{}/jwks",
        serve(axum::Router::new().route("/jwks", get(move || async move { axum::Json(jwks) })))
            .await
    );
    let external = ExternalIssuer::load(ISSUER, "writeit", &jwks_url)
        .await
        .unwrap();

    let dir = std::env::temp_dir().join(format!("writeit-oidc-{}", uuid::Uuid::now_v7()));
    let store = writeit_store::open(&format!("sqlite:{}", dir.join("t.db").display()))
        .await
        .unwrap();
    let verifier = Verifier::new(&SigningKeys::generate()).with_external(Arc::new(external));
    let url = serve(app(AppState::new(store, verifier), None)).await;

    let now = writeit_server::clock::now_secs();
    let claims = |f: &dyn Fn(&mut Value)| {
        let mut c = json!({"iss": ISSUER, "aud": "writeit", "sub": "ext-user", "iat": now, "exp": now + 600});
        f(&mut c);
        c
    };
    let es = |c: &Value, kid: &str| {
        let mut h = Header::new(Algorithm::ES256);
        h.kid = Some(kid.into());
        jsonwebtoken::encode(&h, c, &EncodingKey::from_ec_der(ec.as_ref())).unwrap()
    };
    let rs = |c: &Value| {
        let mut h = Header::new(Algorithm::RS256);
        h.kid = Some("rsa1".into());
        jsonwebtoken::encode(&h, c, &EncodingKey::from_rsa_pem(RSA_PEM).unwrap()).unwrap()
    };
    let http = Client::new();
    let call = |token: String| {
        let http = http.clone();
        let url = format!("{url}/api/trpc/queryUserDecks?input=%7B%22offset%22%3A0%7D");
        async move {
            let res = http
                .get(url)
                .header("authorization", format!("Bearer {token}"))
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let v: Value = res.json().await.unwrap();
            (
                status,
                v["error"]["data"]["code"]
                    .as_str()
                    .unwrap_or("OK")
                    .to_string(),
            )
        }
    };
    let ok = (200, "OK".to_string());
    let refused = (401, "UNAUTHORIZED".to_string());
    assert_eq!(call(es(&claims(&|_| {}), "ec1")).await, ok);
    assert_eq!(call(rs(&claims(&|_| {}))).await, ok);
    assert_eq!(
        call(es(
            &claims(&|c| c["iss"] = json!("https://other.example")),
            "ec1"
        ))
        .await,
        refused
    );
    assert_eq!(
        call(es(&claims(&|c| c["aud"] = json!("someone-else")), "ec1")).await,
        refused
    );
    assert_eq!(
        call(es(&claims(&|c| c["exp"] = json!(now - 1)), "ec1")).await,
        refused
    );
    assert_eq!(
        call(rs(&claims(&|c| c["exp"] = json!(now - 1)))).await,
        refused
    );
    assert_eq!(call(es(&claims(&|_| {}), "unknown-kid")).await, refused);
    // Issue 36: never issued in the future; the issuer's own lifetime (10 h here) stands.
    assert_eq!(
        call(es(&claims(&|c| c["iat"] = json!(now + 3600)), "ec1")).await,
        refused
    );
    assert_eq!(
        call(rs(&claims(&|c| c["exp"] = json!(now + 10 * 3600)))).await,
        ok
    );
    // Signed by a key the JWKS does not hold, under a kid it does.
    let other =
        EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
            .unwrap();
    let mut h = Header::new(Algorithm::ES256);
    h.kid = Some("ec1".into());
    let forged = jsonwebtoken::encode(
        &h,
        &claims(&|_| {}),
        &EncodingKey::from_ec_der(other.as_ref()),
    )
    .unwrap();
    assert_eq!(call(forged).await, refused);
    // An RS256 token presented under the EC key's kid.
    let mut h = Header::new(Algorithm::RS256);
    h.kid = Some("ec1".into());
    let confused = jsonwebtoken::encode(
        &h,
        &claims(&|_| {}),
        &EncodingKey::from_rsa_pem(RSA_PEM).unwrap(),
    )
    .unwrap();
    assert_eq!(call(confused).await, refused);
    let _ = std::fs::remove_dir_all(&dir);
}
