//! Character stroke data (DESIGN.md §7): set files, the sets written from code, the sets
//! converted from packages, loading sets into the store, and the commands that do all this.
//!
//! Sets are JSON files `{set, languageCode, source, characters: [{value, strokes}]}`. The starter
//! sets live in `data/starter/characters/` and are committed: the authored ones (Hangul jamo,
//! letters) are written from code by `writeit characters build`, the CJK ones are cut from the
//! packages to what the shipped decks use. The full Chinese and Japanese sets are converted from
//! the packages at import time (`writeit import characters zh|ja`), fetched into
//! `tools/characters/` by its `fetch.sh` when missing.
//!
//! `set` (the file format, reading, writing, checking), `authored` (jamo, letters, Hangul
//! vectors), `convert` (hanzi-writer-data and KanjiVG), `load` (into the store), `cli`.

pub mod authored;
pub mod cli;
pub mod convert;
pub mod load;
pub mod set;
