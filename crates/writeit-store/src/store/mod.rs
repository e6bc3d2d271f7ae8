//! [`Store`] for both databases, written once over [`Dialect`]: every write opens its
//! transaction with [`begin_write`], reads what it needs, asks `writeit_core::decide` where a rule
//! decides (an arriving review, an import's duplicates), and runs the statements of the nouns it
//! touches (`deck/`, `entry/`, … each with its SQL beside it).

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use sqlx::{Executor, Pool};
use writeit_core::decide;
use writeit_core::decide::review::Arrival;
use writeit_core::entity::*;
use writeit_core::locate::ContentKind;
use writeit_core::paging::PageInput;
use writeit_core::validate::Validate;

use crate::clock::{self, begin_write, now_ms};
use crate::dialect::{Bind, Conn, Dialect, Pools};
use crate::rows::Row;
use crate::{
    character, character_use, deck, entry, language, media, page, user, user_card, user_deck,
    user_entry, user_parameters, user_review, user_test,
};
use crate::{
    Duplicates, Import, ImportSaved, MayWrite, Media, PublicTable, Result, Store, StoreError,
    Uploader, User,
};

const PUBLIC_COUNTS: &str = include_str!("public_counts.sql");

mod identity;

/// A store over two pools of one database: `read` for queries, `write` for writes (SQLite: one
/// writer connection; PostgreSQL: the same pool). Both [`Store`] and [`IdentityStore`] are
/// implemented once for every such store.
pub(crate) trait SqlStore: Send + Sync + 'static {
    type Db: Dialect;
    fn read(&self) -> &Pool<Self::Db>;
    fn write(&self) -> &Pool<Self::Db>;

    /// The folder of the database's files, when they are on this machine.
    fn folder(&self) -> Option<std::path::PathBuf> {
        None
    }

    /// The read pool as an executor.
    fn reader(&self) -> impl Executor<'_, Database = Self::Db> {
        Self::Db::pool(self.read())
    }

    /// The write pool as an executor, for a single statement outside `begin_write` (rows that do
    /// not sync: users and the identity service's).
    fn writer(&self) -> impl Executor<'_, Database = Self::Db> {
        Self::Db::pool(self.write())
    }
}

#[async_trait]
impl<S: SqlStore> Store for S {
    async fn server_time(&self) -> Result<i64> {
        clock::read(self.reader()).await
    }

    async fn page_json(&self, table: PublicTable, page: &PageInput) -> Result<String> {
        let sql = match table {
            PublicTable::Languages => S::Db::LANGUAGES_PAGE_JSON,
            PublicTable::Decks => S::Db::DECKS_PAGE_JSON,
            PublicTable::Entries => S::Db::ENTRIES_PAGE_JSON,
            PublicTable::Characters => S::Db::CHARACTERS_PAGE_JSON,
        };
        let of_languages = !matches!(table, PublicTable::Languages);
        page::public_json(self.reader(), sql, page, of_languages).await
    }
    async fn query_user_entries(&self, user: &str, page: &PageInput) -> Result<Vec<UserEntry>> {
        page::of_user(self.reader(), user_entry::PAGE, user, page, user_entry::row).await
    }
    async fn query_user_decks(&self, user: &str, page: &PageInput) -> Result<Vec<UserDeck>> {
        page::of_user(self.reader(), user_deck::PAGE, user, page, user_deck::row).await
    }
    async fn query_user_cards(&self, user: &str, page: &PageInput) -> Result<Vec<UserCard>> {
        page::of_user(self.reader(), user_card::PAGE, user, page, user_card::row).await
    }
    async fn query_user_reviews(&self, user: &str, page: &PageInput) -> Result<Vec<UserReview>> {
        page::of_user(
            self.reader(),
            user_review::PAGE,
            user,
            page,
            user_review::row,
        )
        .await
    }

    async fn save_languages(&self, mut languages: Vec<Language>) -> Result<Vec<Language>> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        for l in &mut languages {
            l.updated_at = stamp;
            l.grid_type = grid_type(&l.id);
            language::upsert(tx.ex(), l, stamp).await?;
        }
        tx.commit().await?;
        Ok(languages)
    }

    async fn save_decks(&self, mut decks: Vec<Deck>, may_write: MayWrite<'_>) -> Result<Vec<Deck>> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let mut known = HashSet::new();
        for d in &mut decks {
            language::check_write::<S::Db>(
                &mut tx,
                &mut known,
                may_write,
                deck::LANGUAGE,
                &d.id,
                &d.language_code,
            )
            .await?;
            deck::upsert::<S::Db>(&mut tx, stamp, d).await?;
        }
        tx.commit().await?;
        Ok(decks)
    }

    async fn save_entries(
        &self,
        mut entries: Vec<Entry>,
        may_write: MayWrite<'_>,
    ) -> Result<Vec<Entry>> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        entry::upsert_all::<S::Db>(&mut tx, stamp, &mut entries, may_write).await?;
        tx.commit().await?;
        Ok(entries)
    }

    async fn save_import(&self, import: Import, may_write: MayWrite<'_>) -> Result<ImportSaved> {
        let Import {
            deck: target,
            entries,
            media,
            duplicates,
            uploader,
        } = import;
        // Read inside the write transaction: begin_write holds the clock row, so no other write
        // can change the deck's entry list between this read and the commit.
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let mut deck = deck::import_target::<S::Db>(&mut tx, target, may_write).await?;
        let rows = entries.len();
        let listed = deck.entry_ids.len();
        let mut entries = match duplicates {
            Duplicates::Create => {
                deck.entry_ids.extend(entries.iter().map(|e| e.id.clone()));
                entries
            }
            Duplicates::Reuse => {
                let known = entry::texts_of_language(tx.ex(), &deck.language_code).await?;
                let plan = decide::import::reuse_by_text(
                    &deck.language_code,
                    &deck.entry_ids,
                    known,
                    entries,
                );
                deck.entry_ids.extend(plan.append);
                plan.create
            }
        };
        deck.validate().map_err(StoreError::invalid)?;
        entry::upsert_all::<S::Db>(&mut tx, stamp, &mut entries, may_write).await?;
        deck::upsert::<S::Db>(&mut tx, stamp, &mut deck).await?;
        media::charge::<S::Db>(&mut tx, &uploader, &media, stamp).await?;
        for m in &media {
            media::insert(tx.ex(), m, stamp).await?;
        }
        tx.commit().await?;
        Ok(ImportSaved {
            created: entries.len(),
            reused: rows - entries.len(),
            added: deck.entry_ids.len() - listed,
            deck,
        })
    }

    async fn media(&self, id: &str) -> Result<Option<Media>> {
        media::get(self.reader(), id).await
    }

    async fn save_media(&self, m: &Media, uploader: &Uploader) -> Result<()> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        media::charge::<S::Db>(&mut tx, uploader, std::slice::from_ref(m), stamp).await?;
        media::insert(tx.ex(), m, stamp).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn collect_media(&self, before: i64, limit: u32) -> Result<Vec<String>> {
        // begin_write holds the clock row: every save waits, so the references read here are
        // all there are until the commit.
        let (mut tx, _) = begin_write(self.write()).await?;
        let ids = media::unreferenced::<S::Db>(&mut tx, before, limit).await?;
        for id in &ids {
            media::remove::<S::Db>(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    async fn entry_language(&self, id: &str) -> Result<Option<String>> {
        entry::language(self.reader(), id).await
    }

    async fn language_of(&self, kind: ContentKind, id: &str) -> Result<Option<String>> {
        let statement = match kind {
            ContentKind::Deck => deck::LIVE_LANGUAGE,
            ContentKind::Entry => entry::LIVE_LANGUAGE,
        };
        S::Db::query(statement)
            .arg(id)
            .fetch_optional(self.reader())
            .await?
            .map(|r| r.text(0))
            .transpose()
    }

    async fn deck(&self, id: &str) -> Result<Option<Deck>> {
        deck::get(self.reader(), id).await
    }

    async fn deck_entries(&self, id: &str) -> Result<Vec<Entry>> {
        deck::entries(self.reader(), id).await
    }

    async fn save_characters(
        &self,
        mut characters: Vec<Character>,
        may_write: MayWrite<'_>,
    ) -> Result<Vec<Character>> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        character::upsert_all::<S::Db>(&mut tx, stamp, &mut characters, may_write).await?;
        tx.commit().await?;
        Ok(characters)
    }

    async fn save_user_deck(&self, user: &str, input: &SaveUserDeckInput) -> Result<UserDeck> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let deck_id = input.deck_id();
        let Some(language_code) = deck::language(tx.ex(), deck_id).await? else {
            return Err(StoreError::not_found(
                "deckId",
                format!("no deck '{deck_id}'"),
            ));
        };
        let row = UserDeck {
            id: deck_id.to_string(),
            deck_id: deck_id.to_string(),
            language_code: Some(language_code),
            new_per_day: input.new_per_day(),
            desired_retention: input.desired_retention(),
            updated_at: stamp,
            deleted: input.deleted.unwrap_or(false),
        };
        user_deck::upsert(tx.ex(), user, &row, stamp).await?;
        tx.commit().await?;
        Ok(row)
    }

    async fn save_user_entry(&self, user: &str, input: &SaveUserEntryInput) -> Result<UserEntry> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let entry_id = input.entry_id();
        let deleted = input.deleted.unwrap_or(false);
        check_entry::<S::Db>(&mut tx, entry_id, deleted).await?;
        let row = UserEntry {
            id: entry_id.to_string(),
            entry_id: entry_id.to_string(),
            enabled: input.enabled,
            updated_at: stamp,
            deleted,
        };
        user_entry::upsert(tx.ex(), user, &row, stamp).await?;
        tx.commit().await?;
        Ok(row)
    }

    async fn save_user_review(&self, user: &str, review: &UserReview) -> Result<UserCard> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let stored = user_review::get(tx.ex(), user, &review.id).await?;
        let mut clamped = None;
        // The write's stamp is the server's clock: the time line getServerTime reports.
        match decide::review::arrival(stored.as_ref(), review, stamp) {
            Arrival::Conflict { field } => {
                return Err(StoreError::Conflict {
                    field: Some(field.into()),
                    message: format!(
                        "review '{}' was already recorded with a different answer",
                        review.id
                    ),
                })
            }
            Arrival::New(row) => {
                check_entry::<S::Db>(&mut tx, &review.entry_id, review.deleted).await?;
                user_review::insert(tx.ex(), user, &row, stamp).await?;
                clamped = row.claimed_reviewed_at.map(|c| (c, row.review.reviewed_at));
            }
            Arrival::TakenBack => user_review::delete(tx.ex(), user, &review.id, stamp).await?,
            Arrival::Replayed | Arrival::AlreadyTakenBack => {
                // Answer the card as it stands (rebuilt below only when it was never stored).
                if let Some(card) = user_card::get(tx.ex(), user, &review.card_id).await? {
                    tx.commit().await?;
                    return Ok(card);
                }
            }
        }
        let weights = user_parameters::weights(tx.ex(), user).await?;
        let reviews = user_review::of_card(tx.ex(), user, &review.card_id).await?;
        let mut card = decide::review::card(&weights, review, reviews)
            .ok_or_else(|| StoreError::Corrupt("a saved review has an invalid rating".into()))?;
        card.updated_at = stamp;
        user_card::upsert(tx.ex(), user, &card, stamp).await?;
        tx.commit().await?;
        if let Some((claimed, stored)) = clamped {
            // A device clock ahead of the server's: worth seeing, never worth refusing.
            tracing::info!(
                user_id = user,
                review_id = %review.id,
                claimed,
                stored,
                ahead_ms = claimed - stored,
                "review from the future stored at the server's clock"
            );
        }
        Ok(card)
    }

    async fn query_user_parameters(
        &self,
        user: &str,
        page: &PageInput,
    ) -> Result<Vec<UserParameters>> {
        page::of_user(
            self.reader(),
            user_parameters::PAGE,
            user,
            page,
            user_parameters::row,
        )
        .await
    }

    async fn query_user_tests(&self, user: &str, page: &PageInput) -> Result<Vec<UserTest>> {
        page::of_user(self.reader(), user_test::PAGE, user, page, user_test::row).await
    }

    async fn save_user_test(&self, user: &str, test: &UserTest) -> Result<UserTest> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        if let Some(stored) = user_test::get(tx.ex(), user, &test.id).await? {
            if stored.same_record(test) {
                // A replay (an upload retried after a lost answer): nothing changes, so no
                // device pulls the row again.
                tx.rollback().await?;
                return Ok(stored);
            }
        }
        let saved = UserTest {
            updated_at: stamp,
            ..test.clone()
        };
        user_test::upsert(tx.ex(), user, &saved, stamp).await?;
        tx.commit().await?;
        Ok(saved)
    }

    async fn user_parameters(&self, user: &str) -> Result<Option<UserParameters>> {
        user_parameters::get(self.reader(), user).await
    }

    async fn fit_log(&self, user: &str) -> Result<Vec<UserReview>> {
        user_review::of_user(self.reader(), user).await
    }

    async fn live_review_count(&self, user: &str) -> Result<u32> {
        user_review::count(self.reader(), user).await
    }

    async fn fit_candidates(&self, min_reviews: u32) -> Result<Vec<(String, u32, Option<u32>)>> {
        user_parameters::candidates(self.reader(), min_reviews).await
    }

    async fn save_user_parameters(
        &self,
        user: &str,
        row: &UserParameters,
    ) -> Result<(UserParameters, usize)> {
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let before = user_parameters::weights(tx.ex(), user).await?;
        let saved = UserParameters {
            id: user.to_string(),
            updated_at: stamp,
            ..row.clone()
        };
        user_parameters::upsert(tx.ex(), user, &saved, stamp).await?;
        let weights = writeit_core::fsrs::weights_or_default(&saved.weights);
        let mut changed = 0;
        if weights != before {
            // Reschedule: every card is the replay of its live reviews with the new weights.
            // Cards that come out the same keep their stamp, so devices pull only the others.
            let mut stored: HashMap<String, UserCard> = user_card::of_user(tx.ex(), user)
                .await?
                .into_iter()
                .map(|c| (c.id.clone(), c))
                .collect();
            let mut rebuilt = Vec::new();
            user_review::for_each_card(tx.ex(), user, |log| {
                let Some(old) = log.first().and_then(|r| stored.remove(&r.card_id)) else {
                    return;
                };
                if let Some(mut card) = writeit_core::card::rebuild(&weights, log) {
                    card.updated_at = old.updated_at;
                    if card != old {
                        rebuilt.push(card);
                    }
                }
            })
            .await?;
            for card in &rebuilt {
                user_card::upsert(tx.ex(), user, card, stamp).await?;
            }
            changed = rebuilt.len();
        }
        tx.commit().await?;
        Ok((saved, changed))
    }

    async fn save_user(&self, u: &User) -> Result<()> {
        user::upsert(self.writer(), u, now_ms()).await
    }

    async fn user(&self, id: &str) -> Result<Option<User>> {
        user::get(self.reader(), id).await
    }

    async fn public_counts(&self) -> Result<[i64; 4]> {
        let row = S::Db::query(PUBLIC_COUNTS).fetch_one(self.reader()).await?;
        Ok([row.int(0)?, row.int(1)?, row.int(2)?, row.int(3)?])
    }

    async fn language_counts(&self) -> Result<Vec<LanguageCounts>> {
        language::counts(self.reader()).await
    }

    async fn record_character_uses(&self) -> Result<u64> {
        // Every entry stamped up to `to` has committed (docs/sync.md), so none is skipped.
        let from = character_use::scanned(self.read()).await?;
        let to = clock::read(self.reader()).await?;
        let (uses, any) = character_use::of_entries_stamped(self.read(), from, to).await?;
        if !any {
            return Ok(0);
        }
        let (mut tx, stamp) = begin_write(self.write()).await?;
        let added = character_use::record::<S::Db>(&mut tx, stamp, &uses).await?;
        character_use::set_scanned::<S::Db>(&mut tx, to).await?;
        tx.commit().await?;
        Ok(added)
    }

    fn data_folder(&self) -> Option<std::path::PathBuf> {
        self.folder()
    }

    async fn check_writable(&self) -> Result<()> {
        // The write every save starts with, rolled back: a read-only database (a write-protected
        // SQLite file opens read-only without a word; a PostgreSQL standby or
        // default_transaction_read_only) answers reads and fails here.
        let (tx, _) = begin_write(self.write()).await?;
        tx.rollback().await?;
        Ok(())
    }
}

/// Refuses a learner's new row naming entry `entry_id` unless `decide::entry::may_name` allows
/// it (`taking_back`: the row arrives deleted), naming the field `entryId`. Read in the write's
/// transaction, so an entry deleted meanwhile is seen.
async fn check_entry<D: Dialect>(
    tx: &mut clock::Tx<D>,
    entry_id: &str,
    taking_back: bool,
) -> Result<()> {
    let state = entry::state(tx.ex(), entry_id).await?;
    decide::entry::may_name(state, taking_back)
        .map_err(|refusal| StoreError::not_found("entryId", refusal.message(entry_id)))
}
