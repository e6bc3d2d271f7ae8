//! Letters authored as centre lines in the 1024 box (y down): Hebrew with its final forms (here),
//! Cyrillic, Greek and Arabic with its contextual forms (one module each, same table form). Latin
//! letters come from KanjiVG (see data/README.md).
//!
//! Cyrillic and Greek sit on the grid of the en set: capitals and ascenders from y 150, x-height
//! 330, baseline 870, descenders to 1000. Arabic has its own (see [`arabic`]).
//!
//! Hebrew is written right to left: a letter's right-hand part comes first, bottom bars run right
//! to left, verticals top to bottom; a top bar that turns down the right side (ב ד ה כ ר) is one
//! stroke drawn towards that side, as taught for print letters. Letters sit between y 270 and 800;
//! ל rises above, final forms (ך ן ף ץ) and ק descend to 1000.

mod arabic;
mod cyrillic;
mod greek;

use crate::entity::Stroke;
use crate::strokes::{kurbo::Affine, stroke_from_centre_line, AUTHORED_WIDTH};

/// Source note of the authored letters.
pub const SOURCE: &str = "WriteIt authored letters; licence: CC0-1.0 (project's own)";

/// One language's letters.
pub struct LetterSet {
    /// File stem of the set.
    pub set: &'static str,
    /// Language code.
    pub language_code: &'static str,
    /// Letters and their strokes, in alphabet order.
    pub characters: Vec<(String, Vec<Stroke>)>,
}

/// Hebrew: the 22 letters, then the 5 final forms; each letter's strokes as centre lines.
const HEBREW: &[(&str, &[&str])] = &[
    ("א", &["M 300 270 L 740 800", "M 720 270 C 720 400 680 460 560 500", "M 440 560 C 330 620 300 700 300 800"]),
    ("ב", &["M 260 270 L 700 270 C 740 270 740 300 740 340 L 740 790", "M 800 790 L 230 790"]),
    ("ג", &["M 420 270 L 600 270 L 640 560 L 700 800", "M 620 560 L 420 800"]),
    ("ד", &["M 230 270 L 800 270", "M 700 270 L 700 800"]),
    ("ה", &["M 240 270 L 740 270 L 740 800", "M 300 450 L 300 800"]),
    ("ו", &["M 440 270 L 560 270 L 560 800"]),
    ("ז", &["M 380 270 L 660 270", "M 520 270 L 520 800"]),
    ("ח", &["M 280 270 L 740 270 L 740 800", "M 300 270 L 300 800"]),
    ("ט", &["M 280 330 L 280 700 C 280 790 330 800 500 800 C 680 800 740 760 740 600 C 740 420 620 350 520 420"]),
    ("י", &["M 470 270 L 570 270 L 570 480"]),
    ("כ", &["M 260 270 L 620 270 C 720 270 760 330 760 420 L 760 650 C 760 740 720 800 620 800 L 260 800"]),
    ("ל", &["M 280 100 L 280 300 L 740 300 L 740 420 C 740 600 620 720 480 800"]),
    ("מ", &["M 420 270 L 640 270 C 740 270 760 330 760 420 L 760 800 L 440 800", "M 280 270 L 340 400 L 240 800"]),
    ("נ", &["M 460 270 L 600 270 L 600 800 L 330 800"]),
    ("ס", &["M 260 270 L 640 270 C 720 270 760 320 760 400 L 760 620 C 760 740 660 800 512 800 C 360 800 260 740 260 620 L 260 270"]),
    ("ע", &["M 760 270 L 620 700 C 580 780 400 800 240 800", "M 300 270 L 540 700"]),
    ("פ", &["M 260 270 L 620 270 C 720 270 760 330 760 420 L 760 650 C 760 740 720 800 620 800 L 260 800", "M 380 270 L 380 460 L 500 460"]),
    ("צ", &["M 720 270 C 720 420 660 500 560 540", "M 300 270 L 620 740", "M 760 800 L 260 800"]),
    ("ק", &["M 260 270 L 740 270 L 740 560", "M 320 420 L 320 1000"]),
    ("ר", &["M 260 270 L 640 270 C 720 270 740 320 740 400 L 740 800"]),
    ("ש", &["M 760 270 L 740 700 C 730 780 680 800 560 800 L 280 800", "M 512 270 L 520 620", "M 280 270 L 280 800"]),
    ("ת", &["M 240 270 L 740 270 L 740 800", "M 320 270 L 320 720 L 240 800"]),
    ("ך", &["M 260 270 L 740 270 L 740 1000"]),
    ("ם", &["M 260 270 L 260 800", "M 260 270 L 760 270 L 760 800 L 260 800"]),
    ("ן", &["M 470 270 L 580 270 L 580 1000"]),
    ("ף", &["M 280 270 L 740 270 L 740 1000", "M 380 270 L 380 460 L 500 460"]),
    ("ץ", &["M 720 270 C 720 420 660 500 540 540", "M 300 270 L 520 560 L 520 1000"]),
];

fn build(table: &[(&str, &[&str])]) -> Vec<(String, Vec<Stroke>)> {
    build_lines(
        table
            .iter()
            .map(|(value, lines)| {
                let lines = lines.iter().map(|d| d.to_string()).collect();
                (value.to_string(), lines)
            })
            .collect(),
    )
}

fn build_lines(table: Vec<(String, Vec<String>)>) -> Vec<(String, Vec<Stroke>)> {
    table
        .into_iter()
        .map(|(value, lines)| {
            let strokes = lines
                .iter()
                .map(|d| {
                    stroke_from_centre_line(d, Affine::IDENTITY, AUTHORED_WIDTH)
                        .unwrap_or_else(|e| panic!("authored letter {value}: {e}"))
                })
                .collect();
            (value, strokes)
        })
        .collect()
}

/// Every authored letter set.
pub fn all() -> Vec<LetterSet> {
    vec![
        LetterSet {
            set: "he",
            language_code: "he",
            characters: build(HEBREW),
        },
        LetterSet {
            set: "ru",
            language_code: "ru",
            characters: build(cyrillic::CYRILLIC),
        },
        LetterSet {
            set: "el",
            language_code: "el",
            characters: build(greek::GREEK),
        },
        LetterSet {
            set: "ar",
            language_code: "ar",
            characters: build_lines(arabic::forms()),
        },
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn hebrew_has_22_letters_and_5_final_forms() {
        let he = &super::all()[0];
        assert_eq!(he.characters.len(), 27);
        assert!(he.characters.iter().all(|(_, s)| !s.is_empty()));
    }

    #[test]
    fn every_set_has_its_letters_once() {
        let counts: Vec<(&str, usize)> = super::all()
            .iter()
            .map(|s| (s.set, s.characters.len()))
            .collect();
        assert_eq!(
            counts,
            vec![("he", 27), ("ru", 66), ("el", 49), ("ar", 100)]
        );
        for set in super::all() {
            let mut seen = std::collections::HashSet::new();
            for (value, strokes) in &set.characters {
                assert!(seen.insert(value.clone()), "{} {value} twice", set.set);
                assert!(!strokes.is_empty());
            }
        }
    }

    #[test]
    fn cyrillic_and_greek_are_their_alphabets() {
        let all = super::all();
        let letters =
            |i: usize| -> String { all[i].characters.iter().map(|(v, _)| v.as_str()).collect() };
        let ru: String = ('А'..='Я')
            .chain(['Ё'])
            .chain('а'..='я')
            .chain(['ё'])
            .collect();
        let mut want: Vec<char> = ru.chars().collect();
        let mut have: Vec<char> = letters(1).chars().collect();
        want.sort_unstable();
        have.sort_unstable();
        assert_eq!(have, want);
        // Greek: Α–Ω and α–ω without the gap U+03A2, with ς (U+03C2) among the small letters.
        let mut want: Vec<char> = ('Α'..='Ω').filter(|&c| c != '\u{3A2}').collect();
        want.extend('α'..='ω');
        let mut have: Vec<char> = letters(2).chars().collect();
        want.sort_unstable();
        have.sort_unstable();
        assert_eq!(have, want);
    }
}
