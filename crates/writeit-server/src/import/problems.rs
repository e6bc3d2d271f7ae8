//! The rows an import refuses: collected as the file is read (every one, up to
//! [`IMPORT_ROW_PROBLEMS_MAX`], then a count), each by its line, column and entry field, and said
//! in words for the HTTP error and the command line. One bad row still saves nothing.

use writeit_core::import::ImportRowProblem;
use writeit_core::limits::IMPORT_ROW_PROBLEMS_MAX;
use writeit_core::{ErrorReason, RpcError};

/// Why an import saved nothing: one error that ended it, or the rows it refused.
#[derive(Clone, Debug)]
pub enum Refusal {
    Error(RpcError),
    Rows(RowProblems),
}

impl From<RpcError> for Refusal {
    fn from(e: RpcError) -> Refusal {
        Refusal::Error(e)
    }
}

impl Refusal {
    /// The refusal as one error (a BAD_REQUEST listing the rows, for the error envelope).
    pub fn into_error(self) -> RpcError {
        match self {
            Refusal::Error(e) => e,
            Refusal::Rows(rows) => RpcError::bad_request(rows.describe()),
        }
    }
}

/// The refused rows of a file, in file order: the first [`IMPORT_ROW_PROBLEMS_MAX`], and how many
/// more there were.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowProblems {
    pub rows: Vec<ImportRowProblem>,
    pub more: usize,
}

impl RowProblems {
    /// Records one more refused row.
    pub fn push(&mut self, problem: ImportRowProblem) {
        if self.rows.len() < IMPORT_ROW_PROBLEMS_MAX {
            self.rows.push(problem);
        } else {
            self.more += 1;
        }
    }

    /// Every refused row counted.
    pub fn total(&self) -> usize {
        self.rows.len() + self.more
    }

    /// `Err` when any row was refused.
    pub fn check(self) -> Result<(), Refusal> {
        if self.rows.is_empty() {
            Ok(())
        } else {
            Err(Refusal::Rows(self))
        }
    }

    /// In English, one row a line: `3 rows are refused, so nothing was imported:` then
    /// `line 4, column "Hangul": text: is required` …, and `… and 12 more rows` past the cap.
    pub fn describe(&self) -> String {
        let total = self.total();
        let mut text = format!(
            "{total} {} refused, so nothing was imported:",
            if total == 1 { "row is" } else { "rows are" }
        );
        for row in &self.rows {
            text.push('\n');
            text.push_str(&describe_row(row));
        }
        if self.more > 0 {
            let more = self.more;
            text.push_str(&format!(
                "\n… and {more} more {}",
                if more == 1 { "row" } else { "rows" }
            ));
        }
        text
    }
}

/// One refused row in English: `line 4, column "Hangul": text: is required`.
pub fn describe_row(row: &ImportRowProblem) -> String {
    match &row.column {
        Some(column) => format!("line {}, column \"{column}\": {}", row.line, row.message),
        None => format!("line {}: {}", row.line, row.message),
    }
}

/// The problem of the row starting on `line` that `e` refused; `column` names the column of the
/// entry field `e` is about (`meanings[2]` is about `meanings`).
pub fn row_problem(
    line: u64,
    e: &RpcError,
    column: impl Fn(&str) -> Option<String>,
) -> ImportRowProblem {
    let field = e.field.as_deref().map(entry_field);
    ImportRowProblem {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: field.and_then(&column),
        field: field.map(str::to_string),
        reason: e.reason.unwrap_or(ErrorReason::InvalidFormat),
        limit: e.limit.map(|l| u32::try_from(l).unwrap_or(u32::MAX)),
        message: e.message.clone(),
    }
}

/// The entry field a validation path is about: `meanings[2]` → `meanings`,
/// `examples[0].text` → `examples`.
fn entry_field(path: &str) -> &str {
    path.split(['[', '.']).next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(line: u32) -> ImportRowProblem {
        ImportRowProblem {
            line,
            column: Some("Hangul".into()),
            field: Some("text".into()),
            reason: ErrorReason::Required,
            limit: None,
            message: "text: is required".into(),
        }
    }

    #[test]
    fn every_row_up_to_the_cap_then_a_count() {
        let mut p = RowProblems::default();
        assert!(p.clone().check().is_ok());
        p.push(problem(4));
        assert_eq!(
            p.describe(),
            "1 row is refused, so nothing was imported:\nline 4, column \"Hangul\": text: is required"
        );
        for line in 5..(5 + IMPORT_ROW_PROBLEMS_MAX as u32 + 1) {
            p.push(problem(line));
        }
        assert_eq!(p.rows.len(), IMPORT_ROW_PROBLEMS_MAX);
        assert_eq!((p.more, p.total()), (2, IMPORT_ROW_PROBLEMS_MAX + 2));
        assert!(p
            .describe()
            .starts_with("102 rows are refused, so nothing was imported:\nline 4,"));
        assert!(p.describe().ends_with("\n… and 2 more rows"));
        assert!(matches!(p.check(), Err(Refusal::Rows(_))));
    }

    #[test]
    fn a_validation_error_names_the_entry_field_and_its_column() {
        // (validation path, reason, limit, the entry field, its column)
        type Case<'a> = (
            &'a str,
            ErrorReason,
            Option<usize>,
            &'a str,
            Option<&'a str>,
        );
        let cases: [Case; 4] = [
            ("text", ErrorReason::Required, None, "text", Some("Word")),
            (
                "meanings[3]",
                ErrorReason::TooLong,
                Some(200),
                "meanings",
                Some("English"),
            ),
            (
                "examples[0].text",
                ErrorReason::Required,
                None,
                "examples",
                None,
            ),
            (
                "audioUrl",
                ErrorReason::InvalidFormat,
                None,
                "audioUrl",
                None,
            ),
        ];
        let column = |field: &str| match field {
            "text" => Some("Word".to_string()),
            "meanings" => Some("English".to_string()),
            _ => None,
        };
        for (path, reason, limit, field, col) in cases {
            let mut e = RpcError::bad_request(format!("{path}: x"))
                .at(path)
                .because(reason);
            if let Some(l) = limit {
                e = e.limited(l);
            }
            let p = row_problem(7, &e, column);
            assert_eq!(p.field.as_deref(), Some(field), "{path}");
            assert_eq!(p.column.as_deref(), col, "{path}");
            assert_eq!(p.limit, limit.map(|l| l as u32), "{path}");
            assert_eq!((p.line, p.reason), (7, reason), "{path}");
        }
    }
}
