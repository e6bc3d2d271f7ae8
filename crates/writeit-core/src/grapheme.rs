//! Grapheme counting, so "one character" means what a reader sees, not a code point.

use unicode_segmentation::UnicodeSegmentation;

/// Number of extended grapheme clusters in `s`.
pub fn count(s: &str) -> usize {
    s.graphemes(true).count()
}

/// The extended grapheme clusters of `s` that are written (whitespace left out): the characters
/// a learner writes for it.
pub fn written(s: &str) -> impl Iterator<Item = &str> {
    s.graphemes(true)
        .filter(|g| !g.chars().all(char::is_whitespace))
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

    #[test]
    fn written_leaves_out_spaces() {
        let w: Vec<&str> = super::written("日本 の\u{3000}한\u{1112}\u{1161}").collect();
        assert_eq!(w, ["日", "本", "の", "한", "\u{1112}\u{1161}"]);
    }
}
