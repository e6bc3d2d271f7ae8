//! Which characters each language's entries use, so a learner of a language also gets the
//! characters of other languages' sets its entries write (a kanji stored under `zh` used by a
//! Japanese entry). Recorded in the write transaction that saves the entry, never removed: a row
//! too many costs one character's strokes, a row too few loses a character for good.
//!
//! Sync correctness (docs/sync.md): a delta pulls rows stamped after `lastSync`, so a value newly
//! used by a language re-stamps that value's characters in the other languages, in the same
//! transaction; the studying device's next delta then brings them.

use std::collections::BTreeSet;

use sqlx::Pool;
use writeit_core::entity::Entry;
use writeit_core::grapheme;

use crate::dialect::{Affected, Bind, Conn, Dialect};
use crate::rows::Row;
use crate::Result;

const INSERT: &str = include_str!("insert.sql");
const TOUCH_OTHERS: &str = include_str!("touch_others.sql");
const ALL: &str = include_str!("all.sql");
const LIVE_TEXTS: &str = include_str!("live_texts.sql");

/// The (language, value) pairs the live ones of `entries` write.
pub(crate) fn of_entries<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
) -> BTreeSet<(String, String)> {
    let mut uses = BTreeSet::new();
    for e in entries.into_iter().filter(|e| !e.deleted) {
        for g in grapheme::written(&e.text) {
            uses.insert((e.language_code.clone(), g.to_string()));
        }
    }
    uses
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

/// The pairs that live entries write and the table lacks: entries saved before this table
/// existed, or by an older server during a rolling upgrade. Read on the read pool; `record`
/// them in a write transaction.
pub(crate) async fn missing<D: Dialect>(read: &Pool<D>) -> Result<BTreeSet<(String, String)>> {
    let known: BTreeSet<(String, String)> = D::query(ALL)
        .fetch_all(D::pool(read))
        .await?
        .iter()
        .map(|r| Ok((r.text(0)?, r.text(1)?)))
        .collect::<Result<_>>()?;
    let mut missing = BTreeSet::new();
    for r in D::query(LIVE_TEXTS).fetch_all(D::pool(read)).await? {
        let language = r.text(0)?;
        for g in grapheme::written(&r.text(1)?) {
            let pair = (language.clone(), g.to_string());
            if !known.contains(&pair) {
                missing.insert(pair);
            }
        }
    }
    Ok(missing)
}
