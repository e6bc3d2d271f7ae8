//! WriteIt persistence: the [`Store`] trait, its SQLite and PostgreSQL implementations, and the
//! one transaction helper that stamps every write with the commit-ordered sync clock.

mod account;
mod character;
mod character_use;
mod clock;
mod code;
mod deck;
mod dialect;
mod entry;
mod error;
mod identity;
mod language;
mod media;
mod page;
pub mod postgres;
mod rate_limit;
mod recovery;
mod refresh_token;
mod rows;
mod session;
pub mod sqlite;
mod store;
mod totp;
mod user;
mod user_card;
mod user_deck;
mod user_entry;
mod user_parameters;
mod user_review;
mod user_test;

use std::sync::Arc;

use async_trait::async_trait;
use writeit_core::entity::*;
use writeit_core::locate::ContentKind;
use writeit_core::paging::PageInput;

pub use error::StoreError;
pub use identity::{
    Account, AccountChanges, AccountStatus, CodeUse, IdentityStore, NewAccount, NewSession,
    OneTimeCode, Rotation, SessionInfo, TotpFactor, ENDED_SESSIONS_KEPT_MS,
};
pub use user::{Role, User};

/// Result of a store call.
pub type Result<T> = std::result::Result<T, StoreError>;

/// Decides whether the caller may write rows of a language (admins: all; editors: theirs).
pub type MayWrite<'a> = &'a (dyn Fn(&str) -> bool + Send + Sync);

/// Everything the server keeps. Every write runs in one transaction stamped by the sync clock.
/// The identity service's part is [`IdentityStore`].
#[async_trait]
pub trait Store: IdentityStore + Send + Sync + 'static {
    /// The sync clock: the stamp of the last committed write (ms). Every later commit gets a
    /// larger stamp, so `rows with updatedAt > this` misses nothing (docs/sync.md).
    async fn server_time(&self) -> Result<i64>;

    /// A page of a public table (rows changed after `page.offset`, ordered by (updatedAt, id)) as
    /// the JSON array the API answers, built by the database itself.
    async fn page_json(&self, table: PublicTable, page: &PageInput) -> Result<String>;

    /// A page of languages, typed.
    async fn query_languages(&self, page: &PageInput) -> Result<Vec<Language>> {
        parse_page(&self.page_json(PublicTable::Languages, page).await?)
    }
    /// A page of decks, typed.
    async fn query_decks(&self, page: &PageInput) -> Result<Vec<Deck>> {
        parse_page(&self.page_json(PublicTable::Decks, page).await?)
    }
    /// A page of entries, typed.
    async fn query_entries(&self, page: &PageInput) -> Result<Vec<Entry>> {
        parse_page(&self.page_json(PublicTable::Entries, page).await?)
    }
    /// A page of characters, typed.
    async fn query_characters(&self, page: &PageInput) -> Result<Vec<Character>> {
        parse_page(&self.page_json(PublicTable::Characters, page).await?)
    }
    /// A page of the user's user entries.
    async fn query_user_entries(&self, user: &str, page: &PageInput) -> Result<Vec<UserEntry>>;
    /// A page of the user's user decks.
    async fn query_user_decks(&self, user: &str, page: &PageInput) -> Result<Vec<UserDeck>>;
    /// A page of the user's cards.
    async fn query_user_cards(&self, user: &str, page: &PageInput) -> Result<Vec<UserCard>>;
    /// A page of the user's reviews.
    async fn query_user_reviews(&self, user: &str, page: &PageInput) -> Result<Vec<UserReview>>;
    /// A page of the user's parameters (their one row, if changed after the offset).
    async fn query_user_parameters(
        &self,
        user: &str,
        page: &PageInput,
    ) -> Result<Vec<UserParameters>>;
    /// A page of the user's tests.
    async fn query_user_tests(&self, user: &str, page: &PageInput) -> Result<Vec<UserTest>>;

    /// Upserts languages (seed only: no procedure saves languages).
    async fn save_languages(&self, languages: Vec<Language>) -> Result<Vec<Language>>;
    /// Upserts decks in one transaction; `may_write` is asked for the old and the new language.
    async fn save_decks(&self, decks: Vec<Deck>, may_write: MayWrite<'_>) -> Result<Vec<Deck>>;
    /// Upserts entries in one transaction.
    async fn save_entries(
        &self,
        entries: Vec<Entry>,
        may_write: MayWrite<'_>,
    ) -> Result<Vec<Entry>>;
    /// Saves an import in one transaction: `entries` (new rows) and the deck that lists them, a
    /// new deck or an existing one they are appended to; with [`Duplicates::Reuse`], a row whose
    /// text an entry of the language already has lists that entry instead. Nothing is written
    /// when any row fails (an unknown language, a language the caller may not write, a deck over
    /// its entry limit).
    async fn save_import(&self, import: Import, may_write: MayWrite<'_>) -> Result<ImportSaved>;
    /// A media file by id (the SHA-256 of its bytes, hex).
    async fn media(&self, id: &str) -> Result<Option<Media>>;
    /// Stores a media file (once: a file already stored under its id is left as it is).
    async fn save_media(&self, media: &Media, uploader: &Uploader) -> Result<()>;
    /// Removes up to `limit` media files that no entry references and whose last upload was
    /// before `before` (ms since the epoch); answers their ids. In a write transaction, so no
    /// save runs meanwhile: a file an entry names when it runs is kept.
    async fn collect_media(&self, before: i64, limit: u32) -> Result<Vec<String>>;
    /// The language of an entry by id (tombstone included), `None` when there is no such entry.
    async fn entry_language(&self, id: &str) -> Result<Option<String>>;
    /// The language of a live deck or entry by id (`locateContent`); `None` when there is no
    /// such row, or it was deleted.
    async fn language_of(&self, kind: ContentKind, id: &str) -> Result<Option<String>>;
    /// A deck by id, tombstone included.
    async fn deck(&self, id: &str) -> Result<Option<Deck>>;
    /// The entries a deck lists, in its order (ids that name no entry are skipped).
    async fn deck_entries(&self, id: &str) -> Result<Vec<Entry>>;
    /// Upserts characters in one transaction.
    async fn save_characters(
        &self,
        characters: Vec<Character>,
        may_write: MayWrite<'_>,
    ) -> Result<Vec<Character>>;
    /// Upserts the user's user deck (the deck must exist).
    async fn save_user_deck(&self, user: &str, input: &SaveUserDeckInput) -> Result<UserDeck>;
    /// Upserts the user's user entry (the entry must exist).
    async fn save_user_entry(&self, user: &str, input: &SaveUserEntryInput) -> Result<UserEntry>;
    /// Records a review (idempotent by id; a different answer under a used id is a conflict) and
    /// rebuilds its card by replaying all of the card's reviews.
    async fn save_user_review(&self, user: &str, review: &UserReview) -> Result<UserCard>;
    /// Saves the user's test, the whole row (upsert by id: a later save replaces an earlier one;
    /// another user's test under the same id is theirs, untouched). A save of what is stored
    /// (a replay) writes nothing and answers the stored row.
    async fn save_user_test(&self, user: &str, test: &UserTest) -> Result<UserTest>;
    /// The user's parameters row, if they were ever fitted.
    async fn user_parameters(&self, user: &str) -> Result<Option<UserParameters>>;
    /// The user's live reviews, card by card in replay order (what a fit reads).
    async fn fit_log(&self, user: &str) -> Result<Vec<UserReview>>;
    /// How many live reviews the user has.
    async fn live_review_count(&self, user: &str) -> Result<u32>;
    /// Users with at least `min_reviews` live reviews: (user, live reviews, reviews their row
    /// was fitted on), for the fitter to find who is due after a restart.
    async fn fit_candidates(&self, min_reviews: u32) -> Result<Vec<(String, u32, Option<u32>)>>;
    /// Saves the user's parameters row and, in the same transaction, rebuilds every card of
    /// theirs with its weights (the whole log replayed with the current weights): answers the
    /// row as stored and how many cards changed.
    async fn save_user_parameters(
        &self,
        user: &str,
        row: &UserParameters,
    ) -> Result<(UserParameters, usize)>;

    /// Creates or replaces a user account row.
    async fn save_user(&self, user: &User) -> Result<()>;
    /// A user by id.
    async fn user(&self, id: &str) -> Result<Option<User>>;
    /// Counts of (languages, decks, entries, characters), tombstones included.
    async fn public_counts(&self) -> Result<[i64; 4]>;
    /// Every live language with its live decks, entries and characters, by code.
    async fn language_counts(&self) -> Result<Vec<LanguageCounts>>;

    /// Records the characters used by live entries stamped since the last such scan (entries
    /// saved before the table existed, or by an older server during a rolling upgrade); run at
    /// every open, it reads only what changed since the last. Resolves with the pairs added.
    async fn record_character_uses(&self) -> Result<u64>;
    /// Fails when the database does not accept writes (read-only), by a write rolled back.
    async fn check_writable(&self) -> Result<()>;
    /// The folder the database's files are in, when they are on this machine (SQLite): its free
    /// space is what writes need.
    fn data_folder(&self) -> Option<std::path::PathBuf>;
}

/// The deck an import fills.
#[derive(Clone, Debug)]
pub enum ImportDeck {
    /// A deck to create (its `entryIds` are kept, the imported ones appended).
    New(Deck),
    /// An existing deck, which must be in `language_code`.
    Existing { id: String, language_code: String },
}

/// What an import saves: its entries, the deck that lists them, and the media files they point
/// at (saved with them, in the same transaction).
#[derive(Clone, Debug)]
pub struct Import {
    pub deck: ImportDeck,
    pub entries: Vec<Entry>,
    pub media: Vec<Media>,
    pub duplicates: Duplicates,
    /// Who uploads `media`, held to their quota.
    pub uploader: Uploader,
}

impl Import {
    /// `entries` into `deck`, every row a new entry, no media.
    pub fn new(deck: ImportDeck, entries: Vec<Entry>) -> Import {
        Import {
            deck,
            entries,
            media: Vec::new(),
            duplicates: Duplicates::Create,
            uploader: Uploader::operator(),
        }
    }

    /// The same, with `duplicates`.
    pub fn duplicates(self, duplicates: Duplicates) -> Import {
        Import { duplicates, ..self }
    }
}

/// Who stores media files, and the quota they are held to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uploader {
    /// The account (`""`: the operator, from the command line).
    pub user_id: String,
    /// `None`: no limit (the operator).
    pub quota: Option<MediaQuota>,
}

impl Uploader {
    /// The operator (the command line): no quota.
    pub fn operator() -> Uploader {
        Uploader::default()
    }
}

/// The most media one account may have uploaded (files no entry uses leave it once collected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MediaQuota {
    pub bytes: u64,
    pub files: u64,
}

/// A media file (an entry's audio), named by the SHA-256 of its bytes, so a file is stored once
/// however many imports bring it.
#[derive(Clone, PartialEq, Eq)]
pub struct Media {
    /// Lower-case hex SHA-256 of `bytes`.
    pub id: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for Media {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Media")
            .field("id", &self.id)
            .field("content_type", &self.content_type)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// What an import does with a row whose text (exactly) an entry of the language already has, or
/// an earlier row of the same file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Duplicates {
    /// A new entry for every row.
    #[default]
    Create,
    /// The existing entry goes into the deck (once); its fields are left as they are.
    Reuse,
}

/// What an import saved.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportSaved {
    pub deck: Deck,
    /// New entries written.
    pub created: usize,
    /// Rows that named an entry already there (with [`Duplicates::Reuse`]).
    pub reused: usize,
    /// Entries added to the deck's list (new ones, and existing ones it did not list yet).
    pub added: usize,
}

/// The tables everyone syncs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicTable {
    Languages,
    Decks,
    Entries,
    Characters,
}

fn parse_page<T: serde::de::DeserializeOwned>(json: &str) -> Result<Vec<T>> {
    serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("page JSON: {e}")))
}

/// A store behind an `Arc`, as the server holds it.
pub type SharedStore = Arc<dyn Store>;

/// How a store connects.
#[derive(Clone, Debug)]
pub struct OpenOptions {
    /// PostgreSQL: how long a call waits for a connection before failing as
    /// [`StoreError::is_unavailable`]. Short, so an unreachable database answers 503 at once
    /// instead of holding every request.
    pub acquire_timeout: std::time::Duration,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            acquire_timeout: std::time::Duration::from_secs(2),
        }
    }
}

/// Opens the store a URL names: `postgres://…` or `sqlite:…` (a path; created when missing), and
/// runs its migrations.
pub async fn open(url: &str) -> Result<SharedStore> {
    open_with(url, &OpenOptions::default()).await
}

/// [`open`] with `options`.
pub async fn open_with(url: &str, options: &OpenOptions) -> Result<SharedStore> {
    let store = open_only(url, options).await?;
    store.record_character_uses().await?;
    store.record_email_skeletons().await?;
    Ok(store)
}

async fn open_only(url: &str, options: &OpenOptions) -> Result<SharedStore> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(
            postgres::PostgresStore::open(url, options.acquire_timeout).await?,
        ))
    } else if let Some(path) = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
    {
        Ok(Arc::new(sqlite::SqliteStore::open(path).await?))
    } else {
        Err(StoreError::Config(format!(
            "unsupported database URL '{url}': use sqlite:PATH or postgres://USER@HOST:PORT/DB"
        )))
    }
}
