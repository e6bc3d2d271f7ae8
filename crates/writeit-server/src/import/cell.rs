//! A CSV cell both ways: escaped on export so a spreadsheet shows a formula-like cell as text
//! (OWASP, "CSV Injection"), and unescaped on import so what was exported comes back as it was.

use std::borrow::Cow;

/// First characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"):
/// `=` `+` `-` `@`, tab and carriage return, and the full-width `＝` `＋` `－` `＠`, which
/// Japanese and Chinese Excel take as their ASCII forms.
pub(super) const FORMULA_STARTS: [char; 10] = [
    '=', '+', '-', '@', '\t', '\r', '\u{ff1d}', '\u{ff0b}', '\u{ff0d}', '\u{ff20}',
];

/// The quote that keeps a spreadsheet from evaluating a cell (it shows the rest as text).
const FORMULA_ESCAPE: char = '\'';

/// Whether a spreadsheet would evaluate `cell`, or would once a quote in front of it is taken
/// away: a cell that starts with quotes and then a formula character gets one more quote, so the
/// importer, which removes one quote before exactly such cells, gives back what was exported.
fn needs_escape(cell: &str) -> bool {
    cell.trim_start_matches(FORMULA_ESCAPE)
        .starts_with(FORMULA_STARTS)
}

/// `cell` as it goes into an exported CSV: with a leading `'` when [`needs_escape`].
pub fn escape_cell(cell: &str) -> Cow<'_, str> {
    if needs_escape(cell) {
        Cow::Owned(format!("{FORMULA_ESCAPE}{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// The inverse of [`escape_cell`], for imported CSV/TSV cells: one leading `'` is removed when
/// what follows it needs the escape; any other cell (`'tis`, `'`) is left as it is.
pub fn unescape_cell(cell: &str) -> &str {
    match cell.strip_prefix(FORMULA_ESCAPE) {
        Some(rest) if needs_escape(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Cells a spreadsheet would evaluate, or nearly: the export's round-trip tests use them too.
    pub(crate) const TRICKY: [&str; 16] = [
        "=cmd|' /C calc'!A0",
        "+1+1",
        "-2+3",
        "@SUM(A1)",
        "\t=1+1",
        "\r=1+1",
        "\u{ff1d}1+1",
        "\u{ff0b}1",
        "\u{ff0d}1",
        "\u{ff20}SUM(A1)",
        "'=1+1",
        "''@x",
        "'tis",
        "'",
        "a=1",
        "개 = dog",
    ];

    #[test]
    fn escape_and_unescape_are_inverse() {
        for t in TRICKY.iter().chain(&["", "''", "'''=", "x'=1"]) {
            assert_eq!(unescape_cell(&escape_cell(t)), *t, "{t:?}");
        }
        // A cell a person wrote with a quote is left alone unless a formula follows it.
        assert_eq!(unescape_cell("'tis"), "'tis");
        assert_eq!(unescape_cell("'=1"), "=1");
        assert_eq!(unescape_cell("=1"), "=1");
    }
}
