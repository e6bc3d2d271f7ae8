//! CSV and TSV files: delimiter detection, the preview, and a streaming reader that turns records
//! into entries one at a time (the file is never held whole; the entries are, for the one
//! transaction that saves them).

use std::io::Read;

use writeit_core::entity::Entry;
use writeit_core::RpcError;

use super::bounds::{Lines, Stop};
use super::cell::unescape_cell;
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

/// A read failure as the user sees it: which row and line, and what is wrong.
fn read_error(e: csv::Error, row: usize) -> RpcError {
    let line = e.position().map(|p| p.line()).unwrap_or_default();
    let detail = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => "is not valid UTF-8 (save the file as UTF-8)".to_string(),
        csv::ErrorKind::Io(io) => format!("could not be read: {io}"),
        _ => e.to_string(),
    };
    RpcError::bad_request(format!("row {row} (line {line}) {detail}"))
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
    let records = reader(bytes, delimiter).into_records();
    let mut headers = Vec::new();
    let mut rows = Vec::new();
    let mut total = 0usize;
    let mut first = true;
    for record in records {
        stop.check()?;
        let record = record.map_err(|e| read_error(e, total + 1))?;
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

/// Reads every record of `input` into a new entry of `language`, calling `progress` with the
/// number of rows read every [`PROGRESS_EVERY`] rows. Stops at the first bad record or row.
pub fn read_entries<R: Read>(
    input: R,
    delimiter: u8,
    has_header: bool,
    mapping: &Mapping,
    language: &str,
    progress: &mut dyn FnMut(usize),
    stop: &Stop,
) -> Result<Vec<Entry>, RpcError> {
    let mut csv = reader(input, delimiter);
    let mut record = csv::StringRecord::new();
    let mut columns = None;
    let mut entries = Vec::new();
    let mut row = 0usize;
    let mut next_report = PROGRESS_EVERY;
    loop {
        match csv.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(stop.reason(read_error(e, row + 1))),
        }
        let cols = match columns {
            Some(c) => c,
            None => {
                let c = mapping.resolve(&headers_of(&record, has_header), "the header row")?;
                columns = Some(c);
                if has_header {
                    continue;
                }
                c
            }
        };
        row += 1;
        let values = unescape(RowValues::pick(&record.iter().collect::<Vec<_>>(), &cols));
        if values.is_blank() {
            continue;
        }
        if entries.len() == ROWS_MAX {
            return Err(too_many_rows());
        }
        entries.push(values.into_entry(language, &format!("row {row}"))?);
        if row == next_report {
            next_report += PROGRESS_EVERY;
            progress(row);
        }
    }
    if columns.is_none() {
        return Err(RpcError::bad_request("The file is empty"));
    }
    progress(row);
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::super::bounds::LINE_BYTES_MAX;
    use super::*;

    fn go() -> Stop {
        Stop::new(tokio_util::sync::CancellationToken::new())
    }

    #[test]
    fn a_line_past_the_limit_is_refused_by_row() {
        let mut file = b"text,meanings\nok,fine\n".to_vec();
        file.extend(std::iter::repeat_n(b',', LINE_BYTES_MAX + 1));
        let m = Mapping::parse(r#"{"text":0}"#).unwrap();
        let e = read_entries(&file[..], b',', true, &m, "ko", &mut |_| {}, &go()).unwrap_err();
        assert!(
            e.message.contains("row 2") && e.message.contains("longer than"),
            "{}",
            e.message
        );
        let e = preview(&file, Format::Csv, true, &go()).unwrap_err();
        assert!(e.message.contains("longer than"), "{}", e.message);
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
        let entries = read_entries(
            file.as_bytes(),
            b',',
            true,
            &p.suggested,
            "ko",
            &mut |n| seen.push(n),
            &go(),
        )
        .unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].meanings, ["dog", "hound"]);
        assert_eq!(entries[0].notes, "multi\nline");
        assert_eq!(seen, [3]);
    }

    #[test]
    fn a_bad_row_or_bad_bytes_are_named() {
        let m = Mapping::parse(r#"{"text":0}"#).unwrap();
        let e = read_entries(
            &b"t\nok\n\"\"\n"[..],
            b',',
            true,
            &m,
            "ko",
            &mut |_| {},
            &go(),
        );
        // Row 2 is `""`: an empty text, but also a blank row, so it is skipped.
        assert_eq!(e.unwrap().len(), 1);
        let m = Mapping::parse(r#"{"text":0,"reading":1}"#).unwrap();
        let e = read_entries(
            &b"t,r\nok,x\n,reading only\n"[..],
            b',',
            true,
            &m,
            "ko",
            &mut |_| {},
            &go(),
        )
        .unwrap_err();
        assert_eq!(e.message, "row 2: text: is required");
        let m = Mapping::parse(r#"{"text":0}"#).unwrap();
        let e = read_entries(
            &b"t\nok\n\xff\xfe\n"[..],
            b',',
            true,
            &m,
            "ko",
            &mut |_| {},
            &go(),
        )
        .unwrap_err();
        assert!(e.message.contains("UTF-8"), "{}", e.message);
    }
}
