//! Starter content (data/starter): languages, decks with their entries, and the starter character
//! sets (`characters/`, see `crate::characters`), loaded into an empty
//! database on first start and by `writeit seed`. Ids are derived from the content (UUIDv5), so
//! seeding twice updates the same rows instead of duplicating them.

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;
use writeit_core::entity::{grid_type, Deck, Entry, Example, Language};
use writeit_core::validate::Validate;
use writeit_store::Store;

use crate::characters::set::{check_sets, read_sets, CharacterSet};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LanguageFile {
    id: String,
    name: String,
    native_name: String,
    rtl: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeckFile {
    slug: String,
    language_code: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    position: i32,
    /// Where the deck comes from and its licence.
    #[serde(default)]
    source: String,
    entries: Vec<EntryFile>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EntryFile {
    text: String,
    #[serde(default)]
    reading: String,
    #[serde(default)]
    meanings: Vec<String>,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    examples: Vec<Example>,
}

/// What a seed wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seeded {
    pub languages: usize,
    pub decks: usize,
    pub entries: usize,
    /// Characters in the starter sets (`characters/`), written or already current.
    pub characters: usize,
}

/// Loads every file of `dir` into the store (admin rights). Validates everything first, so a
/// broken file writes nothing.
pub async fn seed(store: &dyn Store, dir: &Path) -> anyhow::Result<Seeded> {
    let languages = read_languages(dir)?;
    let (decks, entries) = read_decks(dir)?;
    let character_sets = read_character_sets(dir)?;
    let admin = |_: &str| true;
    let mut seeded = Seeded {
        languages: languages.len(),
        decks: decks.len(),
        entries: entries.len(),
        characters: 0,
    };
    store.save_languages(languages).await?;
    store.save_entries(entries, &admin).await?;
    store.save_decks(decks, &admin).await?;
    seeded.characters = crate::characters::load::import(store, &character_sets, |_, _| {})
        .await?
        .characters;
    Ok(seeded)
}

/// `languages.json`.
fn read_languages(dir: &Path) -> anyhow::Result<Vec<Language>> {
    let languages: Vec<LanguageFile> = read_json(&dir.join("languages.json"))?;
    Ok(languages
        .into_iter()
        .map(|l| Language {
            grid_type: grid_type(&l.id),
            id: l.id,
            name: l.name,
            native_name: l.native_name,
            rtl: l.rtl,
            updated_at: 0,
            deleted: false,
        })
        .collect())
}

/// Every deck file of `decks/`, validated, in file name order, and their entries, each once
/// (decks may share an entry).
fn read_decks(dir: &Path) -> anyhow::Result<(Vec<Deck>, Vec<Entry>)> {
    let mut deck_paths: Vec<_> = std::fs::read_dir(dir.join("decks"))
        .with_context(|| format!("cannot list {}", dir.join("decks").display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    deck_paths.sort();
    let mut decks = Vec::new();
    let mut entries = Vec::new();
    let mut seen = HashSet::new();
    for path in deck_paths {
        let file: DeckFile = read_json(&path)?;
        let mut entry_ids = Vec::with_capacity(file.entries.len());
        for e in file.entries {
            let entry = entry_row(&file.language_code, e).map_err(|(text, err)| {
                anyhow::anyhow!("{}: entry '{text}': {err}", path.display())
            })?;
            if !entry_ids.contains(&entry.id) {
                entry_ids.push(entry.id.clone());
            }
            if seen.insert(entry.id.clone()) {
                entries.push(entry);
            }
        }
        let deck = Deck {
            id: crate::content_id::id("deck", &file.slug),
            language_code: file.language_code,
            title: file.title,
            description: file.description,
            entry_ids,
            position: file.position,
            updated_at: 0,
            deleted: false,
            source: (!file.source.is_empty()).then_some(file.source),
        };
        deck.validate()
            .map_err(|err| anyhow::anyhow!("{}: {}", path.display(), err.message))?;
        decks.push(deck);
    }
    Ok((decks, entries))
}

/// A deck file's entry as a row of `language`, validated; a failure gives the entry's text and
/// the validator's message.
fn entry_row(language: &str, e: EntryFile) -> Result<Entry, (String, String)> {
    let entry = Entry {
        id: crate::content_id::id("entry", &format!("{language}/{}", e.text)),
        language_code: language.to_string(),
        text: e.text,
        reading: e.reading,
        meanings: e.meanings,
        notes: e.notes,
        examples: e.examples,
        audio_url: None,
        updated_at: 0,
        deleted: false,
    };
    match entry.validate() {
        Ok(()) => Ok(entry),
        Err(err) => Err((entry.text, err.message)),
    }
}

/// The character sets of `characters/`, checked; none when the folder is missing.
fn read_character_sets(dir: &Path) -> anyhow::Result<Vec<CharacterSet>> {
    let characters_dir = dir.join("characters");
    if !characters_dir.is_dir() {
        return Ok(Vec::new());
    }
    let sets = read_sets(&characters_dir)?;
    check_sets(&sets)?;
    Ok(sets)
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not valid starter content", path.display()))
}
