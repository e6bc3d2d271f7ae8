//! CC-CEDICT's numbered pinyin (`Zhong1 guo2`, `yi1 dian3 r5`, `nu:3 er2`) written as Hanyu
//! Pinyin with tone marks, one word as one unit: `Zhōngguó`, `yīdiǎnr`, `nǚ'ér`.
//!
//! The mark goes on `a` or `e` when the syllable has one, on the `o` of `ou`, else on the last
//! vowel; the neutral tone (5) has none; an erhua `r5` joins the syllable before it; a syllable
//! starting with a, o or e after another takes an apostrophe. Tokens that are not pinyin (Latin
//! letters, `·`) stay as they are, apart from the syllables around them.

use unicode_normalization::UnicodeNormalization;

/// One word's numbered pinyin as marked pinyin.
pub fn marked(numbered: &str) -> String {
    let mut out = String::new();
    // Whether the last token written was a pinyin syllable (so the next one joins it).
    let mut after_syllable = false;
    for token in numbered.split_whitespace() {
        match syllable(token) {
            Some((letters, _)) if after_syllable && letters.eq_ignore_ascii_case("r") => {
                out.push_str(&letters);
            }
            Some((letters, tone)) => {
                if after_syllable {
                    if letters.starts_with(['a', 'o', 'e', 'A', 'O', 'E']) {
                        out.push('\'');
                    }
                } else if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&with_mark(&letters, tone));
                after_syllable = true;
            }
            None => {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(token);
                after_syllable = false;
            }
        }
    }
    out
}

/// A numbered syllable's letters (`u:` as `ü`) and tone (1–5), or `None` for another token.
fn syllable(token: &str) -> Option<(String, u8)> {
    if !token.is_ascii() {
        return None;
    }
    let (letters, digit) = token.split_at(token.len().checked_sub(1)?);
    let tone = digit.parse::<u8>().ok().filter(|t| (1..=5).contains(t))?;
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic() || c == ':') {
        return None;
    }
    Some((letters.replace("u:", "ü").replace("U:", "Ü"), tone))
}

/// The syllable with its tone mark (none for the neutral tone).
fn with_mark(letters: &str, tone: u8) -> String {
    if tone == 5 {
        return letters.to_string();
    }
    let chars: Vec<char> = letters.chars().collect();
    let lower: Vec<char> = chars
        .iter()
        .map(|c| c.to_lowercase().next().unwrap_or(*c))
        .collect();
    let is_vowel = |c: char| "aeiouü".contains(c);
    let at = lower
        .iter()
        .position(|&c| c == 'a')
        .or_else(|| lower.iter().position(|&c| c == 'e'))
        .or_else(|| lower.windows(2).position(|w| w == ['o', 'u']))
        .or_else(|| lower.iter().rposition(|&c| is_vowel(c)));
    let Some(at) = at else {
        // m, n, ng (interjections): the mark combines with the first letter.
        let mark = ['\u{304}', '\u{301}', '\u{30C}', '\u{300}'][usize::from(tone - 1)];
        let mut out: String = chars[..1].iter().collect();
        out.push(mark);
        out.extend(&chars[1..]);
        return out.nfc().collect();
    };
    let mut out = String::with_capacity(letters.len() + 2);
    for (i, &c) in chars.iter().enumerate() {
        out.push(if i == at { marked_vowel(c, tone) } else { c });
    }
    out
}

fn marked_vowel(c: char, tone: u8) -> char {
    let row = match c {
        'a' => "āáǎà",
        'e' => "ēéěè",
        'i' => "īíǐì",
        'o' => "ōóǒò",
        'u' => "ūúǔù",
        'ü' => "ǖǘǚǜ",
        'A' => "ĀÁǍÀ",
        'E' => "ĒÉĚÈ",
        'I' => "ĪÍǏÌ",
        'O' => "ŌÓǑÒ",
        'U' => "ŪÚǓÙ",
        'Ü' => "ǕǗǙǛ",
        _ => return c,
    };
    row.chars().nth(usize::from(tone - 1)).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::marked;

    #[test]
    fn numbered_pinyin_becomes_marked_words() {
        for (numbered, want) in [
            ("ni3", "nǐ"),
            ("Zhong1 guo2", "Zhōngguó"),
            ("wo3 men5", "wǒmen"),
            ("xie4 xie5", "xièxie"),
            ("yi1 dian3 r5", "yīdiǎnr"),
            ("nu:3 er2", "nǚ'ér"),
            ("lu:4 shi1", "lǜshī"),
            ("Xi1 an1", "Xī'ān"),
            ("shui3", "shuǐ"),
            ("gui4", "guì"),
            ("liu2", "liú"),
            ("zhou1", "zhōu"),
            ("lao3 shi1", "lǎoshī"),
            ("tian1 an1 men2", "tiān'ānmén"),
            ("A A zhi4", "A A zhì"),
            ("ka3 la1 O K", "kǎlā O K"),
            ("m2", "ḿ"),
            ("yi1 si1 bu4 gou3", "yīsībùgǒu"),
        ] {
            assert_eq!(marked(numbered), want, "{numbered}");
        }
    }
}
