//! The identity store's behaviour, told once and run on SQLite and (with
//! `WRITEIT_TEST_POSTGRES_URL`) PostgreSQL: accounts, refresh-token rotation and reuse, one-time
//! codes, rate-limit windows, TOTP steps and recovery codes, deletion.

#[macro_use]
mod common;

use common::*;
use writeit_store::*;

stories! {
    story_accounts => sqlite_accounts, postgres_accounts;
    story_refresh_tokens => sqlite_refresh_tokens, postgres_refresh_tokens;
    story_codes => sqlite_codes, postgres_codes;
    story_rate_limits => sqlite_rate_limits, postgres_rate_limits;
    story_totp => sqlite_totp, postgres_totp;
    story_delete => sqlite_delete, postgres_delete;
    story_lookalikes => sqlite_lookalikes, postgres_lookalikes;
    story_code_endings => sqlite_code_endings, postgres_code_endings;
    story_sessions => sqlite_sessions, postgres_sessions;
}

/// The skeleton conflict's field and message, or a panic.
fn conflict<T: std::fmt::Debug>(result: Result<T>) -> (Option<String>, String) {
    match result {
        Err(StoreError::Conflict { field, message }) => (field, message),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

/// Issue 37: no two accounts have addresses that look alike, made or changed, whichever came
/// first; lookups stay exact.
async fn story_lookalikes(store: SharedStore) {
    store
        .create_account(&new_account("a", "a@x.io"))
        .await
        .unwrap();
    let lookalike = (
        Some("email_skeleton".to_string()),
        "EMAIL_EXISTS".to_string(),
    );
    for twin in ["\u{0430}@x.io", "\u{0251}@x.io", "a@\u{0445}.io"] {
        assert_eq!(
            conflict(store.create_account(&new_account("t", twin)).await),
            lookalike,
            "{twin}"
        );
        assert!(store.account_by_email(twin).await.unwrap().is_none());
    }
    store
        .create_account(&new_account("b", "b@x.io"))
        .await
        .unwrap();
    let to_twin = AccountChanges {
        email: Some("\u{0430}@x.io".into()),
        ..Default::default()
    };
    assert_eq!(
        conflict(store.update_account("b", &to_twin).await),
        lookalike
    );
    // An account changes its own address to a lookalike of it, and back.
    let own = AccountChanges {
        email: Some("\u{0430}@x.io".into()),
        ..Default::default()
    };
    assert!(store.update_account("a", &own).await.unwrap().is_some());
    assert_eq!(
        conflict(store.create_account(&new_account("c", "a@x.io")).await),
        lookalike
    );
    // Every account written has its skeleton: nothing is left to fill in.
    assert_eq!(store.record_email_skeletons().await.unwrap(), 0);
}

/// Issue 37: a newer code of a kind ends the older ones; a change of address ends the mailed
/// codes but not the links that give an address back, and those of later changes end when an
/// earlier one is used; a claim removes the password and second factor.
async fn story_code_endings(store: SharedStore) {
    store
        .create_account(&new_account("u", "u@x.io"))
        .await
        .unwrap();
    let later = now_ms() + 60_000;
    let code = |kind: &str, user: Option<&str>, expires_at: i64| OneTimeCode {
        kind: kind.into(),
        user_id: user.map(Into::into),
        email: "u@x.io".into(),
        payload: String::new(),
        expires_at,
    };
    let valid = |c: OneTimeCode| CodeUse::Valid(c);
    // An email link sent before the account existed ends with the account's newer one.
    store
        .replace_code("s0", &code("EMAIL_SIGNIN", None, later))
        .await
        .unwrap();
    store
        .replace_code("s1", &code("EMAIL_SIGNIN", Some("u"), later))
        .await
        .unwrap();
    store
        .replace_code("r1", &code("PASSWORD_RESET", Some("u"), later))
        .await
        .unwrap();
    store
        .replace_code("r2", &code("PASSWORD_RESET", Some("u"), later))
        .await
        .unwrap();
    assert_eq!(
        store.peek_code("s0", &["EMAIL_SIGNIN"]).await.unwrap(),
        CodeUse::Invalid
    );
    assert_eq!(
        store.peek_code("r1", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Invalid
    );
    assert_eq!(
        store.peek_code("r2", &["PASSWORD_RESET"]).await.unwrap(),
        valid(code("PASSWORD_RESET", Some("u"), later))
    );
    // Two changes of address, each with its recovery link.
    for (hash, expires) in [("back1", later), ("back2", later + 1)] {
        store
            .insert_code(hash, &code("RECOVER_EMAIL", Some("u"), expires))
            .await
            .unwrap();
    }
    let moved = AccountChanges {
        email: Some("u2@x.io".into()),
        end_mailed_codes: true,
        ..Default::default()
    };
    store.update_account("u", &moved).await.unwrap();
    for (hash, kind) in [("s1", "EMAIL_SIGNIN"), ("r2", "PASSWORD_RESET")] {
        assert_eq!(
            store.peek_code(hash, &[kind]).await.unwrap(),
            CodeUse::Invalid
        );
    }
    // The first recovery link, used, ends the second; never the reverse.
    let back = AccountChanges {
        email: Some("u@x.io".into()),
        end_recoveries_after: Some(later),
        ..Default::default()
    };
    assert!(matches!(
        store
            .consume_code("back1", &["RECOVER_EMAIL"])
            .await
            .unwrap(),
        CodeUse::Valid(_)
    ));
    store.update_account("u", &back).await.unwrap();
    assert_eq!(
        store.peek_code("back2", &["RECOVER_EMAIL"]).await.unwrap(),
        CodeUse::Invalid
    );

    // A claim removes the password and the second factor; a claim with a new password keeps it.
    let factor = TotpFactor {
        enrollment_id: "e".into(),
        secret: "SECRET".into(),
        display_name: None,
        enrolled_at: 1,
        last_step: 0,
    };
    store.save_totp("u", &factor, &["h".into()]).await.unwrap();
    let claim = AccountChanges {
        email_verified: Some(true),
        remove_password: true,
        remove_second_factor: true,
        ..Default::default()
    };
    let claimed = store.update_account("u", &claim).await.unwrap().unwrap();
    assert_eq!(
        (claimed.password_hash, claimed.email_verified),
        (None, true)
    );
    assert!(store.totp("u").await.unwrap().is_none());
    assert_eq!(store.recovery_codes_left("u").await.unwrap(), 0);
    let reset = AccountChanges {
        password_hash: Some("$argon2id$new".into()),
        ..claim
    };
    let reset = store.update_account("u", &reset).await.unwrap().unwrap();
    assert_eq!(reset.password_hash.as_deref(), Some("$argon2id$new"));
}

/// Begins session `family` of `user` with its first refresh token `hash`.
async fn sign_in(store: &SharedStore, hash: &str, family: &str, user: &str, expires_at: i64) {
    let session = NewSession {
        id: family.into(),
        user_id: user.into(),
        user_agent: format!("agent of {family}"),
    };
    store
        .start_session(&session, hash, expires_at)
        .await
        .unwrap();
}

fn new_account(id: &str, email: &str) -> NewAccount {
    NewAccount {
        id: id.into(),
        email: email.into(),
        email_verified: false,
        display_name: Some("Name".into()),
        password_hash: Some("$argon2id$hash".into()),
    }
}

async fn story_accounts(store: SharedStore) {
    let a = store
        .create_account(&new_account("a", "a@x.io"))
        .await
        .unwrap();
    assert_eq!(
        (a.role, a.disabled, a.email_verified, a.valid_since),
        (Role::User, false, false, 0)
    );
    assert!(a.password_updated_at.is_some());
    match store.create_account(&new_account("b", "a@x.io")).await {
        Err(StoreError::Conflict { field, message }) => {
            assert_eq!(
                (field.as_deref(), &*message),
                (Some("email"), "EMAIL_EXISTS")
            )
        }
        other => panic!("{other:?}"),
    }
    store
        .create_account(&new_account("b", "b@x.io"))
        .await
        .unwrap();
    assert_eq!(
        store.account_by_email("a@x.io").await.unwrap().unwrap().id,
        "a"
    );
    assert!(store.account_by_email("zz@x.io").await.unwrap().is_none());
    assert_eq!(store.accounts().await.unwrap().len(), 2);

    // Email change clears verification; a taken email is a conflict; unknown id is None.
    let changed = store
        .update_account(
            "a",
            &AccountChanges {
                email: Some("a2@x.io".into()),
                display_name: Some(None),
                ..Default::default()
            },
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (changed.email.as_str(), changed.display_name.clone()),
        ("a2@x.io", None)
    );
    let verified = store
        .update_account(
            "a",
            &AccountChanges {
                email_verified: Some(true),
                ..Default::default()
            },
        )
        .await
        .unwrap()
        .unwrap();
    assert!(verified.email_verified);
    assert!(matches!(
        store
            .update_account(
                "a",
                &AccountChanges {
                    email: Some("b@x.io".into()),
                    ..Default::default()
                }
            )
            .await,
        Err(StoreError::Conflict { .. })
    ));
    assert!(store
        .update_account("nobody", &AccountChanges::default())
        .await
        .unwrap()
        .is_none());

    // Roles and disabling, and the per-request status.
    assert!(store
        .set_access("b@x.io", Role::Editor, &["ko".into(), "ja".into()])
        .await
        .unwrap());
    assert!(!store.set_access("zz@x.io", Role::Admin, &[]).await.unwrap());
    assert!(store.set_disabled("b@x.io", true).await.unwrap());
    let status = store.account_status("b").await.unwrap().unwrap();
    assert_eq!(
        status,
        AccountStatus {
            disabled: true,
            role: Role::Editor,
            editor_languages: vec!["ko".into(), "ja".into()],
            valid_since: 0,
            token_generation: 0,
            ended_sessions: vec![],
        }
    );
    assert!(store.account_status("nobody").await.unwrap().is_none());
    // Each revocation adds one to the generation, even twice in one second.
    store.revoke_sessions("b", 1234).await.unwrap();
    store.revoke_sessions("b", 1234).await.unwrap();
    let status = store.account_status("b").await.unwrap().unwrap();
    assert_eq!((status.valid_since, status.token_generation), (1234, 2));
    store.record_login("b").await.unwrap();
    assert!(store
        .account("b")
        .await
        .unwrap()
        .unwrap()
        .last_login_at
        .is_some());
}

async fn story_refresh_tokens(store: SharedStore) {
    store
        .create_account(&new_account("u", "u@x.io"))
        .await
        .unwrap();
    let later = now_ms() + 60_000;
    sign_in(&store, "h0", "f1", "u", later).await;
    assert_eq!(
        store.rotate_refresh_token("h0", "h1", later).await.unwrap(),
        Rotation::Rotated {
            user_id: "u".into(),
            family: "f1".into()
        }
    );
    assert_eq!(
        store.rotate_refresh_token("h1", "h2", later).await.unwrap(),
        Rotation::Rotated {
            user_id: "u".into(),
            family: "f1".into()
        }
    );
    // h1 again: reuse, the family (h2 included) is revoked.
    assert_eq!(
        store.rotate_refresh_token("h1", "h3", later).await.unwrap(),
        Rotation::Reused
    );
    assert_eq!(
        store.rotate_refresh_token("h2", "h4", later).await.unwrap(),
        Rotation::Revoked
    );
    assert_eq!(
        store
            .rotate_refresh_token("nope", "h5", later)
            .await
            .unwrap(),
        Rotation::Unknown
    );
    // Concurrent rotations of one token: exactly one wins.
    sign_in(&store, "c0", "f2", "u", later).await;
    let (a, b) = tokio::join!(
        store.rotate_refresh_token("c0", "c1", later),
        store.rotate_refresh_token("c0", "c2", later)
    );
    let rotated = [a.unwrap(), b.unwrap()]
        .iter()
        .filter(|r| matches!(r, Rotation::Rotated { .. }))
        .count();
    assert_eq!(rotated, 1);
    // Expired tokens are refused; revoking one token ends its family only.
    sign_in(&store, "e0", "f3", "u", now_ms() - 1).await;
    assert_eq!(
        store.rotate_refresh_token("e0", "e1", later).await.unwrap(),
        Rotation::Revoked
    );
    sign_in(&store, "g0", "f4", "u", later).await;
    sign_in(&store, "k0", "f5", "u", later).await;
    assert!(store.revoke_refresh_token("g0").await.unwrap());
    assert_eq!(
        store.rotate_refresh_token("g0", "g1", later).await.unwrap(),
        Rotation::Revoked
    );
    assert!(matches!(
        store.rotate_refresh_token("k0", "k1", later).await.unwrap(),
        Rotation::Rotated { .. }
    ));
    // A password change revokes every family in the same transaction.
    let changes = AccountChanges {
        password_hash: Some("$new".into()),
        revoke_sessions_at: Some(99),
        ..Default::default()
    };
    let a = store.update_account("u", &changes).await.unwrap().unwrap();
    assert_eq!(
        (
            a.password_hash.as_deref(),
            a.valid_since,
            a.token_generation
        ),
        (Some("$new"), 99, 1)
    );
    let stored = store.account("u").await.unwrap().unwrap();
    assert_eq!(stored.token_generation, 1);
    assert_eq!(
        store.rotate_refresh_token("k1", "k2", later).await.unwrap(),
        Rotation::Revoked
    );
}

async fn story_codes(store: SharedStore) {
    store
        .create_account(&new_account("u", "u@x.io"))
        .await
        .unwrap();
    let code = |kind: &str, expires_at: i64| OneTimeCode {
        kind: kind.into(),
        user_id: Some("u".into()),
        email: "u@x.io".into(),
        payload: "p".into(),
        expires_at,
    };
    let later = now_ms() + 60_000;
    store
        .insert_code("c1", &code("PASSWORD_RESET", later))
        .await
        .unwrap();
    // Another kind does not use it up.
    assert_eq!(
        store.consume_code("c1", &["VERIFY_EMAIL"]).await.unwrap(),
        CodeUse::Invalid
    );
    assert_eq!(
        store.peek_code("c1", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Valid(code("PASSWORD_RESET", later))
    );
    assert_eq!(
        store.consume_code("c1", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Valid(code("PASSWORD_RESET", later))
    );
    assert_eq!(
        store.consume_code("c1", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Invalid
    );
    assert_eq!(
        store.peek_code("c1", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Invalid
    );
    store
        .insert_code("c2", &code("PASSWORD_RESET", now_ms() - 1))
        .await
        .unwrap();
    assert_eq!(
        store.peek_code("c2", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Expired
    );
    assert_eq!(
        store.consume_code("c2", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Expired
    );
    // A code with no account (an email link to a new address).
    let mut open = code("EMAIL_SIGNIN", later);
    open.user_id = None;
    store.insert_code("c3", &open).await.unwrap();
    assert_eq!(
        store.consume_code("c3", &["EMAIL_SIGNIN"]).await.unwrap(),
        CodeUse::Valid(open)
    );
    store.purge_identity(now_ms()).await.unwrap();
    assert_eq!(
        store.peek_code("c2", &["PASSWORD_RESET"]).await.unwrap(),
        CodeUse::Invalid
    );
}

async fn story_rate_limits(store: SharedStore) {
    assert_eq!(store.rate_peek("k", 60_000).await.unwrap().0, 0);
    for n in 1..=3 {
        assert_eq!(store.rate_hit("k", 60_000).await.unwrap().0, n);
    }
    assert_eq!(store.rate_peek("k", 60_000).await.unwrap().0, 3);
    assert_eq!(store.rate_hit("other", 60_000).await.unwrap().0, 1);
    // A window of 1 ms has passed: counting starts again.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    assert_eq!(store.rate_peek("k", 1).await.unwrap().0, 0);
    assert_eq!(store.rate_hit("k", 1).await.unwrap().0, 1);
    // A hit taken back in its window; none in a later window (it counts from 1 again).
    let (_, start) = store.rate_hit("r", 60_000).await.unwrap();
    store.rate_hit("r", 60_000).await.unwrap();
    store.rate_release("r", start).await.unwrap();
    assert_eq!(store.rate_peek("r", 60_000).await.unwrap().0, 1);
    store.rate_release("r", start - 1).await.unwrap();
    assert_eq!(store.rate_peek("r", 60_000).await.unwrap().0, 1);
    // Concurrent hits are all counted.
    let hits = futures::future::join_all((0..10).map(|_| store.rate_hit("c", 60_000))).await;
    let mut counts: Vec<i64> = hits.into_iter().map(|h| h.unwrap().0).collect();
    counts.sort();
    assert_eq!(counts, (1..=10).collect::<Vec<_>>());
}

async fn story_totp(store: SharedStore) {
    store
        .create_account(&new_account("u", "u@x.io"))
        .await
        .unwrap();
    assert!(store.totp("u").await.unwrap().is_none());
    let factor = TotpFactor {
        enrollment_id: "e".into(),
        secret: "SECRET".into(),
        display_name: None,
        enrolled_at: 1,
        last_step: 100,
    };
    store
        .save_totp("u", &factor, &["r1".into(), "r2".into()])
        .await
        .unwrap();
    assert_eq!(store.totp("u").await.unwrap().unwrap(), factor);
    assert!(
        !store.use_totp_step("u", 100).await.unwrap(),
        "a used step is a replay"
    );
    assert!(!store.use_totp_step("u", 99).await.unwrap());
    assert!(store.use_totp_step("u", 101).await.unwrap());
    assert!(!store.use_totp_step("u", 101).await.unwrap());
    assert_eq!(store.recovery_codes_left("u").await.unwrap(), 2);
    assert!(store.use_recovery_code("u", "r1").await.unwrap());
    assert!(!store.use_recovery_code("u", "r1").await.unwrap());
    assert!(!store.use_recovery_code("u", "zz").await.unwrap());
    assert_eq!(store.recovery_codes_left("u").await.unwrap(), 1);
    store.delete_totp("u").await.unwrap();
    assert!(store.totp("u").await.unwrap().is_none());
    assert_eq!(store.recovery_codes_left("u").await.unwrap(), 0);
}

async fn story_delete(store: SharedStore) {
    seed_languages(&store).await;
    let entry = EntryAdder::new("ko").add(&store).await;
    store
        .create_account(&new_account("u", "u@x.io"))
        .await
        .unwrap();
    store
        .create_account(&new_account("v", "v@x.io"))
        .await
        .unwrap();
    let later = now_ms() + 60_000;
    sign_in(&store, "t", "f", "u", later).await;
    let factor = TotpFactor {
        enrollment_id: "e".into(),
        secret: "S".into(),
        display_name: None,
        enrolled_at: 1,
        last_step: 0,
    };
    store.save_totp("u", &factor, &["r".into()]).await.unwrap();
    for user in ["u", "v"] {
        store
            .save_user_entry(user, &user_entry_input(&entry.id, true))
            .await
            .unwrap();
    }
    store.delete_account("u").await.unwrap();
    assert!(store.account("u").await.unwrap().is_none());
    assert_eq!(
        store.rotate_refresh_token("t", "t2", later).await.unwrap(),
        Rotation::Unknown
    );
    assert!(store.totp("u").await.unwrap().is_none());
    let page = since(0);
    assert!(store
        .query_user_entries("u", &page)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        store.query_user_entries("v", &page).await.unwrap().len(),
        1,
        "others keep their rows"
    );
}

/// Accounts from before migration 0011 get their skeleton when the store opens; of two whose
/// addresses look alike, the later keeps working without one, and neither look can be taken.
#[tokio::test]
async fn sqlite_skeletons_are_filled_in_at_open() {
    use sqlx::{Connection, Executor};
    let path = std::env::temp_dir().join(format!("writeit-skeleton-{}.db", new_id()));
    let url = format!("sqlite:{}", path.display());
    let store = writeit_store::open(&url).await.unwrap();
    for (id, email) in [("a", "a@x.io"), ("b", "b@x.io")] {
        store.create_account(&new_account(id, email)).await.unwrap();
    }
    drop(store);
    // As rows written before the column: no skeleton, and a lookalike pair among them.
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    conn.execute("UPDATE users SET email_skeleton = NULL")
        .await
        .unwrap();
    conn.execute(
        "INSERT INTO users (id, email, created_at, updated_at) VALUES ('c', 'а@x.io', 4102444800000, 4102444800000)",
    )
    .await
    .unwrap();
    conn.close().await.unwrap();

    let store = writeit_store::open(&url).await.unwrap();
    assert_eq!(
        store.record_email_skeletons().await.unwrap(),
        0,
        "done at open"
    );
    let lookalike = (
        Some("email_skeleton".to_string()),
        "EMAIL_EXISTS".to_string(),
    );
    for twin in ["\u{0251}@x.io", "b@\u{0445}.io"] {
        assert_eq!(
            conflict(store.create_account(&new_account("t", twin)).await),
            lookalike
        );
    }
    // The later twin, without a skeleton, still signs in and changes.
    let name = AccountChanges {
        display_name: Some(Some("C".into())),
        ..Default::default()
    };
    assert!(store.update_account("c", &name).await.unwrap().is_some());
    assert_eq!(
        store.account_by_email("а@x.io").await.unwrap().unwrap().id,
        "c"
    );
    drop(store);
    remove_sqlite(&path);
}

/// Issue 37: sessions are listed, continued, ended one by one or all but one, only by their
/// owner; an ended one is named in the account's status and its refresh tokens are refused.
async fn story_sessions(store: SharedStore) {
    for (id, email) in [("u", "u@x.io"), ("v", "v@x.io")] {
        store.create_account(&new_account(id, email)).await.unwrap();
    }
    let later = now_ms() + 60_000;
    sign_in(&store, "a0", "fa", "u", later).await;
    sign_in(&store, "b0", "fb", "u", later).await;
    sign_in(&store, "c0", "fc", "u", later).await;
    sign_in(&store, "v0", "fv", "v", later).await;
    // An expired session is not listed.
    sign_in(&store, "x0", "fx", "u", now_ms() - 1).await;
    let ids = |list: Vec<SessionInfo>| list.into_iter().map(|s| s.id).collect::<Vec<_>>();
    let mut listed = ids(store.sessions("u").await.unwrap());
    listed.sort();
    assert_eq!(listed, ["fa", "fb", "fc"]);
    let fa = store
        .sessions("u")
        .await
        .unwrap()
        .into_iter()
        .find(|s| s.id == "fa")
        .unwrap();
    assert_eq!(fa.user_agent, "agent of fa");
    assert!(fa.created_at > 0 && fa.last_used_at >= fa.created_at);

    // A refresh makes a session the last used; a change answered with new tokens continues a
    // live session of its owner only.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    store.rotate_refresh_token("a0", "a1", later).await.unwrap();
    assert_eq!(ids(store.sessions("u").await.unwrap())[0], "fa");
    assert!(store
        .continue_session("fb", "u", "b1", later)
        .await
        .unwrap());
    assert!(!store
        .continue_session("fb", "v", "b2", later)
        .await
        .unwrap());
    assert!(!store
        .continue_session("fx", "u", "x1", later)
        .await
        .unwrap());
    assert!(matches!(
        store.rotate_refresh_token("b1", "b3", later).await.unwrap(),
        Rotation::Rotated { .. }
    ));

    // Nobody ends another's session; ending one revokes its tokens and names it in the status.
    assert!(!store.end_session("v", "fa").await.unwrap());
    assert!(store.end_session("u", "fa").await.unwrap());
    assert!(
        !store.end_session("u", "fa").await.unwrap(),
        "already ended"
    );
    assert_eq!(
        store.rotate_refresh_token("a1", "a2", later).await.unwrap(),
        Rotation::Revoked
    );
    assert_eq!(
        store
            .account_status("u")
            .await
            .unwrap()
            .unwrap()
            .ended_sessions,
        ["fa"]
    );
    assert!(store
        .account_status("v")
        .await
        .unwrap()
        .unwrap()
        .ended_sessions
        .is_empty());

    // All but one: the others' tokens are refused, the kept one and other users' go on.
    assert_eq!(
        store.end_other_sessions("u", "fc").await.unwrap(),
        2,
        "fb and the expired fx"
    );
    assert_eq!(ids(store.sessions("u").await.unwrap()), ["fc"]);
    assert_eq!(
        store.rotate_refresh_token("b3", "b4", later).await.unwrap(),
        Rotation::Revoked
    );
    assert!(matches!(
        store.rotate_refresh_token("c0", "c1", later).await.unwrap(),
        Rotation::Rotated { .. }
    ));
    assert_eq!(ids(store.sessions("v").await.unwrap()), ["fv"]);
    let mut ended = store
        .account_status("u")
        .await
        .unwrap()
        .unwrap()
        .ended_sessions;
    ended.sort();
    assert_eq!(ended, ["fa", "fb", "fx"]);

    // Signing out by refresh token, a reused token and a new password end sessions too.
    assert!(store.revoke_refresh_token("c1").await.unwrap());
    assert!(store.sessions("u").await.unwrap().is_empty());
    sign_in(&store, "d0", "fd", "u", later).await;
    store.rotate_refresh_token("d0", "d1", later).await.unwrap();
    assert_eq!(
        store.rotate_refresh_token("d0", "d2", later).await.unwrap(),
        Rotation::Reused
    );
    assert!(store.sessions("u").await.unwrap().is_empty());
    store.revoke_sessions("v", 1).await.unwrap();
    assert!(store.sessions("v").await.unwrap().is_empty());
    assert_eq!(
        store
            .account_status("v")
            .await
            .unwrap()
            .unwrap()
            .ended_sessions,
        ["fv"]
    );

    // A session's rows go with its account.
    sign_in(&store, "e0", "fe", "u", later).await;
    store.delete_account("u").await.unwrap();
    assert!(store.sessions("u").await.unwrap().is_empty());
}
