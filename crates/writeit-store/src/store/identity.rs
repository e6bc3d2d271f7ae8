//! [`IdentityStore`] for both databases, written once over [`Dialect`]: each method runs the
//! statements of the identity nouns (`account/`, `refresh_token/`, `code/`, `rate_limit/`,
//! `totp/`, `recovery/`, `session/`) it touches, in one transaction where it changes more than one row.

use async_trait::async_trait;

use crate::clock::now_ms;
use crate::dialect::{Bind, Conn, Dialect};
use crate::identity::*;
use crate::store::SqlStore;
use crate::{
    account, code, rate_limit, recovery, refresh_token, session, totp, user_card, user_deck,
    user_entry, user_parameters, user_review, user_test,
};
use crate::{Result, Role, StoreError};

/// A conflict writing `email`: the address itself taken (field `email`) when an account has it
/// exactly, whichever unique index the database named first (SQLite may name the skeleton's).
async fn taken<S: SqlStore>(store: &S, email: &str, e: StoreError) -> StoreError {
    match e {
        StoreError::Conflict { field, message } if field.as_deref() == Some("email_skeleton") => {
            match account::by_email(store.reader(), email).await {
                Ok(Some(_)) => StoreError::Conflict {
                    field: Some("email".into()),
                    message,
                },
                _ => StoreError::Conflict { field, message },
            }
        }
        other => other,
    }
}

#[async_trait]
impl<S: SqlStore> IdentityStore for S {
    async fn create_account(&self, a: &NewAccount) -> Result<Account> {
        if let Err(e) = account::insert(self.writer(), a, now_ms()).await {
            return Err(taken(self, &a.email, e).await);
        }
        let created = account::by_id(self.writer(), &a.id).await?;
        Ok(created.ok_or(sqlx::Error::RowNotFound)?)
    }

    async fn account(&self, id: &str) -> Result<Option<Account>> {
        account::by_id(self.reader(), id).await
    }

    async fn account_by_email(&self, email: &str) -> Result<Option<Account>> {
        account::by_email(self.reader(), email).await
    }

    async fn accounts(&self) -> Result<Vec<Account>> {
        account::list(self.reader()).await
    }

    async fn record_email_skeletons(&self) -> Result<u64> {
        let mut written = 0;
        for (id, email) in account::without_skeleton(self.reader()).await? {
            match account::set_skeleton(self.writer(), &id, &email).await {
                Ok(()) => written += 1,
                Err(StoreError::Conflict { .. }) => tracing::warn!(
                    user_id = %id,
                    email = %email,
                    "this account's address looks like an earlier account's: both keep working, \
                     and no new account may take either look"
                ),
                Err(e) => return Err(e),
            }
        }
        Ok(written)
    }

    async fn update_account(&self, id: &str, c: &AccountChanges) -> Result<Option<Account>> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        let Some(mut a) = account::by_id(tx.ex(), id).await? else {
            return Ok(None);
        };
        account::apply(&mut a, c, now);
        if let Err(e) = account::update(tx.ex(), &a, now).await {
            drop(tx);
            return Err(taken(self, &a.email, e).await);
        }
        if c.remove_second_factor {
            totp::delete(tx.ex(), id).await?;
            recovery::delete(tx.ex(), id).await?;
        }
        if c.end_mailed_codes {
            code::end_mailed(tx.ex(), id, now).await?;
        }
        if let Some(expires) = c.end_recoveries_after {
            code::end_later_recoveries(tx.ex(), id, expires, now).await?;
        }
        if let Some(since) = c.revoke_sessions_at {
            refresh_token::revoke_user(tx.ex(), id, now).await?;
            session::end_user(tx.ex(), id, now).await?;
            a.token_generation = account::set_valid_since(tx.ex(), id, since)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            a.valid_since = since;
        }
        tx.commit().await?;
        Ok(Some(a))
    }

    async fn set_access(&self, email: &str, role: Role, languages: &[String]) -> Result<bool> {
        account::set_access(self.writer(), email, role, languages, now_ms()).await
    }

    async fn set_disabled(&self, email: &str, disabled: bool) -> Result<bool> {
        // Sessions are kept: refresh answers USER_DISABLED while the account is disabled, and
        // every request refuses its ID tokens (docs/identity.md).
        account::set_disabled(self.writer(), email, disabled, now_ms()).await
    }

    async fn record_login(&self, id: &str) -> Result<()> {
        account::record_login(self.writer(), id, now_ms()).await
    }

    async fn revoke_sessions(&self, id: &str, valid_since: i64) -> Result<()> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        refresh_token::revoke_user(tx.ex(), id, now).await?;
        session::end_user(tx.ex(), id, now).await?;
        account::set_valid_since(tx.ex(), id, valid_since).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn delete_account(&self, id: &str) -> Result<()> {
        let mut tx = self.write().begin().await?;
        // Credentials go with the row (ON DELETE CASCADE); study rows have no foreign key (dev
        // tokens name users without rows), so they are deleted here.
        for statement in [
            user_review::DELETE_ALL,
            user_card::DELETE_ALL,
            user_deck::DELETE_ALL,
            user_entry::DELETE_ALL,
            user_parameters::DELETE_ALL,
            user_test::DELETE_ALL,
            account::DELETE,
        ] {
            S::Db::query(statement).arg(id).execute(tx.ex()).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn account_status(&self, id: &str) -> Result<Option<AccountStatus>> {
        let Some(mut status) = account::status(self.reader(), id).await? else {
            return Ok(None);
        };
        let since = now_ms() - ENDED_SESSIONS_KEPT_MS;
        status.ended_sessions = session::ended_since(self.reader(), id, since).await?;
        Ok(Some(status))
    }

    async fn start_session(&self, s: &NewSession, token_hash: &str, expires_at: i64) -> Result<()> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        session::insert(tx.ex(), s, now, expires_at).await?;
        refresh_token::insert(tx.ex(), token_hash, &s.id, &s.user_id, now, expires_at).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn continue_session(
        &self,
        id: &str,
        user_id: &str,
        token_hash: &str,
        expires_at: i64,
    ) -> Result<bool> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        if !session::touch_live(tx.ex(), id, user_id, now, expires_at).await? {
            return Ok(false);
        }
        refresh_token::insert(tx.ex(), token_hash, id, user_id, now, expires_at).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn sessions(&self, user_id: &str) -> Result<Vec<SessionInfo>> {
        session::live(self.reader(), user_id, now_ms()).await
    }

    async fn end_session(&self, user_id: &str, id: &str) -> Result<bool> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        if !session::end(tx.ex(), user_id, id, now).await? {
            return Ok(false);
        }
        refresh_token::revoke_family(tx.ex(), id, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn end_other_sessions(&self, user_id: &str, keep: &str) -> Result<u64> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        let ended = session::end_others(tx.ex(), user_id, keep, now).await?;
        refresh_token::revoke_others(tx.ex(), user_id, keep, now).await?;
        tx.commit().await?;
        Ok(ended)
    }

    async fn rotate_refresh_token(
        &self,
        old_hash: &str,
        new_hash: &str,
        expires_at: i64,
    ) -> Result<Rotation> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        let Some(old) = refresh_token::consume(tx.ex(), old_hash, now).await? else {
            let Some(seen) = refresh_token::get(tx.ex(), old_hash).await? else {
                return Ok(Rotation::Unknown);
            };
            if seen.revoked {
                return Ok(Rotation::Revoked);
            }
            // Used before and not revoked: someone replays it. Whoever holds the family's newer
            // token loses it too; both must sign in again.
            refresh_token::revoke_family(tx.ex(), &seen.family, now).await?;
            session::end_family(tx.ex(), &seen.family, now).await?;
            tx.commit().await?;
            return Ok(Rotation::Reused);
        };
        if old.expires_at <= now {
            tx.commit().await?;
            return Ok(Rotation::Revoked);
        }
        refresh_token::insert(
            tx.ex(),
            new_hash,
            &old.family,
            &old.user_id,
            now,
            expires_at,
        )
        .await?;
        session::touch(tx.ex(), &old.family, now, expires_at).await?;
        tx.commit().await?;
        Ok(Rotation::Rotated {
            user_id: old.user_id,
            family: old.family,
        })
    }

    async fn revoke_refresh_token(&self, hash: &str) -> Result<bool> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        session::end_of_token(tx.ex(), hash, now).await?;
        let revoked = refresh_token::revoke_token(tx.ex(), hash, now).await?;
        tx.commit().await?;
        Ok(revoked)
    }

    async fn insert_code(&self, hash: &str, c: &OneTimeCode) -> Result<()> {
        code::insert(self.writer(), hash, c, now_ms()).await
    }

    async fn replace_code(&self, hash: &str, c: &OneTimeCode) -> Result<()> {
        let now = now_ms();
        let mut tx = self.write().begin().await?;
        code::end_older(tx.ex(), c, now).await?;
        code::insert(tx.ex(), hash, c, now).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn consume_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse> {
        let mut tx = self.write().begin().await?;
        let Some(c) = code::consume(tx.ex(), hash, now_ms()).await? else {
            return Ok(CodeUse::Invalid);
        };
        let outcome = code::judge(c, kinds);
        // A code of another kind stays usable for what it was made for.
        if outcome != CodeUse::Invalid {
            tx.commit().await?;
        }
        Ok(outcome)
    }

    async fn peek_code(&self, hash: &str, kinds: &[&str]) -> Result<CodeUse> {
        match code::get(self.writer(), hash).await? {
            Some(c) => Ok(code::judge(c, kinds)),
            None => Ok(CodeUse::Invalid),
        }
    }

    async fn rate_hit(&self, key: &str, window_ms: i64) -> Result<(i64, i64)> {
        let now = now_ms();
        rate_limit::hit(self.writer(), key, now, now - window_ms).await
    }

    async fn rate_peek(&self, key: &str, window_ms: i64) -> Result<(i64, i64)> {
        let window = rate_limit::peek(self.writer(), key, now_ms() - window_ms).await?;
        Ok(window.unwrap_or_else(|| (0, now_ms())))
    }

    async fn rate_release(&self, key: &str, window_start: i64) -> Result<()> {
        rate_limit::release(self.writer(), key, window_start).await
    }

    async fn purge_identity(&self, before: i64) -> Result<()> {
        code::purge(self.writer(), before).await?;
        rate_limit::purge(self.writer(), before).await
    }

    async fn totp(&self, user_id: &str) -> Result<Option<TotpFactor>> {
        totp::get(self.writer(), user_id).await
    }

    async fn save_totp(
        &self,
        user_id: &str,
        f: &TotpFactor,
        recovery_hashes: &[String],
    ) -> Result<()> {
        let mut tx = self.write().begin().await?;
        totp::upsert(tx.ex(), user_id, f).await?;
        recovery::delete(tx.ex(), user_id).await?;
        for h in recovery_hashes {
            recovery::insert(tx.ex(), user_id, h).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn delete_totp(&self, user_id: &str) -> Result<()> {
        let mut tx = self.write().begin().await?;
        totp::delete(tx.ex(), user_id).await?;
        recovery::delete(tx.ex(), user_id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn use_totp_step(&self, user_id: &str, step: i64) -> Result<bool> {
        totp::use_step(self.writer(), user_id, step).await
    }

    async fn use_recovery_code(&self, user_id: &str, hash: &str) -> Result<bool> {
        recovery::use_code(self.writer(), user_id, hash, now_ms()).await
    }

    async fn recovery_codes_left(&self, user_id: &str) -> Result<i64> {
        recovery::left(self.writer(), user_id).await
    }
}
