//! [`crate::IdentityStore`] for both databases, from the shared `sql/identity_*.sql` files.

/// Statements, one file each.
pub(crate) mod sql {
    macro_rules! sql {
        ($($name:ident = $file:literal;)*) => {$(
            pub const $name: &str = include_str!(concat!("sql/identity_", $file, ".sql"));
        )*};
    }
    sql! {
        ACCOUNT_INSERT = "account_insert";
        ACCOUNT_BY_ID = "account_by_id";
        ACCOUNT_BY_EMAIL = "account_by_email";
        ACCOUNTS_LIST = "accounts_list";
        ACCOUNT_UPDATE = "account_update";
        ACCOUNT_ACCESS = "account_access";
        ACCOUNT_DISABLED = "account_disabled";
        ACCOUNT_VALID_SINCE = "account_valid_since";
        ACCOUNT_LOGIN = "account_login";
        ACCOUNT_DELETE = "account_delete";
        ACCOUNT_STATUS = "account_status";
        USER_REVIEWS_DELETE = "user_reviews_delete";
        USER_CARDS_DELETE = "user_cards_delete";
        USER_DECKS_DELETE = "user_decks_delete";
        USER_ENTRIES_DELETE = "user_entries_delete";
        REFRESH_INSERT = "refresh_insert";
        REFRESH_CONSUME = "refresh_consume";
        REFRESH_GET = "refresh_get";
        REFRESH_REVOKE_FAMILY = "refresh_revoke_family";
        REFRESH_REVOKE_USER = "refresh_revoke_user";
        REFRESH_REVOKE_TOKEN = "refresh_revoke_token";
        CODE_INSERT = "code_insert";
        CODE_CONSUME = "code_consume";
        CODE_GET = "code_get";
        CODE_PURGE = "code_purge";
        RATE_HIT = "rate_hit";
        RATE_PEEK = "rate_peek";
        RATE_RELEASE = "rate_release";
        RATE_PURGE = "rate_purge";
        TOTP_GET = "totp_get";
        TOTP_UPSERT = "totp_upsert";
        TOTP_DELETE = "totp_delete";
        TOTP_USE_STEP = "totp_use_step";
        RECOVERY_DELETE = "recovery_delete";
        RECOVERY_INSERT = "recovery_insert";
        RECOVERY_USE = "recovery_use";
        RECOVERY_LEFT = "recovery_left";
    }
}

/// Maps a unique-key violation on `users.email` onto a `Conflict` with message `EMAIL_EXISTS`.
pub(crate) fn email_conflict(e: sqlx::Error) -> crate::StoreError {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => crate::StoreError::Conflict {
            field: Some("email".into()),
            message: "EMAIL_EXISTS".into(),
        },
        _ => crate::StoreError::Database(e),
    }
}

/// Implements [`crate::IdentityStore`] for `$store` (with `read` and `write` pools of `$db`).
macro_rules! identity_store {
    ($store:ident, $db:ty) => {
        mod identity_impl {
            use async_trait::async_trait;
            use sqlx::Row as _;

            use super::$store;
            use crate::clock::now_ms;
            use crate::identity::*;
            use crate::identity_store::{email_conflict, sql};
            use crate::rows::to_json;
            use crate::{Result, Role, StoreError};

            type DbRow = <$db as sqlx::Database>::Row;

            fn role(s: &str) -> Result<Role> {
                Role::parse(s).ok_or_else(|| StoreError::Corrupt(format!("unknown role '{s}'")))
            }

            fn languages(s: &str) -> Result<Vec<String>> {
                serde_json::from_str(s)
                    .map_err(|e| StoreError::Corrupt(format!("editor_languages: {e}")))
            }

            fn account(r: &DbRow) -> Result<Account> {
                Ok(Account {
                    id: r.try_get(0)?,
                    email: r.try_get(1)?,
                    email_verified: r.try_get(2)?,
                    display_name: r.try_get(3)?,
                    password_hash: r.try_get(4)?,
                    role: role(&r.try_get::<String, _>(5)?)?,
                    editor_languages: languages(&r.try_get::<String, _>(6)?)?,
                    disabled: r.try_get(7)?,
                    valid_since: r.try_get(8)?,
                    created_at: r.try_get(9)?,
                    last_login_at: r.try_get(10)?,
                    password_updated_at: r.try_get(11)?,
                    token_generation: r.try_get(12)?,
                })
            }

            fn code(r: &DbRow) -> Result<OneTimeCode> {
                Ok(OneTimeCode {
                    kind: r.try_get(0)?,
                    user_id: r.try_get(1)?,
                    email: r.try_get(2)?,
                    payload: r.try_get(3)?,
                    expires_at: r.try_get(4)?,
                })
            }

            fn judge(code: OneTimeCode, kinds: &[&str]) -> CodeUse {
                if !kinds.contains(&code.kind.as_str()) {
                    CodeUse::Invalid
                } else if code.expires_at <= now_ms() {
                    CodeUse::Expired
                } else {
                    CodeUse::Valid(code)
                }
            }

            #[async_trait]
            impl IdentityStore for $store {
                async fn create_account(&self, a: &NewAccount) -> Result<Account> {
                    let now = now_ms();
                    sqlx::query(sql::ACCOUNT_INSERT)
                        .bind(&a.id)
                        .bind(&a.email)
                        .bind(a.email_verified)
                        .bind(&a.display_name)
                        .bind(&a.password_hash)
                        .bind(now)
                        .bind(a.password_hash.as_ref().map(|_| now))
                        .execute(&self.write)
                        .await
                        .map_err(email_conflict)?;
                    let row = sqlx::query(sql::ACCOUNT_BY_ID)
                        .bind(&a.id)
                        .fetch_one(&self.write)
                        .await?;
                    account(&row)
                }

                async fn account(&self, id: &str) -> Result<Option<Account>> {
                    let row = sqlx::query(sql::ACCOUNT_BY_ID)
                        .bind(id)
                        .fetch_optional(&self.read)
                        .await?;
                    row.as_ref().map(account).transpose()
                }

                async fn account_by_email(&self, email: &str) -> Result<Option<Account>> {
                    let row = sqlx::query(sql::ACCOUNT_BY_EMAIL)
                        .bind(email)
                        .fetch_optional(&self.read)
                        .await?;
                    row.as_ref().map(account).transpose()
                }

                async fn accounts(&self) -> Result<Vec<Account>> {
                    let rows = sqlx::query(sql::ACCOUNTS_LIST)
                        .fetch_all(&self.read)
                        .await?;
                    rows.iter().map(account).collect()
                }

                async fn update_account(
                    &self,
                    id: &str,
                    c: &AccountChanges,
                ) -> Result<Option<Account>> {
                    let now = now_ms();
                    let mut tx = self.write.begin().await?;
                    let Some(row) = sqlx::query(sql::ACCOUNT_BY_ID)
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await?
                    else {
                        return Ok(None);
                    };
                    let mut a = account(&row)?;
                    if let Some(email) = &c.email {
                        if *email != a.email {
                            a.email = email.clone();
                            a.email_verified = false;
                        }
                    }
                    if let Some(v) = c.email_verified {
                        a.email_verified = v;
                    }
                    if let Some(name) = &c.display_name {
                        a.display_name = name.clone();
                    }
                    if let Some(hash) = &c.password_hash {
                        a.password_hash = Some(hash.clone());
                        a.password_updated_at = Some(now);
                    }
                    sqlx::query(sql::ACCOUNT_UPDATE)
                        .bind(id)
                        .bind(&a.email)
                        .bind(a.email_verified)
                        .bind(&a.display_name)
                        .bind(&a.password_hash)
                        .bind(a.password_updated_at)
                        .bind(now)
                        .execute(&mut *tx)
                        .await
                        .map_err(email_conflict)?;
                    if let Some(since) = c.revoke_sessions_at {
                        sqlx::query(sql::REFRESH_REVOKE_USER)
                            .bind(id)
                            .bind(now)
                            .execute(&mut *tx)
                            .await?;
                        a.token_generation = sqlx::query_scalar(sql::ACCOUNT_VALID_SINCE)
                            .bind(id)
                            .bind(since)
                            .fetch_one(&mut *tx)
                            .await?;
                        a.valid_since = since;
                    }
                    tx.commit().await?;
                    Ok(Some(a))
                }

                async fn set_access(
                    &self,
                    email: &str,
                    role: Role,
                    languages: &[String],
                ) -> Result<bool> {
                    let done = sqlx::query(sql::ACCOUNT_ACCESS)
                        .bind(email)
                        .bind(role.as_str())
                        .bind(to_json(&languages))
                        .bind(now_ms())
                        .execute(&self.write)
                        .await?;
                    Ok(done.rows_affected() == 1)
                }

                async fn set_disabled(&self, email: &str, disabled: bool) -> Result<bool> {
                    // Sessions are kept: refresh answers USER_DISABLED while the account is
                    // disabled, and every request refuses its ID tokens (docs/identity.md).
                    let id: Option<String> = sqlx::query_scalar(sql::ACCOUNT_DISABLED)
                        .bind(email)
                        .bind(disabled)
                        .bind(now_ms())
                        .fetch_optional(&self.write)
                        .await?;
                    Ok(id.is_some())
                }

                async fn record_login(&self, id: &str) -> Result<()> {
                    sqlx::query(sql::ACCOUNT_LOGIN)
                        .bind(id)
                        .bind(now_ms())
                        .execute(&self.write)
                        .await?;
                    Ok(())
                }

                async fn revoke_sessions(&self, id: &str, valid_since: i64) -> Result<()> {
                    let mut tx = self.write.begin().await?;
                    sqlx::query(sql::REFRESH_REVOKE_USER)
                        .bind(id)
                        .bind(now_ms())
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(sql::ACCOUNT_VALID_SINCE)
                        .bind(id)
                        .bind(valid_since)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn delete_account(&self, id: &str) -> Result<()> {
                    let mut tx = self.write.begin().await?;
                    // Credentials go with the row (ON DELETE CASCADE); study rows have no foreign
                    // key (dev tokens name users without rows), so they are deleted here.
                    for statement in [
                        sql::USER_REVIEWS_DELETE,
                        sql::USER_CARDS_DELETE,
                        sql::USER_DECKS_DELETE,
                        sql::USER_ENTRIES_DELETE,
                        sql::ACCOUNT_DELETE,
                    ] {
                        sqlx::query(statement).bind(id).execute(&mut *tx).await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn account_status(&self, id: &str) -> Result<Option<AccountStatus>> {
                    let row = sqlx::query(sql::ACCOUNT_STATUS)
                        .bind(id)
                        .fetch_optional(&self.read)
                        .await?;
                    row.map(|r| {
                        Ok(AccountStatus {
                            disabled: r.try_get(0)?,
                            role: role(&r.try_get::<String, _>(1)?)?,
                            editor_languages: languages(&r.try_get::<String, _>(2)?)?,
                            valid_since: r.try_get(3)?,
                            token_generation: r.try_get(4)?,
                        })
                    })
                    .transpose()
                }

                async fn insert_refresh_token(
                    &self,
                    hash: &str,
                    family: &str,
                    user_id: &str,
                    expires_at: i64,
                ) -> Result<()> {
                    sqlx::query(sql::REFRESH_INSERT)
                        .bind(hash)
                        .bind(family)
                        .bind(user_id)
                        .bind(now_ms())
                        .bind(expires_at)
                        .execute(&self.write)
                        .await?;
                    Ok(())
                }

                async fn rotate_refresh_token(
                    &self,
                    old_hash: &str,
                    new_hash: &str,
                    expires_at: i64,
                ) -> Result<Rotation> {
                    let now = now_ms();
                    let mut tx = self.write.begin().await?;
                    let consumed = sqlx::query(sql::REFRESH_CONSUME)
                        .bind(old_hash)
                        .bind(now)
                        .fetch_optional(&mut *tx)
                        .await?;
                    let Some(row) = consumed else {
                        let seen = sqlx::query(sql::REFRESH_GET)
                            .bind(old_hash)
                            .fetch_optional(&mut *tx)
                            .await?;
                        let Some(seen) = seen else {
                            return Ok(Rotation::Unknown);
                        };
                        let family: String = seen.try_get(0)?;
                        let revoked: Option<i64> = seen.try_get(2)?;
                        if revoked.is_some() {
                            return Ok(Rotation::Revoked);
                        }
                        // Used before and not revoked: someone replays it. Whoever holds the
                        // family's newer token loses it too; both must sign in again.
                        sqlx::query(sql::REFRESH_REVOKE_FAMILY)
                            .bind(&family)
                            .bind(now)
                            .execute(&mut *tx)
                            .await?;
                        tx.commit().await?;
                        return Ok(Rotation::Reused);
                    };
                    let family: String = row.try_get(0)?;
                    let user_id: String = row.try_get(1)?;
                    let old_expiry: i64 = row.try_get(2)?;
                    if old_expiry <= now {
                        tx.commit().await?;
                        return Ok(Rotation::Revoked);
                    }
                    sqlx::query(sql::REFRESH_INSERT)
                        .bind(new_hash)
                        .bind(&family)
                        .bind(&user_id)
                        .bind(now)
                        .bind(expires_at)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    Ok(Rotation::Rotated { user_id, family })
                }

                async fn revoke_refresh_token(&self, hash: &str) -> Result<bool> {
                    let done = sqlx::query(sql::REFRESH_REVOKE_TOKEN)
                        .bind(hash)
                        .bind(now_ms())
                        .execute(&self.write)
                        .await?;
                    Ok(done.rows_affected() > 0)
                }

                async fn insert_code(&self, hash: &str, c: &OneTimeCode) -> Result<()> {
                    sqlx::query(sql::CODE_INSERT)
                        .bind(hash)
                        .bind(&c.kind)
                        .bind(&c.user_id)
                        .bind(&c.email)
                        .bind(&c.payload)
                        .bind(now_ms())
                        .bind(c.expires_at)
                        .execute(&self.write)
                        .await?;
                    Ok(())
                }

                async fn consume_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse> {
                    let mut tx = self.write.begin().await?;
                    let row = sqlx::query(sql::CODE_CONSUME)
                        .bind(hash)
                        .bind(now_ms())
                        .fetch_optional(&mut *tx)
                        .await?;
                    let Some(row) = row else {
                        return Ok(CodeUse::Invalid);
                    };
                    let outcome = judge(code(&row)?, kinds);
                    // A code of another kind stays usable for what it was made for.
                    if outcome != CodeUse::Invalid {
                        tx.commit().await?;
                    }
                    Ok(outcome)
                }

                async fn peek_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse> {
                    let row = sqlx::query(sql::CODE_GET)
                        .bind(hash)
                        .fetch_optional(&self.write)
                        .await?;
                    match row {
                        Some(row) => Ok(judge(code(&row)?, kinds)),
                        None => Ok(CodeUse::Invalid),
                    }
                }

                async fn rate_hit(&self, key: &str, window_ms: i64) -> Result<(i64, i64)> {
                    let now = now_ms();
                    let row = sqlx::query(sql::RATE_HIT)
                        .bind(key)
                        .bind(now)
                        .bind(now - window_ms)
                        .fetch_one(&self.write)
                        .await?;
                    Ok((row.try_get(0)?, row.try_get(1)?))
                }

                async fn rate_peek(&self, key: &str, window_ms: i64) -> Result<(i64, i64)> {
                    let row = sqlx::query(sql::RATE_PEEK)
                        .bind(key)
                        .bind(now_ms() - window_ms)
                        .fetch_optional(&self.write)
                        .await?;
                    match row {
                        Some(r) => Ok((r.try_get(0)?, r.try_get(1)?)),
                        None => Ok((0, now_ms())),
                    }
                }

                async fn rate_release(&self, key: &str, window_start: i64) -> Result<()> {
                    sqlx::query(sql::RATE_RELEASE)
                        .bind(key)
                        .bind(window_start)
                        .execute(&self.write)
                        .await?;
                    Ok(())
                }

                async fn purge_identity(&self, before: i64) -> Result<()> {
                    sqlx::query(sql::CODE_PURGE)
                        .bind(before)
                        .execute(&self.write)
                        .await?;
                    sqlx::query(sql::RATE_PURGE)
                        .bind(before)
                        .execute(&self.write)
                        .await?;
                    Ok(())
                }

                async fn totp(&self, user_id: &str) -> Result<Option<TotpFactor>> {
                    let row = sqlx::query(sql::TOTP_GET)
                        .bind(user_id)
                        .fetch_optional(&self.write)
                        .await?;
                    row.map(|r| {
                        Ok(TotpFactor {
                            enrollment_id: r.try_get(0)?,
                            secret: r.try_get(1)?,
                            display_name: r.try_get(2)?,
                            enrolled_at: r.try_get(3)?,
                            last_step: r.try_get(4)?,
                        })
                    })
                    .transpose()
                }

                async fn save_totp(
                    &self,
                    user_id: &str,
                    f: &TotpFactor,
                    recovery_hashes: &[String],
                ) -> Result<()> {
                    let mut tx = self.write.begin().await?;
                    sqlx::query(sql::TOTP_UPSERT)
                        .bind(user_id)
                        .bind(&f.enrollment_id)
                        .bind(&f.secret)
                        .bind(&f.display_name)
                        .bind(f.enrolled_at)
                        .bind(f.last_step)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(sql::RECOVERY_DELETE)
                        .bind(user_id)
                        .execute(&mut *tx)
                        .await?;
                    for h in recovery_hashes {
                        sqlx::query(sql::RECOVERY_INSERT)
                            .bind(user_id)
                            .bind(h)
                            .execute(&mut *tx)
                            .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn delete_totp(&self, user_id: &str) -> Result<()> {
                    let mut tx = self.write.begin().await?;
                    for statement in [sql::TOTP_DELETE, sql::RECOVERY_DELETE] {
                        sqlx::query(statement)
                            .bind(user_id)
                            .execute(&mut *tx)
                            .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn use_totp_step(&self, user_id: &str, step: i64) -> Result<bool> {
                    let done = sqlx::query(sql::TOTP_USE_STEP)
                        .bind(user_id)
                        .bind(step)
                        .execute(&self.write)
                        .await?;
                    Ok(done.rows_affected() == 1)
                }

                async fn use_recovery_code(&self, user_id: &str, hash: &str) -> Result<bool> {
                    let done = sqlx::query(sql::RECOVERY_USE)
                        .bind(user_id)
                        .bind(hash)
                        .bind(now_ms())
                        .execute(&self.write)
                        .await?;
                    Ok(done.rows_affected() == 1)
                }

                async fn recovery_codes_left(&self, user_id: &str) -> Result<i64> {
                    Ok(sqlx::query_scalar(sql::RECOVERY_LEFT)
                        .bind(user_id)
                        .fetch_one(&self.write)
                        .await?)
                }
            }
        }
    };
}
pub(crate) use identity_store;
