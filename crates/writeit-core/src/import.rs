//! What an import of entries answers besides its progress (docs/import.md): what it did, or every
//! row of the file it refused, each by its line. The server and the command line say them in
//! English; the client words them in the admin's language from these fields.

use serde::Serialize;
use ts_rs::TS;

use crate::error::ErrorReason;

/// A row an import refused: where it is in the file, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportRowProblem {
    /// The line of the file the row starts on, as an editor numbers it: the header is line 1, and
    /// the line breaks inside a quoted cell count.
    pub line: u32,
    /// The column's name: its header, or `Column 3` in a file without one.
    pub column: Option<String>,
    /// The entry field the column feeds (`text`, `meanings`, …); none when the row's bytes are
    /// not text (not UTF-8).
    pub field: Option<String>,
    pub reason: ErrorReason,
    /// The limit a too long or too many value passed.
    pub limit: Option<u32>,
    /// What is wrong, in English (`text: is required`).
    pub message: String,
}

/// What an import did: the deck it made or added to, and what became of the file's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportDone {
    pub deck_id: String,
    pub deck_title: String,
    /// Whether the import made the deck (else it added to an existing one).
    pub deck_created: bool,
    /// Entries the deck lists after the import.
    pub deck_entries: u32,
    /// Entries the import added to the deck's list, new ones and existing ones.
    pub added: u32,
    /// New entries made.
    pub entries: u32,
    /// Rows naming an entry the language already had (or an earlier row's): that entry is listed,
    /// and left as it was.
    pub reused: u32,
    /// Blank rows (every mapped cell empty), skipped.
    pub skipped: u32,
    /// How long the import took on the server.
    #[ts(type = "number")]
    pub ms: u64,
    /// What the admin should know: a package's sound files left out.
    pub warnings: Vec<String>,
}
