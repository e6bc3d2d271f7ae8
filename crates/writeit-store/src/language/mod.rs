//! Languages: seeded, never saved by a procedure; every content row names one, and a write is
//! checked against the caller's languages here.

use std::collections::HashSet;

use sqlx::Executor;
use writeit_core::entity::{Language, LanguageCounts};

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::Row;
use crate::{MayWrite, Result, StoreError};

const UPSERT: &str = include_str!("upsert.sql");
const EXISTS: &str = include_str!("exists.sql");
const COUNTS: &str = include_str!("counts.sql");

/// Upserts `l` stamped `stamp`.
pub(crate) async fn upsert<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    l: &Language,
    stamp: i64,
) -> Result<()> {
    D::query(UPSERT)
        .arg(&l.id)
        .arg(&l.name)
        .arg(&l.native_name)
        .arg(l.rtl)
        .arg(stamp)
        .arg(l.deleted)
        .execute(ex)
        .await?;
    Ok(())
}

/// Every live language with its live decks, entries and characters, by code.
pub(crate) async fn counts<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
) -> Result<Vec<LanguageCounts>> {
    let rows = D::query(COUNTS).fetch_all(ex).await?;
    let count = |r: &D::Row, i| r.int(i).map(|n| u32::try_from(n).unwrap_or(u32::MAX));
    rows.iter()
        .map(|r| {
            Ok(LanguageCounts {
                language_code: r.text(0)?,
                decks: count(r, 1)?,
                entries: count(r, 2)?,
                characters: count(r, 3)?,
            })
        })
        .collect()
}

/// Checks that `language` exists (once per call: `known` remembers) and that the caller may
/// write it and the row's old language, read by `old_language` for `id` (moving a row out of a
/// language is writing that language too).
pub(crate) async fn check_write<D: Dialect>(
    conn: &mut D::Connection,
    known: &mut HashSet<String>,
    may_write: MayWrite<'_>,
    old_language: &'static str,
    id: &str,
    language: &str,
) -> Result<()> {
    if !known.contains(language) {
        let live = D::query(EXISTS)
            .arg(language)
            .fetch_one(conn.ex())
            .await?
            .int(0)?;
        if live == 0 {
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
    let old = D::query(old_language)
        .arg(id)
        .fetch_optional(conn.ex())
        .await?
        .map(|r| r.text(0))
        .transpose()?;
    match old {
        Some(old) if !may_write(&old) => Err(forbidden(&old)),
        _ => Ok(()),
    }
}

/// The refusal of a write in `language`.
pub(crate) fn forbidden(language: &str) -> StoreError {
    StoreError::Forbidden {
        field: "languageCode".into(),
        message: format!("You may not edit content in language '{language}'"),
    }
}
