//! Hangul: the 51 compatibility jamo (authored here, `jamo.rs`) and the 11,172 syllable blocks,
//! which are composed from their jamo by block layout (`compose.rs`) instead of being stored.
//!
//! The TypeScript twin of `compose.rs` is `web/src/characters/hangul.ts`; both are held to the
//! same output by `data/starter/characters/hangul-vectors.json` (see `tests/hangul_vectors.rs`).

pub mod compose;
pub mod jamo;

pub use compose::compose;

/// First syllable block, 가.
pub const SYLLABLE_FIRST: u32 = 0xAC00;
/// Last syllable block, 힣.
pub const SYLLABLE_LAST: u32 = 0xD7A3;

/// Initial consonants in Unicode order, as compatibility jamo.
pub const INITIALS: [char; 19] = [
    'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ',
    'ㅌ', 'ㅍ', 'ㅎ',
];
/// Vowels in Unicode order (U+314F ㅏ … U+3163 ㅣ).
pub const VOWELS: [char; 21] = [
    'ㅏ', 'ㅐ', 'ㅑ', 'ㅒ', 'ㅓ', 'ㅔ', 'ㅕ', 'ㅖ', 'ㅗ', 'ㅘ', 'ㅙ', 'ㅚ', 'ㅛ', 'ㅜ', 'ㅝ', 'ㅞ',
    'ㅟ', 'ㅠ', 'ㅡ', 'ㅢ', 'ㅣ',
];
/// Final consonants in Unicode order; index 0 (no final) is absent.
pub const FINALS: [char; 27] = [
    'ㄱ', 'ㄲ', 'ㄳ', 'ㄴ', 'ㄵ', 'ㄶ', 'ㄷ', 'ㄹ', 'ㄺ', 'ㄻ', 'ㄼ', 'ㄽ', 'ㄾ', 'ㄿ', 'ㅀ', 'ㅁ',
    'ㅂ', 'ㅄ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
];

/// Where a vowel sits, which decides the block layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VowelShape {
    /// Right of the initial: ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅣ.
    Vertical,
    /// Below the initial: ㅗ ㅛ ㅜ ㅠ ㅡ.
    Horizontal,
    /// Below and right, wrapping the initial: ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ ㅢ.
    Combined,
}

/// The shape of a vowel jamo, or `None` for a consonant.
pub fn vowel_shape(vowel: char) -> Option<VowelShape> {
    match vowel {
        'ㅏ' | 'ㅐ' | 'ㅑ' | 'ㅒ' | 'ㅓ' | 'ㅔ' | 'ㅕ' | 'ㅖ' | 'ㅣ' => {
            Some(VowelShape::Vertical)
        }
        'ㅗ' | 'ㅛ' | 'ㅜ' | 'ㅠ' | 'ㅡ' => Some(VowelShape::Horizontal),
        'ㅘ' | 'ㅙ' | 'ㅚ' | 'ㅝ' | 'ㅞ' | 'ㅟ' | 'ㅢ' => Some(VowelShape::Combined),
        _ => None,
    }
}

/// A syllable block split into its jamo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Syllable {
    /// Initial consonant.
    pub initial: char,
    /// Vowel.
    pub vowel: char,
    /// Final consonant (a single, double or cluster jamo), if any.
    pub last: Option<char>,
}

/// Splits a precomposed syllable (U+AC00–U+D7A3) into compatibility jamo.
pub fn decompose(c: char) -> Option<Syllable> {
    let code = c as u32;
    if !(SYLLABLE_FIRST..=SYLLABLE_LAST).contains(&code) {
        return None;
    }
    let s = (code - SYLLABLE_FIRST) as usize;
    let t = s % 28;
    Some(Syllable {
        initial: INITIALS[s / 588],
        vowel: VOWELS[(s % 588) / 28],
        last: (t > 0).then(|| FINALS[t - 1]),
    })
}

/// True for a precomposed syllable block.
pub fn is_syllable(c: char) -> bool {
    (SYLLABLE_FIRST..=SYLLABLE_LAST).contains(&(c as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decomposes_by_the_unicode_formula() {
        let s = |initial, vowel, last| {
            Some(Syllable {
                initial,
                vowel,
                last,
            })
        };
        assert_eq!(decompose('가'), s('ㄱ', 'ㅏ', None));
        assert_eq!(decompose('한'), s('ㅎ', 'ㅏ', Some('ㄴ')));
        assert_eq!(decompose('닭'), s('ㄷ', 'ㅏ', Some('ㄺ')));
        assert_eq!(decompose('의'), s('ㅇ', 'ㅢ', None));
        assert_eq!(decompose('힣'), s('ㅎ', 'ㅣ', Some('ㅎ')));
        assert_eq!(decompose('ㄱ'), None);
        assert_eq!(vowel_shape('ㅢ'), Some(VowelShape::Combined));
        assert_eq!(vowel_shape('ㄱ'), None);
    }
}
