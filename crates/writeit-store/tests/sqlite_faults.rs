//! Fault injection on SQLite: a full disk must not make later saves lie. A save the store
//! acknowledges must be committed: readable by another connection at once, and after reopening.
//!
//! Two ways to fill the disk: `PRAGMA max_page_count` (statements fail with SQLITE_FULL), and
//! RLIMIT_FSIZE, which makes the WAL's writes fail at COMMIT as on a real full disk. The file size
//! limit holds for a whole process, so that story runs in a child: this test binary run again.

mod common;

use std::sync::Arc;

use common::*;
use sqlx::{Connection, SqliteConnection};
use writeit_core::entity::Entry;
use writeit_store::sqlite::SqliteStore;
use writeit_store::SharedStore;

/// An entry big enough that a few of them need a new page.
fn big_entry(i: usize) -> Entry {
    EntryAdder::new("ko")
        .text(&format!("{i} {}", "물".repeat(60)))
        .build()
}

/// Whether `id` is in the committed database, seen from a connection of its own.
async fn committed(path: &str, id: &str) -> bool {
    let mut conn = SqliteConnection::connect(&format!("sqlite:{path}"))
        .await
        .expect("open a second connection");
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM entries WHERE id = ?")
        .bind(id)
        .fetch_one(&mut conn)
        .await
        .expect("count");
    conn.close().await.ok();
    n == 1
}

/// How the disk fills up.
#[derive(Clone, Copy)]
enum Fault {
    /// `PRAGMA max_page_count` on the writer.
    Pages,
    /// RLIMIT_FSIZE on this process (only in a child process).
    FileSize,
}

/// Saves on a full disk, then after space is freed, with refused saves in between; every
/// acknowledged save must be committed, at once and after reopening.
async fn story(fault: Fault) {
    let file = std::env::temp_dir().join(format!("writeit-faults-{}.db", new_id()));
    let path = file.display().to_string();
    let sqlite = Arc::new(SqliteStore::open(&path).await.expect("open"));
    let store: SharedStore = sqlite.clone();
    seed_languages(&store).await;

    let mut acknowledged = Vec::new();
    let mut lost_at_once = 0;
    let mut failed = 0;
    match fault {
        Fault::Pages => sqlite.cap_pages(Some(2)).await.expect("cap"),
        Fault::FileSize => {
            let wal = std::fs::metadata(format!("{path}-wal")).map_or(0, |m| m.len());
            let db = std::fs::metadata(&path).map_or(0, |m| m.len());
            file_size_limit(db.max(wal) + 16 * 1024);
        }
    }
    // 40 saves on a full disk, then 40 once space is freed; a refused save (unknown language)
    // every few, as clients send them, so rollbacks of both kinds happen in either phase.
    for i in 0..80 {
        if i == 40 {
            match fault {
                Fault::Pages => sqlite.cap_pages(None).await.expect("free space"),
                Fault::FileSize => file_size_limit(libc::RLIM_INFINITY),
            }
        }
        if i % 7 == 3 {
            let refused = EntryAdder::new("xx").build();
            assert!(store.save_entries(vec![refused], &anyone).await.is_err());
        }
        match store.save_entries(vec![big_entry(i)], &anyone).await {
            Ok(saved) => {
                if !committed(&path, &saved[0].id).await {
                    lost_at_once += 1;
                }
                acknowledged.push(saved[0].id.clone());
            }
            Err(_) => failed += 1,
        }
    }
    assert!(failed >= 2, "the full disk failed {failed} saves");
    assert!(
        acknowledged.len() >= 30,
        "only {} saves went through once space was freed",
        acknowledged.len()
    );
    drop(store);
    drop(sqlite);

    let reopened = SqliteStore::open(&path).await.expect("reopen");
    drop(reopened);
    let mut lost_after_reopen = 0;
    for id in &acknowledged {
        if !committed(&path, id).await {
            lost_after_reopen += 1;
        }
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
    println!(
        "{} acknowledged, {failed} failed, not committed: {lost_at_once} at once, \
         {lost_after_reopen} after reopening",
        acknowledged.len()
    );
    assert_eq!(
        (lost_at_once, lost_after_reopen),
        (0, 0),
        "acknowledged saves not committed (at once, after reopening)"
    );
}

/// Sets this process's RLIMIT_FSIZE soft limit (writes past it fail with EFBIG, not SIGXFSZ).
fn file_size_limit(bytes: u64) {
    // SAFETY: plain libc calls with valid arguments.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        limit.rlim_cur = bytes.min(limit.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_full_disk_loses_no_acknowledged_save() {
    story(Fault::Pages).await;
}

/// Set in the child that runs [`file_size_limit_child`].
const CHILD: &str = "WRITEIT_FAULTS_CHILD";

#[test]
fn sqlite_file_size_limit_loses_no_acknowledged_save() {
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", "file_size_limit_child", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The RLIMIT_FSIZE story; does nothing unless run as the child.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn file_size_limit_child() {
    if std::env::var_os(CHILD).is_some() {
        story(Fault::FileSize).await;
    }
}
