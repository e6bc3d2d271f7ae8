//! The store's operations, written once for both databases: the SQL is shared (`sql/`), only the
//! pool set-up, migrations and the clock statement differ (see `sqlite/` and `postgres/`).

/// Statements, one file each.
pub(crate) mod sql {
    macro_rules! sql {
        ($($name:ident = $file:literal;)*) => {$(
            pub const $name: &str = include_str!(concat!("sql/", $file));
        )*};
    }
    sql! {
        CLOCK_READ = "clock_read.sql";
        USER_ENTRIES_PAGE = "user_entries_page.sql";
        USER_DECKS_PAGE = "user_decks_page.sql";
        USER_CARDS_PAGE = "user_cards_page.sql";
        USER_REVIEWS_PAGE = "user_reviews_page.sql";
        USER_REVIEWS_OF_CARD = "user_reviews_of_card.sql";
        USER_REVIEW_GET = "user_review_get.sql";
        USER_CARD_GET = "user_card_get.sql";
        LANGUAGE_UPSERT = "language_upsert.sql";
        DECK_UPSERT = "deck_upsert.sql";
        ENTRY_UPSERT = "entry_upsert.sql";
        CHARACTER_UPSERT = "character_upsert.sql";
        USER_ENTRY_UPSERT = "user_entry_upsert.sql";
        USER_DECK_UPSERT = "user_deck_upsert.sql";
        USER_CARD_UPSERT = "user_card_upsert.sql";
        USER_REVIEW_INSERT = "user_review_insert.sql";
        USER_REVIEW_DELETE = "user_review_delete.sql";
        ENTRY_TEXTS_OF_LANGUAGE = "entry_texts_of_language.sql";
        MEDIA_INSERT = "media_insert.sql";
        MEDIA_GET = "media_get.sql";
        LANGUAGE_EXISTS = "language_exists.sql";
        ENTRY_EXISTS = "entry_exists.sql";
        DECK_EXISTS = "deck_exists.sql";
        DECK_LANGUAGE = "deck_language.sql";
        ENTRY_LANGUAGE = "entry_language.sql";
        CHARACTER_LANGUAGE = "character_language.sql";
        USER_UPSERT = "user_upsert.sql";
        USER_GET = "user_get.sql";
        PUBLIC_COUNTS = "public_counts.sql";
        DECK_GET = "deck_get.sql";
    }

    /// What only SQLite spells this way.
    pub mod sqlite {
        sql! {
            CLOCK_NEXT = "clock_next_sqlite.sql";
            LANGUAGES_PAGE_JSON = "sqlite/languages_page_json.sql";
            DECKS_PAGE_JSON = "sqlite/decks_page_json.sql";
            ENTRIES_PAGE_JSON = "sqlite/entries_page_json.sql";
            CHARACTERS_PAGE_JSON = "sqlite/characters_page_json.sql";
            DECK_ENTRIES = "sqlite/deck_entries.sql";
            ENTRY_STATES = "sqlite/entry_states.sql";
        }
    }

    /// What only PostgreSQL spells this way.
    pub mod postgres {
        sql! {
            CLOCK_NEXT = "clock_next_postgres.sql";
            LANGUAGES_PAGE_JSON = "postgres/languages_page_json.sql";
            DECKS_PAGE_JSON = "postgres/decks_page_json.sql";
            ENTRIES_PAGE_JSON = "postgres/entries_page_json.sql";
            CHARACTERS_PAGE_JSON = "postgres/characters_page_json.sql";
            DECK_ENTRIES = "postgres/deck_entries.sql";
            ENTRY_STATES = "postgres/entry_states.sql";
        }
    }
}

/// Wall-clock ms since the epoch; the sync clock never goes below it.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// Implements [`crate::Store`] for `$store` (with `read` and `write` pools of database `$db`).
macro_rules! sql_store {
    ($store:ident, $db:ty, $dialect:ident) => {
        use std::collections::{HashMap, HashSet};

        use async_trait::async_trait;
        use writeit_core::entity::*;
        use writeit_core::paging::PageInput;

        use crate::rows::{self, to_json};
        use crate::sql_store::{now_ms, sql};
        use crate::{
            Duplicates, Import, ImportDeck, ImportSaved, MayWrite, Media, PublicTable, Result, Store,
            StoreError, User,
        };

        type Tx = sqlx::Transaction<'static, $db>;

        impl $store {
            /// The one way to write: a transaction holding the next sync-clock stamp. The clock
            /// row stays locked until commit, so stamps are commit-ordered.
            async fn begin_write(&self) -> Result<(Tx, i64)> {
                let mut tx = self.write.begin().await?;
                let stamp: i64 = sqlx::query_scalar(sql::$dialect::CLOCK_NEXT)
                    .bind(now_ms())
                    .fetch_one(&mut *tx)
                    .await?;
                Ok((tx, stamp))
            }

            /// A public page as the JSON array the API answers, built by the database: no
            /// per-row work here, which is most of a full sync's cost.
            async fn public_page_json(
                &self,
                table: PublicTable,
                page: &PageInput,
            ) -> Result<String> {
                let sql = match table {
                    PublicTable::Languages => sql::$dialect::LANGUAGES_PAGE_JSON,
                    PublicTable::Decks => sql::$dialect::DECKS_PAGE_JSON,
                    PublicTable::Entries => sql::$dialect::ENTRIES_PAGE_JSON,
                    PublicTable::Characters => sql::$dialect::CHARACTERS_PAGE_JSON,
                };
                let (ts, id) = page.start();
                let json: Option<String> = sqlx::query_scalar(sql)
                    .bind(page.offset)
                    .bind(ts)
                    .bind(id)
                    .bind(i64::from(page.limit()))
                    .fetch_one(&self.read)
                    .await?;
                Ok(json.unwrap_or_else(|| "[]".into()))
            }

            async fn user_page<T>(
                &self,
                sql: &'static str,
                user: &str,
                page: &PageInput,
                map: fn(&<$db as sqlx::Database>::Row) -> Result<T>,
            ) -> Result<Vec<T>> {
                let (ts, id) = page.start();
                let rows = sqlx::query(sql)
                    .bind(user)
                    .bind(page.offset)
                    .bind(ts)
                    .bind(id)
                    .bind(i64::from(page.limit()))
                    .fetch_all(&self.read)
                    .await?;
                rows.iter().map(map).collect()
            }
        }

        async fn count(tx: &mut Tx, sql: &'static str, id: &str) -> Result<i64> {
            Ok(sqlx::query_scalar(sql)
                .bind(id)
                .fetch_one(&mut **tx)
                .await?)
        }

        /// Checks that the language exists and that the caller may write it and the row's old
        /// language (moving a row out of a language is writing that language too).
        async fn check_write(
            tx: &mut Tx,
            known: &mut HashSet<String>,
            may_write: MayWrite<'_>,
            old_language_sql: &'static str,
            id: &str,
            language: &str,
        ) -> Result<()> {
            if !known.contains(language) {
                if count(tx, sql::LANGUAGE_EXISTS, language).await? == 0 {
                    return Err(StoreError::not_found(
                        "languageCode",
                        format!("unknown language '{language}'"),
                    ));
                }
                known.insert(language.to_string());
            }
            if !may_write(language) {
                return Err(forbidden(language));
            }
            let old: Option<String> = sqlx::query_scalar(old_language_sql)
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?;
            match old {
                Some(old) if !may_write(&old) => Err(forbidden(&old)),
                _ => Ok(()),
            }
        }

        /// Upserts `entries` stamped `stamp` inside `tx`, checking each one's language.
        async fn upsert_entries(
            tx: &mut Tx,
            stamp: i64,
            entries: &mut [Entry],
            may_write: MayWrite<'_>,
        ) -> Result<()> {
            let mut known = HashSet::new();
            for e in entries {
                check_write(
                    tx,
                    &mut known,
                    may_write,
                    sql::ENTRY_LANGUAGE,
                    &e.id,
                    &e.language_code,
                )
                .await?;
                e.updated_at = stamp;
                sqlx::query(sql::ENTRY_UPSERT)
                    .bind(&e.id)
                    .bind(&e.language_code)
                    .bind(&e.text)
                    .bind(&e.reading)
                    .bind(to_json(&e.meanings))
                    .bind(&e.notes)
                    .bind(to_json(&e.examples))
                    .bind(&e.audio_url)
                    .bind(stamp)
                    .bind(e.deleted)
                    .execute(&mut **tx)
                    .await?;
            }
            Ok(())
        }

        /// Checks, inside `tx`, that every entry a live deck lists exists in the deck's language
        /// and is live, naming the first bad one as `entryIds[i]`. An entry the stored deck
        /// already listed may have been deleted since: the deck can still be edited.
        async fn check_deck_entries(tx: &mut Tx, d: &Deck) -> Result<()> {
            if d.deleted || d.entry_ids.is_empty() {
                return Ok(());
            }
            let states: Vec<(String, String, bool)> =
                sqlx::query_as(sql::$dialect::ENTRY_STATES)
                    .bind(to_json(&d.entry_ids))
                    .fetch_all(&mut **tx)
                    .await?;
            let states: HashMap<String, (String, bool)> = states
                .into_iter()
                .map(|(id, language, deleted)| (id, (language, deleted)))
                .collect();
            let stored = sqlx::query(sql::DECK_GET)
                .bind(&d.id)
                .fetch_optional(&mut **tx)
                .await?;
            let listed: HashSet<String> = match stored.as_ref().map(rows::deck).transpose()? {
                Some(old) => old.entry_ids.into_iter().collect(),
                None => HashSet::new(),
            };
            for (i, id) in d.entry_ids.iter().enumerate() {
                let field = format!("entryIds[{i}]");
                match states.get(id) {
                    None => return Err(StoreError::not_found(&field, format!("no entry '{id}'"))),
                    Some((language, _)) if *language != d.language_code => {
                        return Err(StoreError::Invalid {
                            message: format!(
                                "{field}: entry '{id}' is in language '{language}', not the deck's '{}'",
                                d.language_code
                            ),
                            field,
                            reason: writeit_core::ErrorReason::Conflict,
                        })
                    }
                    Some((_, true)) if !listed.contains(id) => {
                        return Err(StoreError::not_found(
                            &field,
                            format!("entry '{id}' was deleted"),
                        ))
                    }
                    Some(_) => {}
                }
            }
            Ok(())
        }

        /// Upserts one deck stamped `stamp` inside `tx` (the caller has checked its language),
        /// after [`check_deck_entries`].
        async fn upsert_deck(tx: &mut Tx, stamp: i64, d: &mut Deck) -> Result<()> {
            check_deck_entries(tx, d).await?;
            d.updated_at = stamp;
            sqlx::query(sql::DECK_UPSERT)
                .bind(&d.id)
                .bind(&d.language_code)
                .bind(&d.title)
                .bind(&d.description)
                .bind(to_json(&d.entry_ids))
                .bind(i64::from(d.position))
                .bind(stamp)
                .bind(d.deleted)
                .execute(&mut **tx)
                .await?;
            Ok(())
        }

        fn forbidden(language: &str) -> StoreError {
            StoreError::Forbidden {
                field: "languageCode".into(),
                message: format!("You may not edit content in language '{language}'"),
            }
        }

        #[async_trait]
        impl Store for $store {
            async fn server_time(&self) -> Result<i64> {
                Ok(sqlx::query_scalar(sql::CLOCK_READ)
                    .fetch_one(&self.read)
                    .await?)
            }

            async fn page_json(&self, table: PublicTable, page: &PageInput) -> Result<String> {
                self.public_page_json(table, page).await
            }
            async fn query_user_entries(
                &self,
                user: &str,
                page: &PageInput,
            ) -> Result<Vec<UserEntry>> {
                self.user_page(sql::USER_ENTRIES_PAGE, user, page, rows::user_entry)
                    .await
            }
            async fn query_user_decks(
                &self,
                user: &str,
                page: &PageInput,
            ) -> Result<Vec<UserDeck>> {
                self.user_page(sql::USER_DECKS_PAGE, user, page, rows::user_deck)
                    .await
            }
            async fn query_user_cards(
                &self,
                user: &str,
                page: &PageInput,
            ) -> Result<Vec<UserCard>> {
                self.user_page(sql::USER_CARDS_PAGE, user, page, rows::user_card)
                    .await
            }
            async fn query_user_reviews(
                &self,
                user: &str,
                page: &PageInput,
            ) -> Result<Vec<UserReview>> {
                self.user_page(sql::USER_REVIEWS_PAGE, user, page, rows::user_review)
                    .await
            }

            async fn save_languages(&self, mut languages: Vec<Language>) -> Result<Vec<Language>> {
                let (mut tx, stamp) = self.begin_write().await?;
                for l in &mut languages {
                    l.updated_at = stamp;
                    l.grid_type = grid_type(&l.id);
                    sqlx::query(sql::LANGUAGE_UPSERT)
                        .bind(&l.id)
                        .bind(&l.name)
                        .bind(&l.native_name)
                        .bind(l.rtl)
                        .bind(stamp)
                        .bind(l.deleted)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(languages)
            }

            async fn save_decks(
                &self,
                mut decks: Vec<Deck>,
                may_write: MayWrite<'_>,
            ) -> Result<Vec<Deck>> {
                let (mut tx, stamp) = self.begin_write().await?;
                let mut known = HashSet::new();
                for d in &mut decks {
                    check_write(
                        &mut tx,
                        &mut known,
                        may_write,
                        sql::DECK_LANGUAGE,
                        &d.id,
                        &d.language_code,
                    )
                    .await?;
                    upsert_deck(&mut tx, stamp, d).await?;
                }
                tx.commit().await?;
                Ok(decks)
            }

            async fn save_entries(
                &self,
                mut entries: Vec<Entry>,
                may_write: MayWrite<'_>,
            ) -> Result<Vec<Entry>> {
                let (mut tx, stamp) = self.begin_write().await?;
                upsert_entries(&mut tx, stamp, &mut entries, may_write).await?;
                tx.commit().await?;
                Ok(entries)
            }

            async fn save_import(
                &self,
                import: Import,
                may_write: MayWrite<'_>,
            ) -> Result<ImportSaved> {
                let Import {
                    deck: target,
                    entries,
                    media,
                    duplicates,
                } = import;
                let (mut tx, stamp) = self.begin_write().await?;
                // Read inside the write transaction: begin_write holds the clock row, so no
                // other write can change the deck's entry list between this read and the commit.
                let mut deck = match target {
                    ImportDeck::New(deck) => {
                        let mut known = HashSet::new();
                        check_write(
                            &mut tx,
                            &mut known,
                            may_write,
                            sql::DECK_LANGUAGE,
                            &deck.id,
                            &deck.language_code,
                        )
                        .await?;
                        deck
                    }
                    ImportDeck::Existing { id, language_code } => {
                        let row = sqlx::query(sql::DECK_GET)
                            .bind(&id)
                            .fetch_optional(&mut *tx)
                            .await?;
                        let deck = match row.as_ref().map(rows::deck).transpose()? {
                            Some(d) if !d.deleted => d,
                            _ => return Err(StoreError::not_found("deckId", format!("no deck '{id}'"))),
                        };
                        if !may_write(&deck.language_code) {
                            return Err(forbidden(&deck.language_code));
                        }
                        if deck.language_code != language_code {
                            return Err(StoreError::Invalid {
                                field: "languageCode".into(),
                                reason: writeit_core::ErrorReason::Conflict,
                                message: format!(
                                    "languageCode: deck '{id}' is in language '{}', not '{language_code}'",
                                    deck.language_code
                                ),
                            });
                        }
                        deck
                    }
                };
                let rows = entries.len();
                let mut entries = match duplicates {
                    Duplicates::Create => {
                        deck.entry_ids.extend(entries.iter().map(|e| e.id.clone()));
                        entries
                    }
                    Duplicates::Reuse => {
                        // The language's live entries by text (the oldest id when several
                        // share one), then this file's own as they come.
                        let mut by_text: HashMap<String, String> = HashMap::new();
                        let known: Vec<(String, String)> =
                            sqlx::query_as(sql::ENTRY_TEXTS_OF_LANGUAGE)
                                .bind(&deck.language_code)
                                .fetch_all(&mut *tx)
                                .await?;
                        for (id, text) in known {
                            by_text.entry(text).or_insert(id);
                        }
                        let mut listed: HashSet<String> = deck.entry_ids.iter().cloned().collect();
                        let mut created = Vec::new();
                        for e in entries {
                            let known = (e.language_code == deck.language_code)
                                .then(|| by_text.get(&e.text).cloned())
                                .flatten();
                            let id = match known {
                                Some(id) => id,
                                None => {
                                    by_text.insert(e.text.clone(), e.id.clone());
                                    let id = e.id.clone();
                                    created.push(e);
                                    id
                                }
                            };
                            if listed.insert(id.clone()) {
                                deck.entry_ids.push(id);
                            }
                        }
                        created
                    }
                };
                {
                    use writeit_core::validate::Validate;
                    deck.validate()
                        .map_err(StoreError::invalid)?;
                }
                upsert_entries(&mut tx, stamp, &mut entries, may_write).await?;
                upsert_deck(&mut tx, stamp, &mut deck).await?;
                for m in &media {
                    sqlx::query(sql::MEDIA_INSERT)
                        .bind(&m.id)
                        .bind(&m.content_type)
                        .bind(&m.bytes)
                        .bind(stamp)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(ImportSaved {
                    deck,
                    created: entries.len(),
                    reused: rows - entries.len(),
                })
            }

            async fn media(&self, id: &str) -> Result<Option<Media>> {
                let row: Option<(String, Vec<u8>)> = sqlx::query_as(sql::MEDIA_GET)
                    .bind(id)
                    .fetch_optional(&self.read)
                    .await?;
                Ok(row.map(|(content_type, bytes)| Media {
                    id: id.to_string(),
                    content_type,
                    bytes,
                }))
            }

            async fn save_media(&self, media: &Media) -> Result<()> {
                let (mut tx, stamp) = self.begin_write().await?;
                sqlx::query(sql::MEDIA_INSERT)
                    .bind(&media.id)
                    .bind(&media.content_type)
                    .bind(&media.bytes)
                    .bind(stamp)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(())
            }

            async fn entry_language(&self, id: &str) -> Result<Option<String>> {
                let row: Option<(String,)> = sqlx::query_as(sql::ENTRY_LANGUAGE)
                    .bind(id)
                    .fetch_optional(&self.read)
                    .await?;
                Ok(row.map(|(language,)| language))
            }

            async fn deck(&self, id: &str) -> Result<Option<Deck>> {
                let row = sqlx::query(sql::DECK_GET)
                    .bind(id)
                    .fetch_optional(&self.read)
                    .await?;
                row.as_ref().map(rows::deck).transpose()
            }

            async fn deck_entries(&self, id: &str) -> Result<Vec<Entry>> {
                sqlx::query(sql::$dialect::DECK_ENTRIES)
                    .bind(id)
                    .fetch_all(&self.read)
                    .await?
                    .iter()
                    .map(rows::entry)
                    .collect()
            }

            async fn save_characters(
                &self,
                mut characters: Vec<Character>,
                may_write: MayWrite<'_>,
            ) -> Result<Vec<Character>> {
                let (mut tx, stamp) = self.begin_write().await?;
                let mut known = HashSet::new();
                for c in &mut characters {
                    check_write(
                        &mut tx,
                        &mut known,
                        may_write,
                        sql::CHARACTER_LANGUAGE,
                        &c.id,
                        &c.language_code,
                    )
                    .await?;
                    c.updated_at = stamp;
                    sqlx::query(sql::CHARACTER_UPSERT)
                        .bind(&c.id)
                        .bind(&c.language_code)
                        .bind(&c.value)
                        .bind(to_json(&c.strokes))
                        .bind(&c.source)
                        .bind(stamp)
                        .bind(c.deleted)
                        .bind(c.leniency)
                        .bind(to_json(&c.alternatives))
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(characters)
            }

            async fn save_user_deck(
                &self,
                user: &str,
                input: &SaveUserDeckInput,
            ) -> Result<UserDeck> {
                let (mut tx, stamp) = self.begin_write().await?;
                let deck_id = input.deck_id();
                if count(&mut tx, sql::DECK_EXISTS, deck_id).await? == 0 {
                    return Err(StoreError::not_found("deckId", format!("no deck '{deck_id}'")));
                }
                let row = UserDeck {
                    id: deck_id.to_string(),
                    deck_id: deck_id.to_string(),
                    new_per_day: input.new_per_day(),
                    desired_retention: input.desired_retention(),
                    updated_at: stamp,
                    deleted: input.deleted.unwrap_or(false),
                };
                sqlx::query(sql::USER_DECK_UPSERT)
                    .bind(user)
                    .bind(&row.id)
                    .bind(i64::from(row.new_per_day))
                    .bind(row.desired_retention)
                    .bind(stamp)
                    .bind(row.deleted)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(row)
            }

            async fn save_user_entry(
                &self,
                user: &str,
                input: &SaveUserEntryInput,
            ) -> Result<UserEntry> {
                let (mut tx, stamp) = self.begin_write().await?;
                let entry_id = input.entry_id();
                if count(&mut tx, sql::ENTRY_EXISTS, entry_id).await? == 0 {
                    return Err(StoreError::not_found(
                        "entryId",
                        format!("no entry '{entry_id}'"),
                    ));
                }
                let row = UserEntry {
                    id: entry_id.to_string(),
                    entry_id: entry_id.to_string(),
                    enabled: input.enabled,
                    updated_at: stamp,
                    deleted: input.deleted.unwrap_or(false),
                };
                sqlx::query(sql::USER_ENTRY_UPSERT)
                    .bind(user)
                    .bind(&row.id)
                    .bind(row.enabled)
                    .bind(stamp)
                    .bind(row.deleted)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(row)
            }

            async fn save_user_review(&self, user: &str, review: &UserReview) -> Result<UserCard> {
                let (mut tx, stamp) = self.begin_write().await?;
                let existing = sqlx::query(sql::USER_REVIEW_GET)
                    .bind(user)
                    .bind(&review.id)
                    .fetch_optional(&mut *tx)
                    .await?;
                if let Some(row) = existing {
                    let stored = rows::user_review(&row)?;
                    if let Some(field) = stored.answer_difference(review) {
                        return Err(StoreError::Conflict {
                            field: Some(field.into()),
                            message: format!(
                                "review '{}' was already recorded with a different answer",
                                review.id
                            ),
                        });
                    }
                    if review.deleted && !stored.deleted {
                        // Taken back: a tombstone, and the card rebuilt without it.
                        sqlx::query(sql::USER_REVIEW_DELETE)
                            .bind(user)
                            .bind(&review.id)
                            .bind(stamp)
                            .execute(&mut *tx)
                            .await?;
                    } else {
                        // A replayed upload (or the answer of one taken back since: the
                        // deletion stands): answer the card as it stands.
                        let card = sqlx::query(sql::USER_CARD_GET)
                            .bind(user)
                            .bind(&review.card_id)
                            .fetch_optional(&mut *tx)
                            .await?;
                        if let Some(card) = card {
                            let card = rows::user_card(&card)?;
                            tx.commit().await?;
                            return Ok(card);
                        }
                    }
                } else {
                    if count(&mut tx, sql::ENTRY_EXISTS, &review.entry_id).await? == 0 {
                        return Err(StoreError::not_found(
                            "entryId",
                            format!("no entry '{}'", review.entry_id),
                        ));
                    }
                    // A review taken back before it was ever sent is stored as a tombstone, so
                    // its answer arriving later (another device's queue) stays taken back.
                    sqlx::query(sql::USER_REVIEW_INSERT)
                        .bind(user)
                        .bind(&review.id)
                        .bind(&review.card_id)
                        .bind(&review.entry_id)
                        .bind(review.kind.as_str())
                        .bind(i64::from(review.rating))
                        .bind(review.reviewed_at)
                        .bind(review.duration_ms)
                        .bind(review.score)
                        .bind(review.desired_retention)
                        .bind(stamp)
                        .bind(review.deleted)
                        .execute(&mut *tx)
                        .await?;
                }
                let all = sqlx::query(sql::USER_REVIEWS_OF_CARD)
                    .bind(user)
                    .bind(&review.card_id)
                    .fetch_all(&mut *tx)
                    .await?
                    .iter()
                    .map(rows::user_review)
                    .collect::<Result<Vec<_>>>()?;
                // No review left: the card goes back to new, as a tombstone.
                let mut card = if all.is_empty() {
                    writeit_core::card::tombstone(&review.card_id, &review.entry_id, review.kind)
                } else {
                    writeit_core::card::rebuild(all).ok_or_else(|| {
                        StoreError::Corrupt("a saved review has an invalid rating".into())
                    })?
                };
                card.updated_at = stamp;
                sqlx::query(sql::USER_CARD_UPSERT)
                    .bind(user)
                    .bind(&card.id)
                    .bind(&card.entry_id)
                    .bind(card.kind.as_str())
                    .bind(card.due)
                    .bind(card.stability)
                    .bind(card.difficulty)
                    .bind(i64::from(card.elapsed_days))
                    .bind(i64::from(card.scheduled_days))
                    .bind(i64::from(card.learning_steps))
                    .bind(i64::from(card.reps))
                    .bind(i64::from(card.lapses))
                    .bind(i64::from(card.state))
                    .bind(card.last_review)
                    .bind(stamp)
                    .bind(card.deleted)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(card)
            }

            async fn save_user(&self, user: &User) -> Result<()> {
                sqlx::query(sql::USER_UPSERT)
                    .bind(&user.id)
                    .bind(&user.email)
                    .bind(user.role.as_str())
                    .bind(to_json(&user.editor_languages))
                    .bind(user.disabled)
                    .bind(now_ms())
                    .execute(&self.write)
                    .await?;
                Ok(())
            }

            async fn user(&self, id: &str) -> Result<Option<User>> {
                let row = sqlx::query(sql::USER_GET)
                    .bind(id)
                    .fetch_optional(&self.read)
                    .await?;
                row.as_ref().map(rows::user).transpose()
            }

            async fn public_counts(&self) -> Result<[i64; 4]> {
                let row = sqlx::query(sql::PUBLIC_COUNTS)
                    .fetch_one(&self.read)
                    .await?;
                use crate::rows::Row;
                Ok([row.int(0)?, row.int(1)?, row.int(2)?, row.int(3)?])
            }

            async fn check_writable(&self) -> Result<()> {
                // The write every save starts with, rolled back: a read-only database (a
                // write-protected SQLite file opens read-only without a word; a PostgreSQL
                // standby or default_transaction_read_only) answers reads and fails here.
                let (tx, _) = self.begin_write().await?;
                tx.rollback().await?;
                Ok(())
            }
        }
    };
}
pub(crate) use sql_store;
