//! CSV and TSV files: delimiter detection, the preview, and a streaming reader that turns records
//! into entries one at a time (the file is never held whole; the entries are, for the one
//! transaction that saves them), naming every refused row by the line it starts on.

use std::io::Read;

use writeit_core::entity::Entry;
use writeit_core::import::ImportRowProblem;
use writeit_core::{ErrorReason, RpcError};

use super::bounds::{Lines, Stop};
use super::cell::unescape_cell;
use super::problems::{row_problem, Refusal, RowProblems};
use super::{
    too_many_rows, Format, Mapping, Preview, RowValues, PREVIEW_ROWS, PROGRESS_EVERY, ROWS_MAX,
};

/// The delimiter of `format`: tab for TSV; for CSV the one of `,` `;` `\t` found most often
/// (outside quotes) in the first line, `,` when none is.
pub fn delimiter(format: Format, first_line: &[u8]) -> u8 {
    if format == Format::Tsv {
        return b'\t';
    }
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for &b in first_line {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    if counts[best] == 0 {
        b','
    } else {
        [b',', b';', b'\t'][best]
    }
}

/// The first line of `bytes` (up to 64 KiB), for [`delimiter`].
pub fn first_line(bytes: &[u8]) -> &[u8] {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    match head.iter().position(|&b| b == b'\n') {
        Some(i) => &head[..i],
        None => head,
    }
}

/// A CSV reader over `input` whose lines are at most [`LINE_BYTES_MAX`] long.
fn reader<R: Read>(input: R, delimiter: u8) -> csv::Reader<Lines<R>> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        // Tab-separated files (spreadsheets, IANA's text/tab-separated-values) do not quote.
        .quoting(delimiter != b'\t')
        .from_reader(Lines::new(input))
}

/// Why a row's bytes cannot be read as text.
const NOT_UTF8: &str = "is not valid UTF-8 (save the file as UTF-8)";

/// A read failure that ends the reading, as the user sees it: the line (`at`, unless the error
/// knows its own) and what is wrong.
fn read_error(e: csv::Error, at: u64) -> RpcError {
    let line = e.position().map_or(at, |p| p.line());
    let detail = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => NOT_UTF8.to_string(),
        csv::ErrorKind::Io(io) => format!("could not be read: {io}"),
        _ => e.to_string(),
    };
    RpcError::bad_request(format!("line {line}: {detail}"))
}

fn headers_of(record: &csv::StringRecord, has_header: bool) -> Vec<String> {
    if has_header {
        record
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_string())
            .collect()
    } else {
        (1..=record.len()).map(|i| format!("Column {i}")).collect()
    }
}

/// The cells as they were before the export escaped formulas ([`unescape_cell`]), after
/// [`RowValues::pick`] trimmed them (the escape keeps a leading tab from being trimmed away).
fn unescape(v: RowValues) -> RowValues {
    let un = |c: String| match unescape_cell(&c) {
        u if u.len() == c.len() => c,
        u => u.to_string(),
    };
    RowValues {
        text: un(v.text),
        reading: un(v.reading),
        meanings: un(v.meanings),
        notes: un(v.notes),
        examples: un(v.examples),
        audio_url: un(v.audio_url),
    }
}

/// The preview of a whole CSV/TSV file held in memory.
pub fn preview(
    bytes: &[u8],
    format: Format,
    has_header: bool,
    stop: &Stop,
) -> Result<Preview, RpcError> {
    let delimiter = delimiter(format, first_line(bytes));
    let mut csv = reader(bytes, delimiter);
    let mut record = csv::StringRecord::new();
    let mut headers = Vec::new();
    let mut rows = Vec::new();
    let mut total = 0usize;
    let mut first = true;
    loop {
        stop.check()?;
        match csv.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let at = csv.position().line();
                return Err(read_error(e, at));
            }
        }
        if first {
            first = false;
            headers = headers_of(&record, has_header);
            if has_header {
                continue;
            }
        }
        total += 1;
        if rows.len() < PREVIEW_ROWS {
            rows.push(
                record
                    .iter()
                    .map(|c| unescape_cell(c).to_string())
                    .collect(),
            );
        }
    }
    let mut warnings = Vec::new();
    if total > ROWS_MAX {
        warnings.push(too_many_rows().message);
    }
    if headers.is_empty() {
        return Err(RpcError::bad_request("The file is empty"));
    }
    Ok(Preview {
        format,
        delimiter: Some(char::from(delimiter).to_string()),
        suggested: Mapping::suggest(&headers, false),
        headers,
        rows,
        total_rows: total,
        note_types: Vec::new(),
        warnings,
    })
}

/// The entries of a file's rows, and the blank rows skipped.
#[derive(Debug)]
pub struct Rows {
    pub entries: Vec<Entry>,
    pub skipped: usize,
}

/// Reads every record of `input` into a new entry of `language`, calling `progress` with the
/// number of rows read every [`PROGRESS_EVERY`] rows. A row that makes no valid entry (or whose
/// bytes are not UTF-8) is refused and the reading goes on, so every refused row is named; a
/// record that cannot be read at all ends it.
pub fn read_entries<R: Read>(
    input: R,
    delimiter: u8,
    has_header: bool,
    mapping: &Mapping,
    language: &str,
    progress: &mut dyn FnMut(usize),
    stop: &Stop,
) -> Result<Rows, Refusal> {
    let mut csv = reader(input, delimiter);
    let mut record = csv::StringRecord::new();
    // The columns the mapping names, and every column's name, from the first record.
    let mut header: Option<(super::Columns, Vec<String>)> = None;
    let mut entries = Vec::new();
    let mut problems = RowProblems::default();
    let (mut row, mut skipped) = (0usize, 0usize);
    let mut next_report = PROGRESS_EVERY;
    loop {
        match csv.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => match (e.kind(), &header) {
                (csv::ErrorKind::Utf8 { pos, err }, Some((_, names))) => {
                    row += 1;
                    problems.push(ImportRowProblem {
                        line: pos
                            .as_ref()
                            .map_or(0, |p| p.line())
                            .try_into()
                            .unwrap_or(u32::MAX),
                        column: names.get(err.field()).cloned(),
                        // Bytes, not a value of any entry field.
                        field: None,
                        reason: ErrorReason::InvalidFormat,
                        limit: None,
                        message: NOT_UTF8.to_string(),
                    });
                    continue;
                }
                _ => {
                    let at = csv.position().line();
                    return Err(stop.reason(read_error(e, at)).into());
                }
            },
        }
        let (columns, names) = match &header {
            Some(h) => h,
            None => {
                let names = headers_of(&record, has_header);
                let columns = mapping.resolve(&names, "the header row")?;
                let h = header.insert((columns, names));
                if has_header {
                    continue;
                }
                h
            }
        };
        row += 1;
        let line = record.position().map_or(0, |p| p.line());
        let values = unescape(RowValues::pick(&record.iter().collect::<Vec<_>>(), columns));
        if values.is_blank() {
            skipped += 1;
            continue;
        }
        if entries.len() + problems.total() == ROWS_MAX {
            return Err(too_many_rows().into());
        }
        match values.entry(language) {
            Ok(entry) => entries.push(entry),
            Err(e) => problems.push(row_problem(line, &e, |field| {
                columns.of(field).and_then(|i| names.get(i).cloned())
            })),
        }
        if row == next_report {
            next_report += PROGRESS_EVERY;
            progress(row);
        }
    }
    if header.is_none() {
        return Err(RpcError::bad_request("The file is empty").into());
    }
    problems.check()?;
    progress(row);
    Ok(Rows { entries, skipped })
}

#[cfg(test)]
mod tests {
    use super::super::bounds::LINE_BYTES_MAX;
    use super::*;

    fn go() -> Stop {
        Stop::new(tokio_util::sync::CancellationToken::new())
    }

    fn read(file: &[u8], mapping: &str, has_header: bool) -> Result<Rows, Refusal> {
        let m = Mapping::parse(mapping).unwrap();
        read_entries(file, b',', has_header, &m, "ko", &mut |_| {}, &go())
    }

    /// The refused rows of `file`, as `line column field reason`, or the error that ended it.
    fn refused(file: &str, mapping: &str, has_header: bool) -> Vec<String> {
        match read(file.as_bytes(), mapping, has_header) {
            Ok(rows) => panic!("{file:?}: read {} entries", rows.entries.len()),
            Err(Refusal::Error(e)) => vec![e.message],
            Err(Refusal::Rows(p)) => p
                .rows
                .iter()
                .map(|r| {
                    format!(
                        "{} {} {} {}{}",
                        r.line,
                        r.column.as_deref().unwrap_or("-"),
                        r.field.as_deref().unwrap_or("-"),
                        r.reason.as_str(),
                        r.limit.map(|l| format!(" {l}")).unwrap_or_default()
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn every_refused_row_is_named_by_its_line_and_column() {
        let long = "x".repeat(201);
        let mapping = r#"{"text":0,"reading":1,"meanings":2}"#;
        // (file, with a header, the refused rows: line, column, field, reason and limit)
        let cases: Vec<(String, bool, Vec<&str>)> = vec![
            // The header is line 1: the first data row is line 2.
            (
                "Hangul,Roman,English\n,gae,dog\n".into(),
                true,
                vec!["2 Hangul text required"],
            ),
            // Every bad row, not only the first; good and blank rows between them.
            (
                format!("Hangul,Roman,English\n개,gae,dog\n,x,y\n\n,,\n{long},a,b\n,z,w\n"),
                true,
                vec![
                    "3 Hangul text required",
                    "6 Hangul text tooLong 200",
                    "7 Hangul text required",
                ],
            ),
            // A quoted cell's line breaks count: the row after it starts two lines later.
            (
                "Hangul,Roman,English\n개,\"g\na\ne\",dog\n,x,y\n".into(),
                true,
                vec!["5 Hangul text required"],
            ),
            (
                "Hangul,Roman,English\r\n\"개\r\n\",gae,\"a\r\nb\"\r\n\"\",\"x\",\"y\"\r\n".into(),
                true,
                vec!["4 Hangul text required"],
            ),
            // The column the field comes from, by its header.
            (
                format!("Hangul,Roman,English\n개,gae,{}\n", ["m"; 21].join(";")),
                true,
                vec!["2 English meanings tooMany 20"],
            ),
            (
                format!("Hangul,Roman,English\n개,gae,ok;{long}\n"),
                true,
                vec!["2 English meanings tooLong 200"],
            ),
            // No header: columns are numbered, and line 1 is a row.
            (
                ",a,b\n개,gae,dog\n".into(),
                false,
                vec!["1 Column 1 text required"],
            ),
        ];
        for (file, has_header, want) in cases {
            assert_eq!(refused(&file, mapping, has_header), want, "{file:?}");
        }
    }

    #[test]
    fn refused_rows_past_the_cap_are_counted() {
        let mut file = "text,meanings\n".to_string();
        for _ in 0..(writeit_core::limits::IMPORT_ROW_PROBLEMS_MAX + 5) {
            file.push_str(",orphan\n");
        }
        let Err(Refusal::Rows(p)) = read(file.as_bytes(), r#"{"text":0,"meanings":1}"#, true)
        else {
            panic!("not refused by rows");
        };
        assert_eq!(p.rows.len(), writeit_core::limits::IMPORT_ROW_PROBLEMS_MAX);
        assert_eq!(p.more, 5);
        assert_eq!(p.rows.last().unwrap().line, 101);
    }

    #[test]
    fn bytes_that_are_not_utf8_refuse_their_row_and_the_reading_goes_on() {
        let file = b"t,m\nok,fine\n\xff\xfe,x\nok2,\xff\n,gone\n";
        let Err(Refusal::Rows(p)) = read(file, r#"{"text":0,"meanings":1}"#, true) else {
            panic!("not refused by rows");
        };
        let got: Vec<_> = p
            .rows
            .iter()
            .map(|r| (r.line, r.column.clone(), r.field.clone(), r.message.clone()))
            .collect();
        let utf8 = NOT_UTF8.to_string();
        assert_eq!(
            got,
            [
                (3, Some("t".into()), None, utf8.clone()),
                (4, Some("m".into()), None, utf8),
                (
                    5,
                    Some("t".into()),
                    Some("text".into()),
                    "text: is required".into()
                ),
            ]
        );
        // A header that is not UTF-8 ends the reading.
        let Err(Refusal::Error(e)) = read(b"\xff\n", r#"{"text":0}"#, true) else {
            panic!("a bad header is not one error");
        };
        assert_eq!(e.message, format!("line 1: {NOT_UTF8}"));
    }

    #[test]
    fn a_line_past_the_limit_is_refused_by_line() {
        let mut file = b"text,meanings\nok,fine\n".to_vec();
        file.extend(std::iter::repeat_n(b',', LINE_BYTES_MAX + 1));
        let Err(Refusal::Error(e)) = read(&file, r#"{"text":0}"#, true) else {
            panic!("not one error");
        };
        assert!(
            e.message.starts_with("line 3: ") && e.message.contains("longer than"),
            "{}",
            e.message
        );
        let e = preview(&file, Format::Csv, true, &go()).unwrap_err();
        assert!(e.message.starts_with("line 3: "), "{}", e.message);
    }

    #[test]
    fn detects_the_delimiter_outside_quotes() {
        assert_eq!(delimiter(Format::Csv, b"a,b,c"), b',');
        assert_eq!(delimiter(Format::Csv, b"a;b;\"c,d,e,f\""), b';');
        assert_eq!(delimiter(Format::Csv, b"a\tb"), b'\t');
        assert_eq!(delimiter(Format::Csv, b"single"), b',');
        assert_eq!(delimiter(Format::Tsv, b"a,b"), b'\t');
    }

    #[test]
    fn previews_and_reads_with_quotes_and_blank_rows() {
        let file = "\u{feff}Word,Meaning,Notes\n개,dog;hound,\"multi\nline\"\n,,\n고양이,cat,\n";
        let p = preview(file.as_bytes(), Format::Csv, true, &go()).unwrap();
        assert_eq!(p.headers, ["Word", "Meaning", "Notes"]);
        assert_eq!(p.total_rows, 3);
        assert_eq!(p.rows[0][2], "multi\nline");
        let mut seen = Vec::new();
        let rows = read_entries(
            file.as_bytes(),
            b',',
            true,
            &p.suggested,
            "ko",
            &mut |n| seen.push(n),
            &go(),
        )
        .unwrap();
        assert_eq!((rows.entries.len(), rows.skipped), (2, 1));
        assert_eq!(rows.entries[0].meanings, ["dog", "hound"]);
        assert_eq!(rows.entries[0].notes, "multi\nline");
        assert_eq!(seen, [3]);
        // `""` is an empty text, but also a blank row: skipped.
        let rows = read(b"t\nok\n\"\"\n", r#"{"text":0}"#, true).unwrap();
        assert_eq!((rows.entries.len(), rows.skipped), (1, 1));
    }
}
