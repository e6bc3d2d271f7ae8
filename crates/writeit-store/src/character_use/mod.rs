//! Which characters each language's entries use, so a learner of a language also gets the
//! characters of other languages' sets its entries write (a kanji stored under `zh` used by a
//! Japanese entry). Recorded in the write transaction that saves the entry, never removed: a row
//! too many costs one character's strokes, a row too few loses a character for good.
//!
//! Sync correctness (docs/sync.md): a delta pulls rows stamped after `lastSync`, so a value newly
//! used by a language re-stamps that value's characters in the other languages, in the same
//! transaction; the studying device's next delta then brings them. An open of the store records
//! the uses of entries stamped since the last open's scan (`character_uses_scanned`).

use std::collections::BTreeSet;

use sqlx::Pool;
use writeit_core::entity::Entry;
use writeit_core::grapheme;

use crate::dialect::{Affected, Bind, Conn, Dialect};
use crate::rows::Row;
use crate::Result;

const INSERT: &str = include_str!("insert.sql");
const TOUCH_OTHERS: &str = include_str!("touch_others.sql");
const LIVE_TEXTS: &str = include_str!("live_texts.sql");
const SCANNED: &str = include_str!("scanned.sql");
const SET_SCANNED: &str = include_str!("set_scanned.sql");

/// The (language, value) pairs the live ones of `entries` write.
pub(crate) fn of_entries<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
) -> BTreeSet<(String, String)> {
    let mut uses = BTreeSet::new();
    for e in entries.into_iter().filter(|e| !e.deleted) {
        add(&mut uses, &e.language_code, &e.text);
    }
    uses
}

/// Adds the pairs an entry of `language` with `text` writes.
fn add(uses: &mut BTreeSet<(String, String)>, language: &str, text: &str) {
    for g in grapheme::written(text) {
        uses.insert((language.to_string(), g.to_string()));
    }
}

/// Records `uses` inside a write transaction stamped `stamp`; a pair new to the table re-stamps
/// its value's characters of other languages. Resolves with the pairs that were new.
pub(crate) async fn record<D: Dialect>(
    conn: &mut D::Connection,
    stamp: i64,
    uses: &BTreeSet<(String, String)>,
) -> Result<u64> {
    let mut added = 0;
    for (language, value) in uses {
        let new = D::query(INSERT)
            .arg(language)
            .arg(value)
            .execute(conn.ex())
            .await?;
        if new.rows_affected() == 1 {
            added += 1;
            D::query(TOUCH_OTHERS)
                .arg(stamp)
                .arg(language)
                .arg(value)
                .execute(conn.ex())
                .await?;
        }
    }
    Ok(added)
}

/// The pairs written by live entries stamped in (`from`, `to`], and whether there were any.
pub(crate) async fn of_entries_stamped<D: Dialect>(
    read: &Pool<D>,
    from: i64,
    to: i64,
) -> Result<(BTreeSet<(String, String)>, bool)> {
    let rows = D::query(LIVE_TEXTS)
        .arg(from)
        .arg(to)
        .fetch_all(D::pool(read))
        .await?;
    let mut uses = BTreeSet::new();
    for r in &rows {
        add(&mut uses, &r.text(0)?, &r.text(1)?);
    }
    Ok((uses, !rows.is_empty()))
}

/// The stamp up to which every entry's uses are recorded.
pub(crate) async fn scanned<D: Dialect>(read: &Pool<D>) -> Result<i64> {
    D::query(SCANNED).fetch_one(D::pool(read)).await?.int(0)
}

/// Moves the scanned stamp on to `to` (never back), inside the write transaction that recorded.
pub(crate) async fn set_scanned<D: Dialect>(conn: &mut D::Connection, to: i64) -> Result<()> {
    D::query(SET_SCANNED).arg(to).execute(conn.ex()).await?;
    Ok(())
}
