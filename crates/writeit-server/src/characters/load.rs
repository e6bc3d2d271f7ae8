//! Loading sets into the store: checked first, then only the rows whose content changed, in
//! batches.

use std::collections::HashMap;

use writeit_core::entity::Character;
use writeit_core::paging::{Cursor, PageInput};
use writeit_store::Store;

use super::set::{check_sets, CharacterSet};

/// Characters saved per transaction.
const BATCH: usize = 500;

/// What an import wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Characters in the sets.
    pub characters: usize,
    /// Rows written (new or changed); the rest were already current.
    pub written: usize,
}

/// Loads sets into the store after checking them. Rows already holding the same content are left
/// alone, so importing twice writes nothing the second time (and clients sync nothing new).
pub async fn import(
    store: &dyn Store,
    sets: &[CharacterSet],
    mut progress: impl FnMut(usize, usize),
) -> anyhow::Result<Imported> {
    check_sets(sets)?;
    let rows: Vec<Character> = sets.iter().flat_map(|s| s.rows()).collect();
    let existing = existing_characters(store).await?;
    let changed: Vec<Character> = rows
        .iter()
        .filter(|c| {
            existing.get(&c.id).is_none_or(|e| {
                e.deleted || e.strokes != c.strokes || e.source != c.source || e.value != c.value
            })
        })
        .cloned()
        .collect();
    let admin = |_: &str| true;
    let total = changed.len();
    let mut done = 0;
    progress(done, total);
    for chunk in changed.chunks(BATCH) {
        store.save_characters(chunk.to_vec(), &admin).await?;
        done += chunk.len();
        progress(done, total);
    }
    Ok(Imported {
        characters: rows.len(),
        written: total,
    })
}

async fn existing_characters(store: &dyn Store) -> anyhow::Result<HashMap<String, Character>> {
    let mut out = HashMap::new();
    let mut page = PageInput {
        offset: 0,
        after: None,
        limit: Some(writeit_core::limits::PAGE_MAX),
        ..Default::default()
    };
    loop {
        let rows = store.query_characters(&page).await?;
        let Some(last) = rows.last() else { break };
        page.after = Some(Cursor {
            updated_at: last.updated_at,
            id: last.id.clone(),
        });
        let full = rows.len() as u32 == writeit_core::limits::PAGE_MAX;
        out.extend(rows.into_iter().map(|c| (c.id.clone(), c)));
        if !full {
            break;
        }
    }
    Ok(out)
}
