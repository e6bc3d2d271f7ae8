//! The identity service over HTTP: every endpoint and its errors, against a real server.

mod common;

use std::time::Duration;

use common::identity::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use writeit_server::auth::{Claims, SigningKeys, Verifier};
use writeit_server::identity::mfa::code_at;
use writeit_server::identity::users::UsersCommand;

fn id_token(v: &Value) -> String {
    v["idToken"].as_str().unwrap().to_string()
}
fn refresh_token(v: &Value) -> String {
    v["refreshToken"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn sign_up_sign_in_lookup() {
    let c = start().await;
    let up = c.sign_up("Ann@Example.com").await;
    assert_eq!(up["kind"], "identitytoolkit#SignupNewUserResponse");
    assert_eq!(up["email"], "ann@example.com");
    assert_eq!(up["expiresIn"], "1800");
    assert!(!up["localId"].as_str().unwrap().is_empty());
    let claims = claims(&id_token(&up));
    assert_eq!(
        (
            claims["iss"].as_str(),
            claims["aud"].as_str(),
            claims["role"].as_str()
        ),
        (Some("writeit"), Some("writeit"), Some("user"))
    );
    assert_eq!(
        claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(),
        1800
    );

    let (s, v) = c.sign_in("ann@example.com").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["registered"], true);
    assert_eq!(v["localId"], up["localId"]);
    let token = id_token(&v);
    assert_eq!(c.rpc("queryUserDecks", &token).await, (200, "OK".into()));

    let (s, v) = c.post("accounts:lookup", json!({"idToken": token})).await;
    assert_eq!(s, 200, "{v}");
    let user = &v["users"][0];
    assert_eq!(user["email"], "ann@example.com");
    assert_eq!(user["emailVerified"], false);
    assert_eq!(user["providerUserInfo"][0]["providerId"], "password");
    assert!(user.get("passwordHash").is_none());
    assert_eq!(
        serde_json::from_str::<Value>(user["customAttributes"].as_str().unwrap()).unwrap()["role"],
        "user"
    );
}

#[tokio::test]
async fn sign_up_and_sign_in_errors() {
    let c = start().await;
    c.sign_up("bob@example.com").await;
    let cases = [
        (
            json!({"email": "bob@example.com", "password": PASSWORD}),
            "EMAIL_EXISTS",
        ),
        (
            json!({"email": "BOB@example.com ", "password": PASSWORD}),
            "EMAIL_EXISTS",
        ),
        (json!({"password": PASSWORD}), "MISSING_EMAIL"),
        (
            json!({"email": "not-an-email", "password": PASSWORD}),
            "INVALID_EMAIL",
        ),
        (
            json!({"email": format!("{}@x.io", "a".repeat(250)), "password": PASSWORD}),
            "INVALID_EMAIL",
        ),
        (json!({"email": "c@example.com"}), "MISSING_PASSWORD"),
        (
            json!({"email": "c@example.com", "password": "short"}),
            "WEAK_PASSWORD : Password should be at least 8 characters",
        ),
        (
            json!({"email": "c@example.com", "password": "x".repeat(129)}),
            "WEAK_PASSWORD : Password should be at most 128 characters",
        ),
        (
            json!({"email": "c@example.com", "password": "C@example.com"}),
            "WEAK_PASSWORD : Password should not be the email address",
        ),
        (
            json!({"email": "c@example.com", "password": "Password1"}),
            "WEAK_PASSWORD : Password is among the most common passwords found in data breaches",
        ),
        (
            json!({"email": "c@example.com", "password": PASSWORD, "displayName": "n".repeat(257)}),
            "INVALID_DISPLAY_NAME",
        ),
    ];
    for (body, want) in cases {
        let (s, v) = c.post("accounts:signUp", body.clone()).await;
        assert_eq!((s, err(&v)), (StatusCode::BAD_REQUEST, want), "{body}");
        assert_eq!(v["error"]["code"], 400);
        assert_eq!(v["error"]["errors"][0]["message"], want);
    }
    // Malformed bodies are 400s in the same shape, never 500s.
    for body in ["{", "[]", r#"{"email": 5}"#, "null"] {
        let (s, v) = c
            .post_raw("accounts:signUp", "application/json", body.into())
            .await;
        assert_eq!(s, 400, "{body}: {v}");
        assert!(err(&v).starts_with("INVALID_ARGUMENT"), "{body}: {v}");
    }
    let (s, v) = c.post("accounts:nope", json!({})).await;
    assert_eq!((s.as_u16(), err(&v)), (404, "NOT_FOUND"));

    // Wrong password and unknown email answer alike.
    let (s1, v1) = c.sign_in_with("bob@example.com", "wrong password!").await;
    let (s2, v2) = c.sign_in("nobody@example.com").await;
    assert_eq!(
        (s1, err(&v1)),
        (StatusCode::BAD_REQUEST, "INVALID_LOGIN_CREDENTIALS")
    );
    assert_eq!((s2, v2), (s1, v1));
    let (_, v) = c
        .post(
            "accounts:signInWithPassword",
            json!({"email": "bob@example.com"}),
        )
        .await;
    assert_eq!(err(&v), "MISSING_PASSWORD");
    let (_, v) = c
        .post("accounts:signInWithPassword", json!({"password": "x"}))
        .await;
    assert_eq!(err(&v), "INVALID_EMAIL");

    // createAuthUri says nothing about whether an account exists.
    let (s, known) = c
        .post(
            "accounts:createAuthUri",
            json!({"identifier": "bob@example.com", "continueUri": "http://x/"}),
        )
        .await;
    assert_eq!(s, 200);
    let (_, unknown) = c
        .post(
            "accounts:createAuthUri",
            json!({"identifier": "nobody@example.com", "continueUri": "http://x/"}),
        )
        .await;
    assert_eq!(known["signinMethods"], json!([]));
    assert_eq!(unknown["signinMethods"], json!([]));
    assert!(known.get("registered").is_none() && unknown.get("registered").is_none());
    let (_, v) = c.post("accounts:createAuthUri", json!({})).await;
    assert_eq!(err(&v), "MISSING_IDENTIFIER");
    let (_, v) = c
        .post("accounts:createAuthUri", json!({"identifier": "x"}))
        .await;
    assert_eq!(err(&v), "INVALID_IDENTIFIER");
}

#[tokio::test]
async fn refresh_rotates_and_reuse_revokes_the_family() {
    let c = start().await;
    let up = c.sign_up("cat@example.com").await;
    let r0 = refresh_token(&up);
    let (s, v) = c.refresh(&r0).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["token_type"], "Bearer");
    assert_eq!(v["expires_in"], "1800");
    assert_eq!(v["user_id"], up["localId"]);
    assert_eq!(v["id_token"], v["access_token"]);
    let r1 = v["refresh_token"].as_str().unwrap().to_string();
    assert_ne!(r1, r0);
    // JSON bodies work too.
    let (s, v) = c
        .post(
            "token",
            json!({"grant_type": "refresh_token", "refresh_token": r1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let r2 = v["refresh_token"].as_str().unwrap().to_string();
    // A used token comes back: the family is revoked, the newest token with it.
    let (s, v) = c.refresh(&r1).await;
    assert_eq!((s.as_u16(), err(&v)), (400, "TOKEN_EXPIRED"));
    let (_, v) = c.refresh(&r2).await;
    assert_eq!(err(&v), "TOKEN_EXPIRED");
    // Another sign-in is another family, untouched.
    let (_, v) = c.sign_in("cat@example.com").await;
    let (s, _) = c.refresh(&refresh_token(&v)).await;
    assert_eq!(s, 200);

    let (_, v) = c.refresh("made-up").await;
    assert_eq!(err(&v), "INVALID_REFRESH_TOKEN");
    let (_, v) = c
        .post_raw(
            "token",
            "application/x-www-form-urlencoded",
            "grant_type=refresh_token".into(),
        )
        .await;
    assert_eq!(err(&v), "MISSING_REFRESH_TOKEN");
    let (_, v) = c
        .post_raw(
            "token",
            "application/x-www-form-urlencoded",
            "refresh_token=x".into(),
        )
        .await;
    assert_eq!(err(&v), "MISSING_GRANT_TYPE");
    let (_, v) = c
        .post_raw(
            "token",
            "application/x-www-form-urlencoded",
            "grant_type=password&refresh_token=x".into(),
        )
        .await;
    assert_eq!(err(&v), "INVALID_GRANT_TYPE");
}

/// Issue 36 adds tokens signed by the server's own key whose times or generation it never
/// issues: `iat` ahead by more than a minute, a lifetime over an hour (`exp` years ahead), a
/// `gen` the account never had. Each was accepted.
#[tokio::test]
async fn forged_expired_and_foreign_tokens_are_refused() {
    let c = start().await;
    let up = c.sign_up("dan@example.com").await;
    let sub = up["localId"].as_str().unwrap();
    let now = writeit_server::clock::now_secs();
    let good = |f: &dyn Fn(&mut Claims)| {
        let mut claims = Verifier::claims(sub, writeit_store::Role::Admin, &[], now, 600);
        claims.dev = false;
        f(&mut claims);
        c.server.state.verifier.mint(&claims)
    };
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let payload = b64.encode(
        serde_json::to_vec(&Verifier::claims(
            sub,
            writeit_store::Role::Admin,
            &[],
            now,
            600,
        ))
        .unwrap(),
    );
    let none = format!(
        "{}.{payload}.",
        b64.encode(br#"{"alg":"none","typ":"JWT"}"#)
    );
    let hs256 = {
        let key = jsonwebtoken::EncodingKey::from_secret(b"guess");
        jsonwebtoken::encode(
            &jsonwebtoken::Header::default(),
            &Verifier::claims(sub, writeit_store::Role::Admin, &[], now, 600),
            &key,
        )
        .unwrap()
    };
    let other_key = Verifier::new(&SigningKeys::generate()).mint(&Verifier::claims(
        sub,
        writeit_store::Role::Admin,
        &[],
        now,
        600,
    ));
    let cases = [
        (none, "INVALID_ID_TOKEN"),
        (hs256, "INVALID_ID_TOKEN"),
        (other_key, "INVALID_ID_TOKEN"),
        (good(&|c| c.iss = "someone-else".into()), "INVALID_ID_TOKEN"),
        (good(&|c| c.aud = "another-app".into()), "INVALID_ID_TOKEN"),
        (
            good(&|c| {
                c.iat = now - 700;
                c.exp = now - 100
            }),
            "TOKEN_EXPIRED",
        ),
        ("garbage".to_string(), "INVALID_ID_TOKEN"),
        (String::new(), "INVALID_ID_TOKEN"),
        (
            good(&|c| {
                c.iat = now + 120;
                c.exp = now + 720
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            good(&|c| c.exp = now + 10 * 365 * 86_400),
            "INVALID_ID_TOKEN",
        ),
        (good(&|c| c.exp = now + 3601), "INVALID_ID_TOKEN"),
        (good(&|c| c.gen = 1), "INVALID_ID_TOKEN"),
    ];
    for (token, want) in cases {
        let (s, v) = c.post("accounts:lookup", json!({"idToken": token})).await;
        assert_eq!((s.as_u16(), err(&v)), (400, want), "{token}");
        if !token.is_empty() {
            assert_eq!(
                c.rpc("queryUserDecks", &token).await,
                (401, "UNAUTHORIZED".into()),
                "{token}"
            );
        }
    }
    // Within the bounds: a clock a little ahead, the longest lifetime (a development token's).
    for token in [good(&|c| c.iat = now + 30), good(&|c| c.exp = now + 3600)] {
        let (s, v) = c.post("accounts:lookup", json!({"idToken": token})).await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(c.rpc("queryUserDecks", &token).await, (200, "OK".into()));
    }
    // A revocation on another instance (straight in the store: this one's status cache still
    // holds generation 0 for seconds) makes generation 1 real: read again, not refused; 2 is not.
    c.server.store.revoke_sessions(sub, now - 1).await.unwrap();
    assert_eq!(
        c.rpc("queryUserDecks", &good(&|c| c.gen = 1)).await,
        (200, "OK".into())
    );
    assert_eq!(
        c.rpc("queryUserDecks", &good(&|c| c.gen = 2)).await,
        (401, "UNAUTHORIZED".into())
    );
    // The JWKS verifies the real tokens.
    let res = c
        .http
        .get(format!("{}/identity/v1/jwks.json", c.server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let jwks: Value = res.json().await.unwrap();
    let key = &jwks["keys"][0];
    assert_eq!(
        (
            key["kty"].as_str(),
            key["crv"].as_str(),
            key["alg"].as_str()
        ),
        (Some("OKP"), Some("Ed25519"), Some("EdDSA"))
    );
    let decoding =
        jsonwebtoken::DecodingKey::from_ed_components(key["x"].as_str().unwrap()).unwrap();
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::EdDSA);
    validation.set_audience(&["writeit"]);
    let header = jsonwebtoken::decode_header(&id_token(&up)).unwrap();
    assert_eq!(header.kid.as_deref(), key["kid"].as_str());
    jsonwebtoken::decode::<Value>(&id_token(&up), &decoding, &validation).unwrap();
}

#[tokio::test]
async fn sensitive_changes_need_a_recent_sign_in() {
    let c = start_with(|config| config.recent_sign_in_secs = 1).await;
    let up = c.sign_up("ivy@example.com").await;
    let signed_up_at = claims(&id_token(&up))["auth_time"].as_i64().unwrap();
    assert!((signed_up_at - claims(&id_token(&up))["iat"].as_i64().unwrap()).abs() <= 1);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    // A refreshed token keeps the sign-in time: refreshing is no proof of who is there.
    let (s, v) = c.refresh(&refresh_token(&up)).await;
    assert_eq!(s, 200, "{v}");
    let refreshed = v["id_token"].as_str().unwrap().to_string();
    assert_eq!(claims(&refreshed)["auth_time"].as_i64(), Some(signed_up_at));
    for token in [id_token(&up), refreshed.clone()] {
        let too_old = [
            (
                "accounts:update",
                json!({"idToken": token, "password": "another fine passphrase"}),
            ),
            (
                "accounts:update",
                json!({"idToken": token, "email": "ivy2@example.com"}),
            ),
            (
                "accounts:sendOobCode",
                json!({"idToken": token, "requestType": "VERIFY_AND_CHANGE_EMAIL", "newEmail": "ivy3@example.com"}),
            ),
            (
                "mfaEnrollment:start",
                json!({"idToken": token, "totpEnrollmentInfo": {}}),
            ),
            (
                "mfaEnrollment:withdraw",
                json!({"idToken": token, "mfaEnrollmentId": "x"}),
            ),
            ("accounts:delete", json!({"idToken": token})),
        ];
        for (endpoint, body) in too_old {
            let (s, v) = c.post(endpoint, body).await;
            assert_eq!(
                (s.as_u16(), err(&v)),
                (400, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"),
                "{endpoint}: {v}"
            );
        }
    }
    // Everything else still works with the old session.
    let (s, v) = c
        .post(
            "accounts:update",
            json!({"idToken": refreshed, "displayName": "Ivy"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = c
        .post("accounts:lookup", json!({"idToken": refreshed}))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        c.rpc("queryUserDecks", &refreshed).await,
        (200, "OK".into())
    );
    // Signing in again allows them; the new password's session is fresh too.
    let (_, v) = c.sign_in("ivy@example.com").await;
    let (s, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&v), "password": "another fine passphrase"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = c
        .post("accounts:delete", json!({"idToken": id_token(&v)}))
        .await;
    assert_eq!(s, 200, "{v}");
}

#[tokio::test]
async fn update_password_revokes_sessions_and_sign_out() {
    let c = start().await;
    let up = c.sign_up("eve@example.com").await;
    let (_, other) = c.sign_in("eve@example.com").await;
    // Display name and its removal.
    let (s, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&up), "displayName": "Eve"}),
        )
        .await;
    assert_eq!(
        (s.as_u16(), v["displayName"].as_str()),
        (200, Some("Eve")),
        "{v}"
    );
    assert!(v.get("idToken").is_none());
    let (_, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&up), "deleteAttribute": ["DISPLAY_NAME"]}),
        )
        .await;
    assert_eq!(v["displayName"], "");
    let (_, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&up), "password": "abc"}),
        )
        .await;
    assert!(err(&v).starts_with("WEAK_PASSWORD"));
    // A new password: every session revoked, the answer has a new one.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (s, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&up), "password": "a much better secret"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let fresh = v.clone();
    assert_eq!(
        err(&c.refresh(&refresh_token(&up)).await.1),
        "TOKEN_EXPIRED"
    );
    assert_eq!(
        err(&c.refresh(&refresh_token(&other)).await.1),
        "TOKEN_EXPIRED"
    );
    let (_, v) = c
        .post("accounts:lookup", json!({"idToken": id_token(&other)}))
        .await;
    assert_eq!(err(&v), "TOKEN_EXPIRED");
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&other)).await,
        (401, "UNAUTHORIZED".into())
    );
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&fresh)).await,
        (200, "OK".into())
    );
    assert_eq!(
        err(&c.sign_in("eve@example.com").await.1),
        "INVALID_LOGIN_CREDENTIALS"
    );
    let (s, _) = c
        .sign_in_with("eve@example.com", "a much better secret")
        .await;
    assert_eq!(s, 200);

    // Email change: EMAIL_EXISTS when taken; otherwise unverified and a new token.
    c.sign_up("taken@example.com").await;
    let (_, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&fresh), "email": "taken@example.com"}),
        )
        .await;
    assert_eq!(err(&v), "EMAIL_EXISTS");
    let (s, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&fresh), "email": "eve2@example.com"}),
        )
        .await;
    assert_eq!(
        (
            s.as_u16(),
            v["email"].as_str(),
            v["emailVerified"].as_bool()
        ),
        (200, Some("eve2@example.com"), Some(false))
    );
    assert_eq!(claims(&id_token(&v))["email"], "eve2@example.com");

    // Sign-out with a refresh token ends that session only; with an ID token, all of them.
    let (_, a) = c
        .sign_in_with("eve2@example.com", "a much better secret")
        .await;
    let (_, b) = c
        .sign_in_with("eve2@example.com", "a much better secret")
        .await;
    let (s, _) = c
        .post(
            "accounts:signOut",
            json!({"refreshToken": refresh_token(&a)}),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(err(&c.refresh(&refresh_token(&a)).await.1), "TOKEN_EXPIRED");
    let (s, b2) = c.refresh(&refresh_token(&b)).await;
    assert_eq!(s, 200);
    let (s, _) = c
        .post("accounts:signOut", json!({"idToken": b2["id_token"]}))
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        err(&c.refresh(b2["refresh_token"].as_str().unwrap()).await.1),
        "TOKEN_EXPIRED"
    );
    let (_, v) = c.post("accounts:signOut", json!({})).await;
    assert_eq!(err(&v), "INVALID_ID_TOKEN");
}

#[tokio::test]
async fn mailed_codes_verify_reset_and_sign_in() {
    let c = start().await;
    let up = c.sign_up("fay@example.com").await;
    // VERIFY_EMAIL, applied through accounts:update.
    let (s, v) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "VERIFY_EMAIL", "idToken": id_token(&up)}),
        )
        .await;
    assert_eq!(
        (s.as_u16(), v["email"].as_str()),
        (200, Some("fay@example.com")),
        "{v}"
    );
    let code = c.mailed_code("fay@example.com", "verifyEmail").await;
    let (s, v) = c.post("accounts:update", json!({"oobCode": code})).await;
    assert_eq!(
        (s.as_u16(), v["emailVerified"].as_bool()),
        (200, Some(true)),
        "{v}"
    );
    let (_, v) = c.post("accounts:update", json!({"oobCode": code})).await;
    assert_eq!(err(&v), "INVALID_OOB_CODE");
    let (_, v) = c
        .post("accounts:update", json!({"oobCode": "made-up"}))
        .await;
    assert_eq!(err(&v), "INVALID_OOB_CODE");

    // PASSWORD_RESET: the same answer for an unknown address, and no mail.
    let (s, v) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "PASSWORD_RESET", "email": "nobody@example.com"}),
        )
        .await;
    assert_eq!(
        (s.as_u16(), v["email"].as_str()),
        (200, Some("nobody@example.com"))
    );
    let (s, _) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "PASSWORD_RESET", "email": "fay@example.com"}),
        )
        .await;
    assert_eq!(s, 200);
    let code = c.mailed_code("fay@example.com", "resetPassword").await;
    assert_eq!(
        c.outbox_count(),
        0,
        "nothing was sent to the unknown address"
    );
    let (s, v) = c
        .post("accounts:resetPassword", json!({"oobCode": code}))
        .await;
    assert_eq!(
        (s.as_u16(), v["email"].as_str(), v["requestType"].as_str()),
        (200, Some("fay@example.com"), Some("PASSWORD_RESET"))
    );
    let (_, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "password1"}),
        )
        .await;
    assert!(err(&v).starts_with("WEAK_PASSWORD"), "{v}");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (s, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "a new long secret"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (_, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "another long secret"}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_OOB_CODE");
    let (_, v) = c.post("accounts:resetPassword", json!({})).await;
    assert_eq!(err(&v), "MISSING_OOB_CODE");
    assert_eq!(
        err(&c.refresh(&refresh_token(&up)).await.1),
        "TOKEN_EXPIRED"
    );
    assert_eq!(
        err(&c.sign_in("fay@example.com").await.1),
        "INVALID_LOGIN_CREDENTIALS"
    );
    let (s, fresh) = c.sign_in_with("fay@example.com", "a new long secret").await;
    assert_eq!(s, 200);

    // VERIFY_AND_CHANGE_EMAIL: mailed to the new address, applied through accounts:update.
    let (s, v) = c.post("accounts:sendOobCode", json!({"requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": id_token(&fresh), "newEmail": "fay.new@example.com"})).await;
    assert_eq!(
        (s.as_u16(), v["email"].as_str()),
        (200, Some("fay.new@example.com"))
    );
    let code = c
        .mailed_code("fay.new@example.com", "verifyAndChangeEmail")
        .await;
    let (s, v) = c.post("accounts:update", json!({"oobCode": code})).await;
    assert_eq!(
        (
            s.as_u16(),
            v["email"].as_str(),
            v["emailVerified"].as_bool()
        ),
        (200, Some("fay.new@example.com"), Some(true)),
        "{v}"
    );
    // The change ended every session (issue 37): the new address signs in again.
    assert_eq!(
        err(&c.refresh(&refresh_token(&fresh)).await.1),
        "TOKEN_EXPIRED"
    );
    let (s, fresh) = c
        .sign_in_with("fay.new@example.com", "a new long secret")
        .await;
    assert_eq!(s, 200);

    // EMAIL_SIGNIN signs up a new address, and signs in a known one.
    let (s, _) = c.post("accounts:sendOobCode", json!({"requestType": "EMAIL_SIGNIN", "email": "gil@example.com", "continueUrl": format!("{}/decks", c.server.url())})).await;
    assert_eq!(s, 200);
    let code = c.mailed_code("gil@example.com", "signIn").await;
    let (_, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "other@example.com", "oobCode": code}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_EMAIL");
    let (s, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "gil@example.com", "oobCode": code}),
        )
        .await;
    assert_eq!(
        (s.as_u16(), v["isNewUser"].as_bool()),
        (200, Some(true)),
        "{v}"
    );
    assert_eq!(claims(&id_token(&v))["email_verified"], true);
    let (_, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "gil@example.com", "oobCode": code}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_OOB_CODE");
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "EMAIL_SIGNIN", "email": "gil@example.com"}),
    )
    .await;
    let code = c.mailed_code("gil@example.com", "signIn").await;
    let (_, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "gil@example.com", "oobCode": code}),
        )
        .await;
    assert_eq!(v["isNewUser"], false);

    // Request errors.
    let (_, v) = c
        .post("accounts:sendOobCode", json!({"email": "fay@example.com"}))
        .await;
    assert_eq!(err(&v), "MISSING_REQ_TYPE");
    let (_, v) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "NOPE", "email": "fay@example.com"}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_REQ_TYPE");
    let (_, v) = c.post("accounts:sendOobCode", json!({"requestType": "EMAIL_SIGNIN", "email": "fay@example.com", "continueUrl": "https://evil.example/"})).await;
    assert_eq!(err(&v), "INVALID_CONTINUE_URI");
    let (_, v) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "VERIFY_EMAIL"}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_ID_TOKEN");
    let (_, v) = c.post("accounts:sendOobCode", json!({"requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": id_token(&fresh), "newEmail": "bad"})).await;
    assert_eq!(err(&v), "INVALID_NEW_EMAIL");
}

#[tokio::test]
async fn codes_expire() {
    let c = start_with(|config| config.code_ttl_secs = 1).await;
    c.sign_up("hal@example.com").await;
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "PASSWORD_RESET", "email": "hal@example.com"}),
    )
    .await;
    let code = c.mailed_code("hal@example.com", "resetPassword").await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (s, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "a new long secret"}),
        )
        .await;
    assert_eq!((s.as_u16(), err(&v)), (400, "EXPIRED_OOB_CODE"));
}

#[tokio::test]
async fn rate_limits_answer_429_with_retry_after() {
    let c = start_with(|config| {
        config.limits.per_address = 4;
        config.limits.failures_per_account = 2;
        config.trust_forwarded_for = true;
    })
    .await;
    c.sign_up("ivy@example.com").await; // 1 from this address
    let post = |ip: &'static str, password: &'static str| {
        let url = format!("{}/identity/v1/accounts:signInWithPassword", c.server.url());
        let http = c.http.clone();
        async move {
            let res = http
                .post(url)
                .header("x-forwarded-for", format!("10.9.9.9, {ip}"))
                .json(&json!({"email": "ivy@example.com", "password": password}))
                .send()
                .await
                .unwrap();
            let retry = res
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<i64>().unwrap());
            let status = res.status().as_u16();
            let v: Value = res.json().await.unwrap();
            (status, err(&v).to_string(), retry)
        }
    };
    // Per account: two failures, then even the right password waits, from any address.
    assert_eq!(
        post("10.0.0.1", "wrong password 1").await.1,
        "INVALID_LOGIN_CREDENTIALS"
    );
    assert_eq!(
        post("10.0.0.2", "wrong password 2").await.1,
        "INVALID_LOGIN_CREDENTIALS"
    );
    let (s, m, retry) = post("10.0.0.3", PASSWORD).await;
    assert_eq!((s, m.as_str()), (429, "TOO_MANY_ATTEMPTS_TRY_LATER"));
    assert!(retry.unwrap() > 0 && retry.unwrap() <= 900);
    // Per address: the fifth request from one address.
    for _ in 0..4 {
        assert_eq!(post("10.0.0.4", "x").await.0, 429); // account still limited, address counts
    }
    let (s, _, retry) = post("10.0.0.4", "x").await;
    assert_eq!(s, 429);
    assert!(retry.unwrap() <= 600);
    let (_, v) = c
        .post(
            "accounts:signUp",
            json!({"email": "j@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(err(&v), "", "the peer address has its own count");
}

#[tokio::test]
async fn totp_enrolment_sign_in_replay_and_recovery_codes() {
    let c = start().await;
    let up = c.sign_up("kim@example.com").await;
    let (s, v) = c
        .post(
            "mfaEnrollment:start",
            json!({"idToken": id_token(&up), "totpEnrollmentInfo": {}}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let info = &v["totpSessionInfo"];
    assert_eq!(
        (
            info["verificationCodeLength"].as_i64(),
            info["hashingAlgorithm"].as_str(),
            info["periodSec"].as_i64()
        ),
        (Some(6), Some("SHA1"), Some(30))
    );
    assert!(v["otpauthUri"]
        .as_str()
        .unwrap()
        .starts_with("otpauth://totp/WriteIt%3Akim%40example%2Ecom?secret="));
    let secret = info["sharedSecretKey"].as_str().unwrap().to_string();
    let session = info["sessionInfo"].as_str().unwrap().to_string();
    let now = writeit_server::clock::now_secs();
    let (_, v) = c.post("mfaEnrollment:finalize", json!({"idToken": id_token(&up), "totpVerificationInfo": {"sessionInfo": session, "verificationCode": "000000"}})).await;
    // (000000 is right one time in a million; then the next assertion catches it.)
    assert_eq!(err(&v), "INVALID_CODE");
    let (_, v) = c.post("mfaEnrollment:finalize", json!({"idToken": id_token(&up), "totpVerificationInfo": {"sessionInfo": "made-up", "verificationCode": code_at(&secret, now)}})).await;
    assert_eq!(err(&v), "INVALID_SESSION_INFO");
    let (s, v) = c.post("mfaEnrollment:finalize", json!({"idToken": id_token(&up), "displayName": "phone", "totpVerificationInfo": {"sessionInfo": session, "verificationCode": code_at(&secret, now)}})).await;
    assert_eq!(s, 200, "{v}");
    let recovery: Vec<String> = serde_json::from_value(v["recoveryCodes"].clone()).unwrap();
    assert_eq!(recovery.len(), 10);
    let enrollment = v["mfaInfo"][0]["mfaEnrollmentId"]
        .as_str()
        .unwrap()
        .to_string();
    // The database holds the secret sealed (for this account only), never as it was shown.
    let user_id = up["localId"].as_str().unwrap();
    let stored = c.server.state.store.totp(user_id).await.unwrap().unwrap();
    assert!(stored.secret.starts_with("v1.") && !stored.secret.contains(&secret));
    let sealer = &c.server.state.identity.sealer;
    assert_eq!(sealer.open(&stored.secret, user_id).unwrap(), secret);
    assert!(sealer.open(&stored.secret, "someone-else").is_err());
    let (_, v) = c
        .post("mfaEnrollment:start", json!({"idToken": id_token(&up)}))
        .await;
    assert_eq!(err(&v), "SECOND_FACTOR_EXISTS");

    // Password sign-in now answers a pending credential instead of tokens.
    let (s, v) = c.sign_in("kim@example.com").await;
    assert_eq!(s, 200);
    assert!(v.get("idToken").is_none(), "{v}");
    assert_eq!(v["mfaInfo"][0]["mfaEnrollmentId"], enrollment.as_str());
    assert_eq!(v["mfaInfo"][0]["displayName"], "phone");
    let pending = v["mfaPendingCredential"].as_str().unwrap().to_string();
    let (s, _) = c
        .post(
            "mfaSignIn:start",
            json!({"mfaPendingCredential": pending, "mfaEnrollmentId": enrollment}),
        )
        .await;
    assert_eq!(s, 200);
    let (_, v) = c
        .post(
            "mfaSignIn:start",
            json!({"mfaPendingCredential": "made-up"}),
        )
        .await;
    assert_eq!(err(&v), "INVALID_MFA_PENDING_CREDENTIAL");
    // The code used at enrolment is a replay now.
    let finalize = |code: String, pending: &str| {
        c.post("mfaSignIn:finalize", json!({"mfaPendingCredential": pending, "mfaEnrollmentId": enrollment, "totpVerificationInfo": {"verificationCode": code}}))
    };
    let (_, v) = finalize(code_at(&secret, now), &pending).await;
    assert_eq!(err(&v), "INVALID_CODE");
    let next = code_at(&secret, now + 30);
    let (s, v) = finalize(next.clone(), &pending).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&v)).await,
        (200, "OK".into())
    );
    let (_, v) = finalize(code_at(&secret, now + 30), &pending).await;
    assert_eq!(
        err(&v),
        "INVALID_MFA_PENDING_CREDENTIAL",
        "the pending credential is used up"
    );
    // A new sign-in: the same code again is a replay; a recovery code works once.
    let (_, v) = c.sign_in("kim@example.com").await;
    let pending = v["mfaPendingCredential"].as_str().unwrap().to_string();
    let (_, v) = finalize(next, &pending).await;
    assert_eq!(err(&v), "INVALID_CODE");
    let (s, v) = finalize(recovery[0].to_uppercase(), &pending).await;
    assert_eq!(s, 200, "{v}");
    let (_, v) = c.sign_in("kim@example.com").await;
    let pending = v["mfaPendingCredential"].as_str().unwrap().to_string();
    let (_, v) = finalize(recovery[0].clone(), &pending).await;
    assert_eq!(err(&v), "INVALID_CODE");
    let (s, v) = finalize(recovery[1].clone(), &pending).await;
    assert_eq!(s, 200);
    let token = id_token(&v);
    let (_, v) = c.post("accounts:lookup", json!({"idToken": token})).await;
    assert_eq!(
        v["users"][0]["mfaInfo"][0]["mfaEnrollmentId"],
        enrollment.as_str()
    );

    // Withdrawn: password sign-in gives tokens again.
    let (_, v) = c
        .post(
            "mfaEnrollment:withdraw",
            json!({"idToken": token, "mfaEnrollmentId": "other"}),
        )
        .await;
    assert_eq!(err(&v), "MFA_ENROLLMENT_NOT_FOUND");
    let (s, _) = c
        .post(
            "mfaEnrollment:withdraw",
            json!({"idToken": token, "mfaEnrollmentId": enrollment}),
        )
        .await;
    assert_eq!(s, 200);
    let (_, v) = c.sign_in("kim@example.com").await;
    assert!(v["idToken"].is_string(), "{v}");
}

#[tokio::test]
async fn disabled_accounts_roles_from_the_database_and_delete() {
    let c = start_with(|config| config.status_ttl = Duration::ZERO).await;
    let up = c.sign_up("lee@example.com").await;
    let out = c
        .users(UsersCommand::GrantEditor {
            // Fullwidth and upper case: normalised as sign-up stored it.
            email: "ＬＥＥ@example.com".into(),
            languages: vec!["ko".into()],
        })
        .await;
    assert!(out.contains("editor of ko"), "{out}");
    // The old token says "user"; the database says editor of ko, and wins at once.
    let deck = json!({"id": uuid::Uuid::now_v7().to_string(), "languageCode": "ko", "title": "T", "description": "", "entryIds": [], "position": 0});
    let save = |token: String| {
        let deck = deck.clone();
        let url = format!("{}/api/trpc/saveDeck", c.server.url());
        let http = c.http.clone();
        async move {
            http.post(url)
                .header("authorization", format!("Bearer {token}"))
                .json(&deck)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    assert_eq!(save(id_token(&up)).await, 200);
    let (_, v) = c.sign_in("lee@example.com").await;
    let token = id_token(&v);
    assert_eq!(
        (
            claims(&token)["role"].as_str(),
            claims(&token)["langs"].clone()
        ),
        (Some("editor"), json!(["ko"]))
    );
    c.users(UsersCommand::Revoke {
        email: "lee@example.com".into(),
    })
    .await;
    assert_eq!(save(token.clone()).await, 403);

    c.users(UsersCommand::Disable {
        email: "lee@example.com".into(),
        enable: false,
    })
    .await;
    assert_eq!(
        c.rpc("queryUserDecks", &token).await,
        (401, "UNAUTHORIZED".into())
    );
    assert_eq!(
        c.rpc("queryDecks", &token).await,
        (401, "UNAUTHORIZED".into())
    );
    assert_eq!(err(&c.sign_in("lee@example.com").await.1), "USER_DISABLED");
    assert_eq!(err(&c.refresh(&refresh_token(&v)).await.1), "USER_DISABLED");
    assert_eq!(
        err(&c.post("accounts:lookup", json!({"idToken": token})).await.1),
        "USER_DISABLED"
    );
    let wrong = c.sign_in_with("lee@example.com", "wrong password!").await.1;
    assert_eq!(
        err(&wrong),
        "INVALID_LOGIN_CREDENTIALS",
        "disabled is told only with the right password"
    );
    let list = c.users(UsersCommand::List).await;
    assert!(
        list.contains("lee@example.com") && list.contains("DISABLED"),
        "{list}"
    );
    c.users(UsersCommand::Disable {
        email: "lee@example.com".into(),
        enable: true,
    })
    .await;
    assert_eq!(c.rpc("queryUserDecks", &token).await, (200, "OK".into()));
    // The refresh token presented while disabled was used up: sign in again.
    assert_eq!(err(&c.refresh(&refresh_token(&v)).await.1), "TOKEN_EXPIRED");
    let (s, v) = c.sign_in("lee@example.com").await;
    assert_eq!(s, 200);
    let token = id_token(&v);

    // Delete: the account and its study rows go.
    let user_id = up["localId"].as_str().unwrap().to_string();
    let deck_id = deck["id"].as_str().unwrap();
    let res = c
        .http
        .post(format!("{}/api/trpc/saveUserDeck", c.server.url()))
        .header("authorization", format!("Bearer {token}"))
        .json(&json!({"deckId": deck_id}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
    let page: writeit_core::paging::PageInput =
        serde_json::from_value(json!({"offset": 0})).unwrap();
    assert_eq!(
        c.server
            .store
            .query_user_decks(&user_id, &page)
            .await
            .unwrap()
            .len(),
        1
    );
    let (s, _) = c.post("accounts:delete", json!({"idToken": token})).await;
    assert_eq!(s, 200);
    assert!(c
        .server
        .store
        .query_user_decks(&user_id, &page)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        err(&c.sign_in("lee@example.com").await.1),
        "INVALID_LOGIN_CREDENTIALS"
    );
    assert_eq!(
        err(&c.post("accounts:lookup", json!({"idToken": token})).await.1),
        "USER_NOT_FOUND"
    );
    assert_eq!(
        err(&c.refresh(&refresh_token(&v)).await.1),
        "INVALID_REFRESH_TOKEN"
    );
    // The CLI names what is wrong.
    let e = writeit_server::identity::users::run(
        &*c.server.store,
        UsersCommand::GrantAdmin {
            email: "nobody@example.com".into(),
        },
    )
    .await
    .unwrap_err();
    assert!(e.to_string().contains("no account"), "{e}");
}

#[tokio::test]
async fn the_users_command_line() {
    let dir = TempDir(std::env::temp_dir().join(format!("writeit-cli-{}", uuid::Uuid::now_v7())));
    let url = format!("sqlite:{}", dir.0.join("t.db").display());
    let store = writeit_store::open(&url).await.unwrap();
    store
        .create_account(&writeit_store::NewAccount {
            id: "first".into(),
            email: "first@example.com".into(),
            email_verified: true,
            display_name: None,
            password_hash: None,
        })
        .await
        .unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_writeit"))
            .args(["users", "--database-url", &url, "--data-dir"])
            .arg(&dir.0)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (ok, out) = run(&["grant", "First@Example.com", "admin"]);
    assert!(
        ok && out.contains("first@example.com is now an admin"),
        "{out}"
    );
    let (ok, out) = run(&["list"]);
    assert!(
        ok && out.contains("first@example.com") && out.contains("admin"),
        "{out}"
    );
    let (ok, out) = run(&["grant", "first@example.com", "admin", "ko"]);
    assert!(!ok && out.contains("name none"), "{out}");
    let (ok, out) = run(&["revoke", "first@example.com"]);
    assert!(ok, "{out}");
    let (ok, out) = run(&["grant", "first@example.com", "editor", "ko", "ja"]);
    assert!(ok && out.contains("editor of ko, ja"), "{out}");
    let (ok, out) = run(&["disable", "first@example.com"]);
    assert!(ok && out.contains("disabled"), "{out}");
    let (ok, out) = run(&["disable", "nobody@example.com", "--enable"]);
    assert!(!ok && out.contains("no account"), "{out}");
    let a = store.account("first").await.unwrap().unwrap();
    assert_eq!(
        (a.role, a.editor_languages, a.disabled),
        (
            writeit_store::Role::Editor,
            vec!["ko".to_string(), "ja".to_string()],
            true
        )
    );
}

/// Issue 24: a deleted account's ID token loses every power at once (it named an admin here);
/// development tokens for users with no account work only with `dev_tokens` (`--dev-tokens`).
#[tokio::test]
async fn a_deleted_account_and_dev_tokens_without_the_flag_are_refused() {
    let c = start().await;
    let up = c.sign_up("gone@example.com").await;
    c.users(UsersCommand::GrantAdmin {
        email: "gone@example.com".into(),
    })
    .await;
    let (_, v) = c.sign_in("gone@example.com").await;
    let token = id_token(&v);
    assert_eq!(claims(&token)["role"], "admin");
    let deck = json!({"id": uuid::Uuid::now_v7().to_string(), "languageCode": "ko", "title": "T", "description": "", "entryIds": [], "position": 0});
    let status = |method: reqwest::Method, path: String, token: String| {
        let req = c
            .http
            .request(method, format!("{}{path}", c.server.url()))
            .header("authorization", format!("Bearer {token}"))
            .json(&deck);
        async move { req.send().await.unwrap().status().as_u16() }
    };
    let deck_id = deck["id"].as_str().unwrap();
    let export = format!("/api/export/deck/{deck_id}?format=csv");
    assert_eq!(
        status(
            reqwest::Method::POST,
            "/api/trpc/saveDeck".into(),
            token.clone()
        )
        .await,
        200
    );
    assert_eq!(c.rpc("queryUserDecks", &token).await, (200, "OK".into()));
    assert_eq!(
        status(reqwest::Method::GET, export.clone(), token.clone()).await,
        200
    );
    let (s, _) = c
        .post("accounts:delete", json!({"idToken": up["idToken"]}))
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        status(
            reqwest::Method::POST,
            "/api/trpc/saveDeck".into(),
            token.clone()
        )
        .await,
        401
    );
    assert_eq!(
        c.rpc("queryUserDecks", &token).await,
        (401, "UNAUTHORIZED".into())
    );
    assert_eq!(
        status(reqwest::Method::GET, export.clone(), token.clone()).await,
        401
    );

    // A development token names no account: accepted only with the flag (the tests' default).
    let dev = c
        .server
        .bearer("made-up", writeit_store::Role::Admin, &[])
        .trim_start_matches("Bearer ")
        .to_string();
    assert_eq!(c.rpc("queryUserDecks", &dev).await, (200, "OK".into()));
    let strict = start_with(|config| config.dev_tokens = false).await;
    let dev = strict
        .server
        .bearer("made-up", writeit_store::Role::Admin, &[])
        .trim_start_matches("Bearer ")
        .to_string();
    assert_eq!(
        strict.rpc("queryUserDecks", &dev).await,
        (401, "UNAUTHORIZED".into())
    );
    // A real account's token works there as ever.
    let up = strict.sign_up("kept@example.com").await;
    assert_eq!(
        strict.rpc("queryUserDecks", &id_token(&up)).await,
        (200, "OK".into())
    );
}

/// Waits for the start of a second, so what follows happens within one second.
async fn start_of_a_second() {
    let ms = writeit_server::clock::now_ms().rem_euclid(1000) as u64;
    tokio::time::sleep(Duration::from_millis(1000 - ms + 5)).await;
}

/// Issue 24: sign out everywhere, a password change and a password reset refuse every ID token
/// issued before them, even one issued in the same second.
#[tokio::test]
async fn revocation_is_exact_within_the_second() {
    let c = start().await;
    let refused = |token: String| {
        let c = &c;
        async move {
            let rpc = c.rpc("queryUserDecks", &token).await;
            let (_, v) = c.post("accounts:lookup", json!({"idToken": token})).await;
            rpc == (401, "UNAUTHORIZED".into()) && err(&v) == "TOKEN_EXPIRED"
        }
    };
    c.sign_up("rev@example.com").await;

    // Sign out everywhere.
    start_of_a_second().await;
    let (_, a) = c.sign_in("rev@example.com").await;
    let (_, b) = c.sign_in("rev@example.com").await;
    let (s, _) = c
        .post("accounts:signOut", json!({"idToken": id_token(&a)}))
        .await;
    assert_eq!(s, 200);
    assert!(refused(id_token(&a)).await, "sign-out: its own token");
    assert!(refused(id_token(&b)).await, "sign-out: another session's");
    let (_, after) = c.sign_in("rev@example.com").await;
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&after)).await,
        (200, "OK".into())
    );

    // A password change: the answer's new session works, earlier tokens do not.
    start_of_a_second().await;
    let (_, a) = c.sign_in("rev@example.com").await;
    let (_, b) = c.sign_in("rev@example.com").await;
    let (s, fresh) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&a), "password": "another fine secret"}),
        )
        .await;
    assert_eq!(s, 200, "{fresh}");
    assert!(
        refused(id_token(&a)).await,
        "password change: its own token"
    );
    assert!(refused(id_token(&b)).await, "password change: another's");
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&fresh)).await,
        (200, "OK".into())
    );

    // A password reset.
    let (s, _) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "PASSWORD_RESET", "email": "rev@example.com"}),
        )
        .await;
    assert_eq!(s, 200);
    let code = c.mailed_code("rev@example.com", "resetPassword").await;
    start_of_a_second().await;
    let (_, a) = c
        .sign_in_with("rev@example.com", "another fine secret")
        .await;
    let (s, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "a third fine secret"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert!(refused(id_token(&a)).await, "password reset");
}

/// Issue 24: the per-account limit holds against concurrent attempts (each is counted before its
/// password is checked), and right passwords do not use it up.
#[tokio::test]
async fn the_failure_limit_holds_under_concurrent_attempts() {
    let c = start().await;
    let limit = c.server.state.identity.config.limits.failures_per_account as usize;
    c.sign_up("race@example.com").await;
    for _ in 0..limit + 2 {
        assert_eq!(c.sign_in("race@example.com").await.0, 200);
    }
    let answers = futures::future::join_all((0..40).map(|i| {
        c.sign_in_with(
            "race@example.com",
            if i % 2 == 0 { "wrong one" } else { "wrong two" },
        )
    }))
    .await;
    let checked = answers
        .iter()
        .filter(|(_, v)| err(v) == "INVALID_LOGIN_CREDENTIALS")
        .count();
    assert!(
        answers
            .iter()
            .all(|(s, v)| *s == 400 && err(v) == "INVALID_LOGIN_CREDENTIALS"
                || *s == 429
                || *s == 503),
        "{answers:?}"
    );
    assert!(
        checked <= limit,
        "{checked} passwords checked, limit {limit}"
    );
}

/// Issue 24: password hashes in flight are bounded (each holds 19 MiB); beyond a short queue,
/// sign-ins are answered 503 at once with `Retry-After`, never 500, and the slots come back.
#[tokio::test]
async fn concurrent_sign_ins_beyond_the_hashing_bound_get_503() {
    let c = start_with(|config| {
        config.hash_concurrency = 1;
        config.hash_queue = 1;
        config.hash_wait = Duration::from_millis(200);
    })
    .await;
    c.sign_up("busy@example.com").await;
    let url = format!("{}/identity/v1/accounts:signInWithPassword", c.server.url());
    let answers = futures::future::join_all((0..24).map(|i| {
        let req = c
            .http
            .post(&url)
            .json(&json!({"email": format!("nobody{i}@example.com"), "password": "not it at all"}));
        async move {
            let res = req.send().await.unwrap();
            let status = res.status().as_u16();
            let retry = res.headers().get("retry-after").cloned();
            let v: Value = res.json().await.unwrap();
            (status, retry, v)
        }
    }))
    .await;
    let busy: Vec<_> = answers.iter().filter(|(s, _, _)| *s == 503).collect();
    assert!(!busy.is_empty(), "{answers:?}");
    for (status, retry, v) in &answers {
        match status {
            503 => {
                assert!(retry.is_some(), "{v}");
                assert_eq!(v["error"]["status"], "UNAVAILABLE");
                assert!(err(v).starts_with("TOO_MANY_ATTEMPTS_TRY_LATER"), "{v}");
            }
            400 => assert_eq!(err(v), "INVALID_LOGIN_CREDENTIALS"),
            other => panic!("{other}: {v}"),
        }
    }
    assert_eq!(c.sign_in("busy@example.com").await.0, 200);
}

/// Issue 24: an address spelt with lookalike or invisible characters is the same account, or
/// refused with a detail naming the email.
#[tokio::test]
async fn lookalike_emails_make_no_second_account() {
    let c = start().await;
    c.sign_up("bob@example.com").await;
    for (email, want) in [
        ("ｂｏｂ@example.com", "EMAIL_EXISTS"),
        ("BOB＠EXAMPLE.COM", "EMAIL_EXISTS"),
        (
            "b\u{200B}ob@example.com",
            "INVALID_EMAIL : The email has invisible",
        ),
        (
            "\u{202E}bob@example.com",
            "INVALID_EMAIL : The email has invisible",
        ),
        ("b\u{043E}b@example.com", "INVALID_EMAIL : The email mixes"),
        ("bob@ex\u{0430}mple.com", "INVALID_EMAIL : The email mixes"),
    ] {
        let (s, v) = c
            .post(
                "accounts:signUp",
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(s, 400, "{email:?}: {v}");
        assert!(err(&v).starts_with(want), "{email:?}: {v}");
    }
    assert_eq!(c.sign_in("ＢＯＢ@example.com").await.0, 200);
}

/// Issue 24: passwords long enough but guessed at once are WEAK_PASSWORD, with the reason.
#[tokio::test]
async fn easy_passwords_are_weak() {
    let c = start().await;
    // ("aaaaaaaa" and "abcdefgh", once here, are refused as breached passwords now.)
    for pw in ["bcdefghij", "mnbvcxzlkj", "        "] {
        let (s, v) = c
            .post(
                "accounts:signUp",
                json!({"email": "weak@example.com", "password": pw}),
            )
            .await;
        assert_eq!(s, 400);
        assert!(
            err(&v).starts_with("WEAK_PASSWORD : Password is too easy to guess"),
            "{pw:?}: {v}"
        );
    }
}

/// Issue 24: a password-reset request takes as long whether or not the account exists (the
/// lookup and the code are made after the answer). Medians of alternating requests, on a
/// multi-threaded runtime as `writeit serve` has (on one thread the after-answer work would
/// delay the answer's write).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_request_takes_as_long_for_an_unknown_address() {
    let c = start_with(|config| {
        config.limits.mails_per_account = 10_000;
        config.limits.per_address = 10_000;
    })
    .await;
    c.sign_up("known@example.com").await;
    let url = format!("{}/identity/v1/accounts:sendOobCode", c.server.url());
    let time = |email: &'static str| {
        let req = c
            .http
            .post(&url)
            .json(&json!({"requestType": "PASSWORD_RESET", "email": email}));
        async move {
            let t = std::time::Instant::now();
            let res = req.send().await.unwrap();
            assert_eq!(res.status(), 200);
            res.bytes().await.unwrap();
            t.elapsed().as_secs_f64() * 1000.0
        }
    };
    for _ in 0..10 {
        time("known@example.com").await;
        time("unknown@example.com").await;
    }
    // Pairs, each first half the time (neither always follows the other's after-answer work);
    // the median of the pairs' differences cancels the load that changes from pair to pair.
    let (mut diffs, mut unknown) = (Vec::new(), Vec::new());
    for i in 0..100 {
        let (k, u) = if i % 2 == 0 {
            let k = time("known@example.com").await;
            (k, time("unknown@example.com").await)
        } else {
            let u = time("unknown@example.com").await;
            (time("known@example.com").await, u)
        };
        diffs.push(k - u);
        unknown.push(u);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (d, u) = (median(&mut diffs), median(&mut unknown));
    eprintln!("reset request: unknown {u:.3} ms, existing minus unknown {d:.3} ms (medians)");
    assert!(
        d.abs() < 0.1 + 0.1 * u,
        "existing minus unknown {d:.3} ms, unknown {u:.3} ms"
    );
}
