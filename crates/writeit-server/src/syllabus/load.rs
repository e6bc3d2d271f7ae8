//! Writing a syllabus into the store: the entries first (batches of [`BATCH`], one transaction
//! each), then the decks that list them (one transaction), then the characters' strokes
//! (`characters::load`). Only rows whose content differs from the stored ones are written, so a
//! second run writes nothing, an interrupted one picks up where it stopped, and a newer package
//! rewrites just what it changed (clients then sync only that). Audio an admin attached to an
//! imported entry is kept.

use std::collections::HashMap;

use writeit_core::entity::{Deck, Entry};
use writeit_core::paging::{Cursor, PageInput};
use writeit_core::validate::Validate;
use writeit_store::Store;

use super::Syllabus;

/// Entries saved per transaction.
const BATCH: usize = 500;

/// What a load wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// Entries and decks new or changed (the rest were current).
    pub entries_written: usize,
    pub decks_written: usize,
    /// Character rows written, of those the syllabus needs.
    pub characters_written: usize,
    pub characters: usize,
}

/// A stage of the load, for progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Entries,
    Decks,
    Characters,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Entries => "entries",
            Stage::Decks => "decks",
            Stage::Characters => "characters",
        }
    }
}

/// Writes `syllabus` (as an admin), telling `progress` each stage's rows done and to do.
pub async fn load(
    store: &dyn Store,
    syllabus: &Syllabus,
    mut progress: impl FnMut(Stage, usize, usize),
) -> anyhow::Result<Loaded> {
    for plan in &syllabus.decks {
        plan.deck
            .validate()
            .map_err(|e| anyhow::anyhow!("deck {}: {}", plan.deck.title, e.message))?;
        for e in &plan.entries {
            e.validate()
                .map_err(|err| anyhow::anyhow!("entry {}: {}", e.text, err.message))?;
        }
    }
    let languages: Vec<String> = {
        let mut l: Vec<String> = syllabus
            .decks
            .iter()
            .map(|d| d.deck.language_code.clone())
            .collect();
        l.sort();
        l.dedup();
        l
    };
    let admin = |_: &str| true;

    let stored_entries: HashMap<String, Entry> = all_pages(
        |page| async move { store.query_entries(&page).await },
        &languages,
        |e: &Entry| (e.updated_at, e.id.clone()),
    )
    .await?;
    let changed: Vec<Entry> = syllabus
        .decks
        .iter()
        .flat_map(|d| &d.entries)
        .filter_map(|e| {
            let mut e = e.clone();
            let old = stored_entries.get(&e.id);
            if let Some(old) = old {
                e.audio_url.clone_from(&old.audio_url);
            }
            old.is_none_or(|old| !same_entry(old, &e)).then_some(e)
        })
        .collect();
    let mut done = 0;
    progress(Stage::Entries, done, changed.len());
    for chunk in changed.chunks(BATCH) {
        store.save_entries(chunk.to_vec(), &admin).await?;
        done += chunk.len();
        progress(Stage::Entries, done, changed.len());
    }

    let mut decks_written = 0;
    let mut decks = Vec::new();
    for plan in &syllabus.decks {
        let stored = store.deck(&plan.deck.id).await?;
        if stored.is_none_or(|old| !same_deck(&old, &plan.deck)) {
            decks.push(plan.deck.clone());
        }
    }
    progress(Stage::Decks, 0, decks.len());
    if !decks.is_empty() {
        decks_written = decks.len();
        store.save_decks(decks, &admin).await?;
    }
    progress(Stage::Decks, decks_written, decks_written);

    let imported = crate::characters::load::import(store, &syllabus.characters, |d, t| {
        progress(Stage::Characters, d, t)
    })
    .await?;
    Ok(Loaded {
        entries_written: changed.len(),
        decks_written,
        characters_written: imported.written,
        characters: imported.characters,
    })
}

fn same_entry(a: &Entry, b: &Entry) -> bool {
    !a.deleted
        && a.language_code == b.language_code
        && a.text == b.text
        && a.reading == b.reading
        && a.meanings == b.meanings
        && a.notes == b.notes
        && a.examples == b.examples
        && a.audio_url == b.audio_url
}

fn same_deck(a: &Deck, b: &Deck) -> bool {
    !a.deleted
        && a.language_code == b.language_code
        && a.title == b.title
        && a.description == b.description
        && a.entry_ids == b.entry_ids
        && a.position == b.position
        && a.source == b.source
}

/// Every row of the `languages`, page by page, by id.
async fn all_pages<T, F, Fut>(
    query: F,
    languages: &[String],
    key: impl Fn(&T) -> (i64, String),
) -> anyhow::Result<HashMap<String, T>>
where
    F: Fn(PageInput) -> Fut,
    Fut: std::future::Future<Output = writeit_store::Result<Vec<T>>>,
{
    let mut out = HashMap::new();
    let mut page = PageInput {
        offset: 0,
        after: None,
        limit: Some(writeit_core::limits::PAGE_MAX),
        languages: Some(languages.to_vec()),
        ..Default::default()
    };
    loop {
        let rows = query(page.clone()).await?;
        let full = rows.len() as u32 == writeit_core::limits::PAGE_MAX;
        let Some(last) = rows.last() else { break };
        let (updated_at, id) = key(last);
        page.after = Some(Cursor { updated_at, id });
        out.extend(rows.into_iter().map(|r| (key(&r).1, r)));
        if !full {
            break;
        }
    }
    Ok(out)
}
