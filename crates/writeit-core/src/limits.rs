//! Explicit maximums for every string and array a caller may send. One place, so docs and tests agree.

/// Longest id (UUID text is 36; language codes are shorter).
pub const ID_MAX: usize = 64;
/// Longest language code (`ko`, `zh-hant`).
pub const LANGUAGE_CODE_MAX: usize = 16;
/// Deck title.
pub const TITLE_MAX: usize = 200;
/// Deck description.
pub const DESCRIPTION_MAX: usize = 2_000;
/// Entry ids in one deck.
pub const DECK_ENTRIES_MAX: usize = 10_000;
/// Refused rows an import lists one by one (by line, column and reason); past them it says how
/// many more there are.
pub const IMPORT_ROW_PROBLEMS_MAX: usize = 100;
/// Entry text (a word, phrase or character).
pub const ENTRY_TEXT_MAX: usize = 200;
/// Entry reading.
pub const READING_MAX: usize = 200;
/// Meanings per entry.
pub const MEANINGS_MAX: usize = 20;
/// One meaning.
pub const MEANING_MAX: usize = 200;
/// Entry notes.
pub const NOTES_MAX: usize = 5_000;
/// Examples per entry.
pub const EXAMPLES_MAX: usize = 20;
/// One example's text or translation.
pub const EXAMPLE_TEXT_MAX: usize = 500;
/// Audio URL.
pub const URL_MAX: usize = 2_048;
/// Strokes per character (the most complex CJK characters have under 64).
pub const STROKES_MAX: usize = 64;
/// A character's matcher leniency, least and most.
pub const LENIENCY_MIN: f64 = 0.25;
/// See [`LENIENCY_MIN`].
pub const LENIENCY_MAX: f64 = 4.0;
/// Alternative stroke orders a character may list.
pub const ALTERNATIVE_ORDERS_MAX: usize = 8;
/// One stroke's SVG path.
pub const STROKE_PATH_MAX: usize = 10_000;
/// Points in one stroke median.
pub const MEDIAN_POINTS_MAX: usize = 256;
/// Side of the stroke box; coordinates lie in 0..=BOX.
pub const STROKE_BOX: i32 = 1024;
/// A character's or a deck's source and licence note.
pub const SOURCE_MAX: usize = 500;
/// New cards per day a user deck may ask for.
pub const NEW_PER_DAY_MAX: u32 = 9_999;
/// Lowest and highest desired retention.
pub const RETENTION_MIN: f64 = 0.70;
/// Highest desired retention.
pub const RETENTION_MAX: f64 = 0.99;
/// Longest duration a review may report (a day).
pub const REVIEW_DURATION_MAX_MS: i64 = 86_400_000;
/// Earliest accepted review time (2000-01-01T00:00:00Z): older clocks are broken clocks.
pub const REVIEWED_AT_MIN: i64 = 946_684_800_000;
/// Answers in one test (issue 35: a test is at most a deck's worth of questions at a sitting).
pub const TEST_ANSWERS_MAX: usize = 100;
/// A test answer's prompt, given answer or expected answer. A test at every limit is at most
/// about 1.9 MB of JSON (every character a 6-byte escape; 4-byte characters: 1.2 MB), under
/// [`BODY_BYTES_MAX`]: a valid test always fits one request.
pub const TEST_TEXT_MAX: usize = 1_000;
/// Earliest client-clock time a test may carry (2000-01-01T00:00:00Z), as for reviews.
pub const TEST_TIME_MIN: i64 = REVIEWED_AT_MIN;
/// Latest client-clock time a test may carry (2200-01-01T00:00:00Z): an absolute bound, not one
/// relative to the server's clock, so no device clock loses a test.
pub const TEST_TIME_MAX: i64 = 7_258_118_400_000;
/// Rows per page when a query names no limit.
pub const PAGE_DEFAULT: u32 = 1_000;
/// Most rows one page may ask for.
pub const PAGE_MAX: u32 = 5_000;
/// Languages one sync page may ask for.
pub const PAGE_LANGUAGES_MAX: usize = 64;
/// Operations in one batched request.
pub const BATCH_MAX: usize = 32;
/// Longest request URL (path and query) in bytes.
pub const URL_BYTES_MAX: usize = 16 * 1024;
/// Largest request body in bytes.
pub const BODY_BYTES_MAX: usize = 2 * 1024 * 1024;
/// Most bytes of media (recordings, package audio) one account may have uploaded and not yet
/// collected; past it an upload or import is refused with 413 naming the limit.
pub const MEDIA_ACCOUNT_BYTES_MAX: u64 = 512 * 1024 * 1024;
/// Most media files one account may have uploaded and not yet collected.
pub const MEDIA_ACCOUNT_FILES_MAX: u64 = 20_000;
/// How long an uploaded media file no entry references is kept (it may be about to be
/// referenced by a save in flight) before the collector removes it: 24 h after its last upload.
pub const MEDIA_GRACE_MS: i64 = 24 * 3600 * 1000;
