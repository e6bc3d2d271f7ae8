//! Decks: ordered lists of entries of one language.

use std::collections::HashSet;

use sqlx::Executor;
use writeit_core::entity::{Deck, Entry};

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::{json, to_json, Row};
use crate::{entry, language, ImportDeck, MayWrite, Result, StoreError};

const UPSERT: &str = include_str!("upsert.sql");
const GET: &str = include_str!("get.sql");
/// The language of a deck by id.
pub(crate) const LANGUAGE: &str = include_str!("language.sql");
/// The language of a live deck by id.
pub(crate) const LIVE_LANGUAGE: &str = include_str!("live_language.sql");

/// A deck by id, tombstone included.
pub(crate) async fn get<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Option<Deck>> {
    let found = D::query(GET).arg(id).fetch_optional(ex).await?;
    found.as_ref().map(row).transpose()
}

/// The language of a deck (tombstone included); `None` when there is no such deck.
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

/// The entries deck `id` lists, in its order (ids that name no entry are skipped).
pub(crate) async fn entries<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    id: &str,
) -> Result<Vec<Entry>> {
    D::query(D::DECK_ENTRIES)
        .arg(id)
        .fetch_all(ex)
        .await?
        .iter()
        .map(entry::row)
        .collect()
}

/// The deck an import fills, checked: a new one in a language the caller may write, or a live
/// existing one in the language the import names.
pub(crate) async fn import_target<D: Dialect>(
    conn: &mut D::Connection,
    target: ImportDeck,
    may_write: MayWrite<'_>,
) -> Result<Deck> {
    let deck = match target {
        ImportDeck::New(deck) => {
            language::check_write::<D>(
                conn,
                &mut HashSet::new(),
                may_write,
                LANGUAGE,
                &deck.id,
                &deck.language_code,
            )
            .await?;
            deck
        }
        ImportDeck::Existing { id, language_code } => {
            let deck = match get::<D>(conn.ex(), &id).await? {
                Some(d) if !d.deleted => d,
                _ => return Err(StoreError::not_found("deckId", format!("no deck '{id}'"))),
            };
            if !may_write(&deck.language_code) {
                return Err(language::forbidden(&deck.language_code));
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
    Ok(deck)
}

/// Upserts `d` stamped `stamp` (the caller has checked its language), after
/// [`check_entries`].
pub(crate) async fn upsert<D: Dialect>(
    conn: &mut D::Connection,
    stamp: i64,
    d: &mut Deck,
) -> Result<()> {
    check_entries::<D>(conn, d).await?;
    d.updated_at = stamp;
    D::query(UPSERT)
        .arg(&d.id)
        .arg(&d.language_code)
        .arg(&d.title)
        .arg(&d.description)
        .arg(to_json(&d.entry_ids))
        .arg(i64::from(d.position))
        .arg(stamp)
        .arg(d.deleted)
        .arg(&d.source)
        .execute(conn.ex())
        .await?;
    Ok(())
}

/// Checks that every entry a live deck lists exists in the deck's language and is live, naming
/// the first bad one as `entryIds[i]`. An entry the stored deck already listed may have been
/// deleted since: the deck can still be edited.
async fn check_entries<D: Dialect>(conn: &mut D::Connection, d: &Deck) -> Result<()> {
    if d.deleted || d.entry_ids.is_empty() {
        return Ok(());
    }
    let states = entry::states::<D>(conn.ex(), &d.entry_ids).await?;
    let listed: HashSet<String> = match get::<D>(conn.ex(), &d.id).await? {
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

/// A deck row as `get.sql` selects it.
pub(crate) fn row(r: &impl Row) -> Result<Deck> {
    Ok(Deck {
        id: r.text(0)?,
        language_code: r.text(1)?,
        title: r.text(2)?,
        description: r.text(3)?,
        entry_ids: json(r, 4, "decks.entry_ids")?,
        position: i32::try_from(r.int(5)?)
            .map_err(|_| StoreError::Corrupt("decks.position out of range".into()))?,
        updated_at: r.int(6)?,
        deleted: r.flag(7)?,
        source: r.opt_text(8)?,
    })
}
