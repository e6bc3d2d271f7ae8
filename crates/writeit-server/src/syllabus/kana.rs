//! The kana's combined sounds (yōon): a kana of the i column and a small ya, yu or yo, read as
//! one syllable (きゃ kya, シュ shu). The starter decks teach the 71 single kana of each script;
//! these two decks (authored here, CC0) complete them, and use the small kana whose strokes
//! KanjiVG also draws. Their entries are named as the starter's are (`ja/きゃ`).

use writeit_core::entity::Entry;

use super::{deck_row, entry_row, DeckPlan};

/// Source of the decks.
pub const SOURCE: &str = "Authored for WriteIt; licence: CC0-1.0 (project's own)";

/// The i-column kana (hiragana) and the consonant sound of their yōon, in gojūon order.
const BASES: [(char, &str, &str); 11] = [
    ('き', "ki", "ky"),
    ('し', "shi", "sh"),
    ('ち', "chi", "ch"),
    ('に', "ni", "ny"),
    ('ひ', "hi", "hy"),
    ('み', "mi", "my"),
    ('り', "ri", "ry"),
    ('ぎ', "gi", "gy"),
    ('じ', "ji", "j"),
    ('び', "bi", "by"),
    ('ぴ', "pi", "py"),
];

/// The small kana (hiragana) and their vowels.
const SMALL: [(char, &str, &str); 3] = [('ゃ', "ya", "a"), ('ゅ', "yu", "u"), ('ょ', "yo", "o")];

/// Katakana are hiragana moved by this many code points.
const KATAKANA_OFFSET: u32 = 0x60;

fn katakana(c: char) -> char {
    char::from_u32(c as u32 + KATAKANA_OFFSET).unwrap_or(c)
}

/// The two decks: hiragana's 33 combined sounds, then katakana's, placed after the starter's
/// kana and kanji decks (positions 0–2).
pub fn decks() -> Vec<DeckPlan> {
    [("hiragana", "Hiragana", 3), ("katakana", "Katakana", 4)]
        .into_iter()
        .map(|(script, title, position)| {
            let entries = entries(script == "katakana");
            let first = |i: usize| format!("{} {}", entries[i].text, entries[i].reading);
            let deck = deck_row(
                "ja",
                &format!("ja-{script}-yoon"),
                format!("{title}: combined sounds (yōon)"),
                format!(
                    "The 33 combined sounds of {script}: a kana of the i column with a small \
                     ya, yu or yo, read as one syllable ({}, {}, {}…).",
                    first(0),
                    first(4),
                    first(8)
                ),
                position,
                SOURCE,
                &entries,
            );
            DeckPlan { deck, entries }
        })
        .collect()
}

fn entries(katakana_script: bool) -> Vec<Entry> {
    let script = if katakana_script {
        "katakana"
    } else {
        "hiragana"
    };
    let form = |c: char| if katakana_script { katakana(c) } else { c };
    let mut out = Vec::new();
    for (base, base_reading, consonant) in BASES {
        for (small, small_reading, vowel) in SMALL {
            let text: String = [form(base), form(small)].iter().collect();
            let reading = format!("{consonant}{vowel}");
            let mut e = entry_row("ja", &format!("ja/{text}"), &text);
            e.meanings = vec![format!("{script} {reading}")];
            e.notes = format!(
                "{} ({base_reading}) + small {} ({small_reading})",
                form(base),
                form(small)
            );
            e.reading = reading;
            out.push(e);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use writeit_core::validate::Validate;

    #[test]
    fn every_combined_sound_of_both_scripts() {
        let decks = decks();
        assert_eq!(decks.len(), 2);
        let read = |d: &DeckPlan| -> Vec<String> {
            d.entries
                .iter()
                .map(|e| format!("{}={}", e.text, e.reading))
                .collect()
        };
        let hiragana = read(&decks[0]);
        assert_eq!(hiragana.len(), 33);
        assert_eq!(&hiragana[..3], ["きゃ=kya", "きゅ=kyu", "きょ=kyo"]);
        assert!(hiragana.contains(&"しゃ=sha".to_string()));
        assert!(hiragana.contains(&"ちょ=cho".to_string()));
        assert!(hiragana.contains(&"じゅ=ju".to_string()));
        assert_eq!(hiragana[32], "ぴょ=pyo");
        let katakana = read(&decks[1]);
        assert_eq!(&katakana[..2], ["キャ=kya", "キュ=kyu"]);
        assert_eq!(katakana[32], "ピョ=pyo");
        assert_eq!(decks[0].entries[3].notes, "し (shi) + small ゃ (ya)");
        assert_eq!(decks[1].deck.title, "Katakana: combined sounds (yōon)");
        assert!(decks[1]
            .deck
            .description
            .contains("(キャ kya, シュ shu, チョ cho…)"));
        for d in &decks {
            d.deck.validate().unwrap();
            for e in &d.entries {
                e.validate().unwrap();
            }
        }
    }
}
