//! Grapheme counting, so "one character" means what a reader sees, not a code point.

use unicode_segmentation::UnicodeSegmentation;

/// Number of extended grapheme clusters in `s`.
pub fn count(s: &str) -> usize {
    s.graphemes(true).count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_what_a_reader_sees() {
        assert_eq!(super::count("한"), 1);
        assert_eq!(super::count("\u{1112}\u{1161}\u{11AB}"), 1); // decomposed 한
        assert_eq!(super::count("ab"), 2);
        assert_eq!(super::count(""), 0);
    }
}
