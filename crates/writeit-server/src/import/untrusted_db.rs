//! Opening an uploaded SQLite file (an Anki collection) so that nothing in it can make the server
//! work without bound: read-only and immutable, `trusted_schema=OFF`, defensive mode, low limits
//! (a value's length, SQL length, expression depth…), a progress handler that interrupts any
//! statement once the [`Stop`] fires, and only real tables read: an object the importer reads
//! that is a view, a virtual table, or has a trigger is refused by name before any query runs.
//!
//! The audit found a 560-byte package whose recursive `notes` view ran until restart and a
//! 473-byte `col` view that built a string of 1.5 GB: both are refused here, and the limits and
//! the deadline bound whatever is left (docs/import.md "Limits").

use std::path::Path;

use rusqlite::config::DbConfig;
use rusqlite::limits::Limit;
use rusqlite::{Connection, OpenFlags};
use writeit_core::RpcError;

use super::bounds::Stop;

/// The objects of a collection the importer reads (or may read): each must be a plain table.
pub const READ_TABLES: [&str; 5] = ["notes", "col", "cards", "notetypes", "fields"];

/// The longest value (string or blob) SQLite may make or read: a note's fields, `col.models`
/// (every note type's templates and CSS; large collections hold a few MiB).
pub const VALUE_BYTES_MAX: i32 = 8 * 1024 * 1024;

/// SQLite's limits while reading an uploaded file: the collection's own schema is parsed under
/// them too, so a hostile schema fails to load instead of running.
const LIMITS: [(Limit, i32); 11] = [
    (Limit::SQLITE_LIMIT_LENGTH, VALUE_BYTES_MAX),
    (Limit::SQLITE_LIMIT_SQL_LENGTH, 100_000),
    (Limit::SQLITE_LIMIT_COLUMN, 200),
    (Limit::SQLITE_LIMIT_EXPR_DEPTH, 100),
    (Limit::SQLITE_LIMIT_COMPOUND_SELECT, 10),
    (Limit::SQLITE_LIMIT_VDBE_OP, 100_000),
    (Limit::SQLITE_LIMIT_FUNCTION_ARG, 8),
    (Limit::SQLITE_LIMIT_ATTACHED, 0),
    (Limit::SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 1_000),
    (Limit::SQLITE_LIMIT_TRIGGER_DEPTH, 1),
    (Limit::SQLITE_LIMIT_WORKER_THREADS, 0),
];

/// SQLite virtual-machine steps between two looks at the [`Stop`]: few, since one step may be
/// costly (a function over a value of [`VALUE_BYTES_MAX`]); a look costs a clock read.
const PROGRESS_STEPS: i32 = 100;

/// `file` opened for reading under the bounds above; `name` names it in errors.
pub fn open(file: &Path, name: &str, stop: &Stop) -> Result<Connection, RpcError> {
    let db_error = |e: rusqlite::Error| unreadable(name, stop, e);
    // immutable: no locks, no journal or WAL files looked for or made next to it.
    let uri = format!("file:{}?immutable=1", file.display());
    let conn = Connection::open_with_flags(
        uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(db_error)?;
    for (limit, value) in LIMITS {
        conn.set_limit(limit, value);
    }
    for (setting, on) in [
        (DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true),
        (DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false),
        // Views and triggers are refused by name below; off here too, so none can run at all.
        (DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false),
        (DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false),
    ] {
        conn.set_db_config(setting, on).map_err(db_error)?;
    }
    let watched = stop.clone();
    conn.progress_handler(PROGRESS_STEPS, Some(move || watched.should_stop()));
    check_tables(&conn, name, stop)?;
    Ok(conn)
}

/// Refuses a collection whose [`READ_TABLES`] are anything but plain tables without triggers.
fn check_tables(conn: &Connection, name: &str, stop: &Stop) -> Result<(), RpcError> {
    let db_error = |e: rusqlite::Error| unreadable(name, stop, e);
    // Names compare without case, as SQLite resolves them.
    let names = READ_TABLES.map(|t| format!("'{t}'")).join(", ");
    let mut statement = conn
        .prepare(&format!(
            "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema \
             WHERE lower(name) IN ({names}) OR (type = 'trigger' AND lower(tbl_name) IN ({names}))"
        ))
        .map_err(db_error)?;
    let objects = statement
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })
        .map_err(db_error)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db_error)?;
    for (kind, object, table, sql) in objects {
        let refused = |what: &str| {
            RpcError::bad_request(format!(
                "{name} is refused: '{object}' is {what}; an Anki collection's notes, col, cards, \
                 notetypes and fields are plain tables"
            ))
        };
        match kind.as_str() {
            "trigger" => {
                return Err(RpcError::bad_request(format!(
                    "{name} is refused: table '{table}' has a trigger ('{object}'); an Anki \
                     collection's tables have none"
                )))
            }
            "table"
                if sql
                    .trim_start()
                    .to_ascii_uppercase()
                    .starts_with("CREATE VIRTUAL") =>
            {
                return Err(refused("a virtual table"))
            }
            "table" => {}
            "view" => return Err(refused("a view")),
            other => return Err(refused(&format!("a {other}"))),
        }
    }
    Ok(())
}

/// A failed read as the user sees it: the [`Stop`]'s reason when it fired (SQLite says only
/// "interrupted"), else what SQLite said, naming the file.
pub fn unreadable(name: &str, stop: &Stop, e: rusqlite::Error) -> RpcError {
    let too_big = matches!(
        &e,
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::TooBig
    );
    if too_big {
        return RpcError::bad_request(format!(
            "{name} holds a value larger than {} MiB; it is refused",
            VALUE_BYTES_MAX / (1024 * 1024)
        ));
    }
    stop.reason(RpcError::bad_request(format!(
        "{name} is not a readable Anki collection: {e}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};
    use tokio_util::sync::CancellationToken;

    fn collection(schema: &str) -> (super::super::work_dir::WorkDir, std::path::PathBuf) {
        let dir = super::super::work_dir::WorkDir::new().unwrap();
        let path = dir.0.join("c.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(schema)
            .unwrap();
        (dir, path)
    }

    #[test]
    fn only_plain_tables_are_read() {
        let refused = [
            ("CREATE VIEW notes AS SELECT 1 AS id", "'notes' is a view"),
            ("CREATE VIEW COL AS SELECT 1 AS models", "'COL' is a view"),
            (
                "CREATE TABLE notes (id); CREATE TABLE log (x); \
                 CREATE TRIGGER t AFTER INSERT ON notes BEGIN INSERT INTO log VALUES (1); END",
                "table 'notes' has a trigger ('t')",
            ),
        ];
        for (schema, said) in refused {
            let (_dir, path) = collection(schema);
            let stop = Stop::new(CancellationToken::new());
            let e = open(&path, "collection.anki2", &stop).unwrap_err();
            assert!(e.message.contains(said), "{schema}: {}", e.message);
        }
        let (_dir, path) = collection("CREATE TABLE notes (id); CREATE VIEW other AS SELECT 1");
        assert!(open(&path, "c", &Stop::new(CancellationToken::new())).is_ok());
    }

    #[test]
    fn a_running_statement_stops_at_the_deadline_and_on_cancel() {
        let (_dir, path) = collection("CREATE TABLE notes (id)");
        let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) \
                       SELECT count(*) FROM r";
        let stop = Stop::within(CancellationToken::new(), Duration::from_millis(200));
        let conn = open(&path, "c", &stop).unwrap();
        let started = Instant::now();
        let e = conn
            .query_row(endless, [], |r| r.get::<_, i64>(0))
            .unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2));
        assert!(unreadable("c", &stop, e).message.contains("longer than"));

        let token = CancellationToken::new();
        let stop = Stop::new(token.clone());
        let conn = open(&path, "c", &stop).unwrap();
        let cancel = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            token.cancel();
        });
        let e = conn
            .query_row(endless, [], |r| r.get::<_, i64>(0))
            .unwrap_err();
        cancel.join().unwrap();
        assert!(unreadable("c", &stop, e).message.contains("went away"));
    }

    #[test]
    fn a_value_past_the_length_limit_is_refused() {
        let (_dir, path) = collection("CREATE TABLE notes (id)");
        let conn = open(&path, "c", &Stop::new(CancellationToken::new())).unwrap();
        let e = conn
            .query_row(
                "SELECT length(zeroblob(?1))",
                [VALUE_BYTES_MAX as i64 + 1],
                |r| r.get::<_, i64>(0),
            )
            .unwrap_err();
        let stop = Stop::new(CancellationToken::new());
        assert!(unreadable("c", &stop, e)
            .message
            .contains("larger than 8 MiB"));
    }
}
