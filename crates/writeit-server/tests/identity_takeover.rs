//! Issue 37's account-takeover paths, each driven over HTTP against a real server: a mailed code
//! outliving an email change, a newer code leaving older ones valid, a pre-registered password
//! surviving the owner's email-link sign-in, lookalike addresses, continue URLs that leave the
//! app, and a common password with digits and a symbol added.

mod common;

use common::identity::*;
use serde_json::{json, Value};
use writeit_server::identity::mfa::code_at;

fn id_token(v: &Value) -> String {
    v["idToken"].as_str().unwrap().to_string()
}
fn refresh_token(v: &Value) -> String {
    v["refreshToken"].as_str().unwrap().to_string()
}

/// A reset link mailed to the old address is dead once the email changes; the old address gets
/// a link that changes it back, which also ends the sessions of whoever changed it.
#[tokio::test]
async fn a_reset_link_sent_before_an_email_change_resets_nothing() {
    let c = start().await;
    let victim = c.sign_up("vic@example.com").await;
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "PASSWORD_RESET", "email": "vic@example.com"}),
    )
    .await;
    let reset = c.mailed_code("vic@example.com", "resetPassword").await;

    // Whoever holds the session moves the account to their own address at once.
    let (s, moved) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&victim), "email": "mallory@example.com"}),
        )
        .await;
    assert_eq!(s, 200, "{moved}");
    let (s, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": reset, "newPassword": "a much better secret"}),
        )
        .await;
    assert_eq!((s.as_u16(), err(&v)), (400, "INVALID_OOB_CODE"), "{v}");
    let (s, _) = c
        .sign_in_with("mallory@example.com", "a much better secret")
        .await;
    assert_eq!(s, 400);
    // The change ended every session from before it.
    assert_eq!(
        err(&c.refresh(&refresh_token(&victim)).await.1),
        "TOKEN_EXPIRED"
    );

    // The old address is told, with a link that reverts the change and ends the changer's session.
    let recover = c.mailed_code("vic@example.com", "recoverEmail").await;
    let (s, v) = c.post("accounts:update", json!({"oobCode": recover})).await;
    assert_eq!(
        (
            s.as_u16(),
            v["email"].as_str(),
            v["emailVerified"].as_bool(),
            v["requestType"].as_str()
        ),
        (
            200,
            Some("vic@example.com"),
            Some(true),
            Some("RECOVER_EMAIL")
        ),
        "{v}"
    );
    assert_eq!(
        err(&c.refresh(&refresh_token(&moved)).await.1),
        "TOKEN_EXPIRED"
    );
    assert_eq!(c.rpc("queryUserDecks", &id_token(&moved)).await.0, 401);
    assert_eq!(c.sign_in("vic@example.com").await.0, 200);
    let (_, v) = c.post("accounts:update", json!({"oobCode": recover})).await;
    assert_eq!(err(&v), "INVALID_OOB_CODE");
}

/// Whoever changes the address twice cannot take the owner's link back: the first change's link
/// still gives the owner's address back, and ends the one mailed to the first new address.
#[tokio::test]
async fn the_owners_recovery_link_outlives_a_second_change() {
    let c = start().await;
    let owner = c.sign_up("olga@example.com").await;
    let (_, first) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&owner), "email": "t1@example.com"}),
        )
        .await;
    let (s, second) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&first), "email": "t2@example.com"}),
        )
        .await;
    assert_eq!(s, 200, "{second}");
    let owners = c.mailed_code("olga@example.com", "recoverEmail").await;
    let thiefs = c.mailed_code("t1@example.com", "recoverEmail").await;
    let (s, v) = c.post("accounts:update", json!({"oobCode": owners})).await;
    assert_eq!(
        (s.as_u16(), v["email"].as_str()),
        (200, Some("olga@example.com")),
        "{v}"
    );
    let (_, v) = c.post("accounts:update", json!({"oobCode": thiefs})).await;
    assert_eq!(err(&v), "INVALID_OOB_CODE", "{v}");
    assert_eq!(
        err(&c.refresh(&refresh_token(&second)).await.1),
        "TOKEN_EXPIRED"
    );
}

/// The same through VERIFY_AND_CHANGE_EMAIL: applying the change ends the old address's codes,
/// its sessions, and tells the old address.
#[tokio::test]
async fn a_verified_email_change_ends_the_old_addresss_codes_and_sessions() {
    let c = start().await;
    let owner = c.sign_up("ida@example.com").await;
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "EMAIL_SIGNIN", "email": "ida@example.com"}),
    )
    .await;
    let link = c.mailed_code("ida@example.com", "signIn").await;
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": id_token(&owner), "newEmail": "ida.new@example.com"}),
    )
    .await;
    let change = c
        .mailed_code("ida.new@example.com", "verifyAndChangeEmail")
        .await;
    let (s, v) = c.post("accounts:update", json!({"oobCode": change})).await;
    assert_eq!(s, 200, "{v}");
    // The old address's sign-in link makes a new, empty account at most, never this one.
    let (s, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "ida@example.com", "oobCode": link}),
        )
        .await;
    assert_eq!((s.as_u16(), err(&v)), (400, "INVALID_OOB_CODE"), "{v}");
    assert_eq!(
        err(&c.refresh(&refresh_token(&owner)).await.1),
        "TOKEN_EXPIRED"
    );
    c.mailed_code("ida@example.com", "recoverEmail").await;
}

/// A newer code of a kind ends the older ones of that kind.
#[tokio::test]
async fn a_newer_code_ends_the_older_ones_of_its_kind() {
    let c = start().await;
    c.sign_up("nia@example.com").await;
    for (kind, mode) in [
        ("PASSWORD_RESET", "resetPassword"),
        ("EMAIL_SIGNIN", "signIn"),
    ] {
        let send = json!({"requestType": kind, "email": "nia@example.com"});
        c.post("accounts:sendOobCode", send.clone()).await;
        let older = c.mailed_code("nia@example.com", mode).await;
        c.post("accounts:sendOobCode", send).await;
        let newer = c.mailed_code("nia@example.com", mode).await;
        let use_code = |code: &str| {
            if kind == "PASSWORD_RESET" {
                (
                    "accounts:resetPassword",
                    json!({"oobCode": code, "newPassword": "a much better secret"}),
                )
            } else {
                (
                    "accounts:signInWithEmailLink",
                    json!({"email": "nia@example.com", "oobCode": code}),
                )
            }
        };
        let (endpoint, body) = use_code(&older);
        let (_, v) = c.post(endpoint, body).await;
        assert_eq!(err(&v), "INVALID_OOB_CODE", "{kind}: {v}");
        let (endpoint, body) = use_code(&newer);
        let (s, v) = c.post(endpoint, body).await;
        assert_eq!(s, 200, "{kind}: {v}");
    }
}

/// Pre-registration: someone signs up with another's address, sets a password and a second
/// factor, and keeps a session; the owner of the address signs in by email link. The squatter's
/// password, second factor and sessions end there.
#[tokio::test]
async fn an_email_link_sign_in_ends_a_squatters_password_and_sessions() {
    let c = start().await;
    let squatter = c.sign_up("pat@example.com").await;
    let (_, v) = c
        .post(
            "mfaEnrollment:start",
            json!({"idToken": id_token(&squatter), "totpEnrollmentInfo": {}}),
        )
        .await;
    let secret = v["totpSessionInfo"]["sharedSecretKey"]
        .as_str()
        .unwrap()
        .to_string();
    let session = v["totpSessionInfo"]["sessionInfo"].as_str().unwrap();
    let now = writeit_server::clock::now_secs();
    let (s, enrolled) = c.post("mfaEnrollment:finalize", json!({"idToken": id_token(&squatter), "totpVerificationInfo": {"sessionInfo": session, "verificationCode": code_at(&secret, now)}})).await;
    assert_eq!(s, 200, "{enrolled}");

    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "EMAIL_SIGNIN", "email": "pat@example.com"}),
    )
    .await;
    let link = c.mailed_code("pat@example.com", "signIn").await;
    let (s, owner) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "pat@example.com", "oobCode": link}),
        )
        .await;
    // Signed in at once: the squatter's second factor does not stand in the owner's way.
    assert_eq!(s, 200, "{owner}");
    assert!(owner["idToken"].is_string(), "{owner}");
    assert_eq!(owner["isNewUser"], false);

    let (s, v) = c.sign_in("pat@example.com").await;
    assert_eq!((s.as_u16(), err(&v)), (400, "INVALID_LOGIN_CREDENTIALS"));
    for held in [&squatter, &enrolled] {
        assert_eq!(
            err(&c.refresh(&refresh_token(held)).await.1),
            "TOKEN_EXPIRED"
        );
        assert_eq!(c.rpc("queryUserDecks", &id_token(held)).await.0, 401);
    }
    assert_eq!(
        c.rpc("queryUserDecks", &id_token(&owner)).await,
        (200, "OK".into())
    );
    let (_, v) = c
        .post("accounts:lookup", json!({"idToken": id_token(&owner)}))
        .await;
    let user = &v["users"][0];
    assert_eq!(user["emailVerified"], true, "{v}");
    assert_eq!(user["providerUserInfo"], json!([]), "{v}");
    assert!(user.get("mfaInfo").is_none(), "{v}");
}

/// What a lookalike of an account's address is answered (the upstream code, and why).
const LOOKALIKE: &str = "EMAIL_EXISTS : Another account's address looks the same as this one";

/// Addresses that look like an account's address make no second account, in either order, by
/// sign-up, email link or a change of address.
#[tokio::test]
async fn lookalike_addresses_make_no_account_beside_their_twins() {
    let c = start().await;
    c.sign_up("a@example.com").await;
    c.sign_up("bob@sec.test").await;
    // Cyrillic а, Latin alpha ɑ, and a wholly Cyrillic domain label ѕес.
    for email in [
        "\u{0430}@example.com",
        "\u{0251}@example.com",
        "bob@\u{0455}\u{0435}\u{0441}.test",
    ] {
        let (s, v) = c
            .post(
                "accounts:signUp",
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!((s.as_u16(), err(&v)), (400, LOOKALIKE), "{email:?}: {v}");
    }
    // A lookalike first (Cyrillic ѕеа): its Latin twin is refused as well.
    c.sign_up("\u{0455}\u{0435}\u{0430}@example.com").await;
    let (_, v) = c
        .post(
            "accounts:signUp",
            json!({"email": "sea@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(err(&v), LOOKALIKE, "{v}");
    // Nor by a change of address.
    let zoe = c.sign_up("zoe@example.com").await;
    let (_, v) = c
        .post(
            "accounts:update",
            json!({"idToken": id_token(&zoe), "email": "\u{0430}@example.com"}),
        )
        .await;
    assert_eq!(err(&v), LOOKALIKE, "{v}");
    // Nor by an email link (which would sign up the address).
    c.post(
        "accounts:sendOobCode",
        json!({"requestType": "EMAIL_SIGNIN", "email": "\u{0251}@example.com"}),
    )
    .await;
    let link = c.mailed_code("\u{0251}@example.com", "signIn").await;
    let (_, v) = c
        .post(
            "accounts:signInWithEmailLink",
            json!({"email": "\u{0251}@example.com", "oobCode": link}),
        )
        .await;
    assert_eq!(err(&v), LOOKALIKE, "{v}");
    // The twin's own account is untouched and signs in as before.
    assert_eq!(c.sign_in("a@example.com").await.0, 200);
    // Mixing scripts in one part is refused, naming the field (Armenian օ passes for o).
    let (_, v) = c
        .post(
            "accounts:signUp",
            json!({"email": "b\u{0585}b@example.com", "password": PASSWORD}),
        )
        .await;
    assert!(
        err(&v).starts_with("INVALID_EMAIL : The email mixes"),
        "{v}"
    );
}

/// Mailed links carry only a path of this app as their continue URL.
#[tokio::test]
async fn continue_urls_that_leave_the_app_are_refused() {
    let c = start().await;
    let base = c.server.url();
    for bad in [
        "//evil.example".to_string(),
        "/\\evil.example".to_string(),
        format!("{base}//evil.example"),
        format!("{base}/\\evil.example"),
        format!("{base}/%2F%2Fevil.example"),
        format!("{base}/%5Cevil.example"),
        "/%2f/evil.example".to_string(),
        "/.//evil.example".to_string(),
        "javascript:alert(1)".to_string(),
        "/decks\n".to_string(),
        "https://evil.example/decks".to_string(),
    ] {
        let (s, v) = c
            .post(
                "accounts:sendOobCode",
                json!({"requestType": "EMAIL_SIGNIN", "email": "cal@example.com", "continueUrl": bad}),
            )
            .await;
        assert_eq!(
            (s.as_u16(), err(&v)),
            (400, "INVALID_CONTINUE_URI"),
            "{bad:?}: {v}"
        );
    }
    for good in ["/decks".to_string(), format!("{base}/decks?tab=2")] {
        let (s, v) = c
            .post(
                "accounts:sendOobCode",
                json!({"requestType": "EMAIL_SIGNIN", "email": "cal@example.com", "continueUrl": good}),
            )
            .await;
        assert_eq!(s, 200, "{good:?}: {v}");
    }
}

/// A common password with digits and a symbol added is refused, saying why.
#[tokio::test]
async fn a_common_password_with_a_year_added_is_refused() {
    let c = start().await;
    for pw in ["Summer2024!", "2024Summer!", "sunshine", "P@ssw0rd1"] {
        let (s, v) = c
            .post(
                "accounts:signUp",
                json!({"email": "sue@example.com", "password": pw}),
            )
            .await;
        assert_eq!(s, 400, "{pw:?}: {v}");
        assert!(err(&v).starts_with("WEAK_PASSWORD : "), "{pw:?}: {v}");
        assert!(err(&v).contains("breach"), "{pw:?}: {v}");
    }
}
