//! Entries: the words and phrases decks list.

use std::collections::{HashMap, HashSet};

use sqlx::Executor;
use writeit_core::decide::entry::EntryState;
use writeit_core::entity::Entry;

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::{json, to_json, Row};
use crate::{character_use, language, MayWrite, Result};

const UPSERT: &str = include_str!("upsert.sql");
const STATE: &str = include_str!("state.sql");
/// The language of an entry by id.
pub(crate) const LANGUAGE: &str = include_str!("language.sql");
/// The language of a live entry by id.
pub(crate) const LIVE_LANGUAGE: &str = include_str!("live_language.sql");
const TEXTS_OF_LANGUAGE: &str = include_str!("texts_of_language.sql");

/// Upserts `entries` stamped `stamp`, checking each one's language, and records the characters
/// they use (character_use/).
pub(crate) async fn upsert_all<D: Dialect>(
    conn: &mut D::Connection,
    stamp: i64,
    entries: &mut [Entry],
    may_write: MayWrite<'_>,
) -> Result<()> {
    let mut known = HashSet::new();
    for e in entries.iter_mut() {
        language::check_write::<D>(
            conn,
            &mut known,
            may_write,
            LANGUAGE,
            &e.id,
            &e.language_code,
        )
        .await?;
        e.updated_at = stamp;
        D::query(UPSERT)
            .arg(&e.id)
            .arg(&e.language_code)
            .arg(&e.text)
            .arg(&e.reading)
            .arg(to_json(&e.meanings))
            .arg(&e.notes)
            .arg(to_json(&e.examples))
            .arg(&e.audio_url)
            .arg(stamp)
            .arg(e.deleted)
            .execute(conn.ex())
            .await?;
    }
    character_use::record::<D>(conn, stamp, &character_use::of_entries(entries.iter())).await?;
    Ok(())
}

/// What is stored under entry id `id`: nothing, a tombstone, or a live entry.
pub(crate) async fn state<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<EntryState> {
    let found = D::query(STATE).arg(id).fetch_optional(ex).await?;
    Ok(match found.map(|r| r.flag(0)).transpose()? {
        None => EntryState::Unknown,
        Some(true) => EntryState::Deleted,
        Some(false) => EntryState::Live,
    })
}

/// The language of an entry (tombstone included).
pub(crate) async fn language<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<String>> {
    D::query(LANGUAGE)
        .arg(id)
        .fetch_optional(ex)
        .await?
        .map(|r| r.text(0))
        .transpose()
}

/// The live entries of `language` as (id, text), oldest (smallest id) first.
pub(crate) async fn texts_of_language<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    language: &str,
) -> Result<Vec<(String, String)>> {
    D::query(TEXTS_OF_LANGUAGE)
        .arg(language)
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| Ok((r.text(0)?, r.text(1)?)))
        .collect()
}

/// (language, deleted) of the entries among `ids` that exist.
pub(crate) async fn states<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    ids: &[String],
) -> Result<HashMap<String, (String, bool)>> {
    D::query(D::ENTRY_STATES)
        .arg(to_json(&ids))
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| Ok((r.text(0)?, (r.text(1)?, r.flag(2)?))))
        .collect()
}

/// An entry row as `deck/entries.*.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<Entry> {
    Ok(Entry {
        id: r.text(0)?,
        language_code: r.text(1)?,
        text: r.text(2)?,
        reading: r.text(3)?,
        meanings: json(r, 4, "entries.meanings")?,
        notes: r.text(5)?,
        examples: json(r, 6, "entries.examples")?,
        audio_url: r.opt_text(7)?,
        updated_at: r.int(8)?,
        deleted: r.flag(9)?,
    })
}
