//! Characters: the stroke data of one written character in a language.

use std::collections::HashSet;

use writeit_core::entity::Character;

use crate::dialect::{Bind, Conn, Dialect};
use crate::rows::to_json;
use crate::{language, MayWrite, Result};

const UPSERT: &str = include_str!("upsert.sql");
const LANGUAGE: &str = include_str!("language.sql");

/// Upserts `characters` stamped `stamp`, checking each one's language.
pub(crate) async fn upsert_all<D: Dialect>(
    conn: &mut D::Connection,
    stamp: i64,
    characters: &mut [Character],
    may_write: MayWrite<'_>,
) -> Result<()> {
    let mut known = HashSet::new();
    for c in characters {
        language::check_write::<D>(
            conn,
            &mut known,
            may_write,
            LANGUAGE,
            &c.id,
            &c.language_code,
        )
        .await?;
        c.updated_at = stamp;
        D::query(UPSERT)
            .arg(&c.id)
            .arg(&c.language_code)
            .arg(&c.value)
            .arg(to_json(&c.strokes))
            .arg(&c.source)
            .arg(stamp)
            .arg(c.deleted)
            .arg(c.leniency)
            .arg(to_json(&c.alternatives))
            .execute(conn.ex())
            .await?;
    }
    Ok(())
}
