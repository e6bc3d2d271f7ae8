//! A full disk, told as such (docs/deploy.md "A full disk"): the free space of the data folder,
//! logged at start and whenever a write fails for lack of space, and what `/healthz` reports
//! while the disk stays full. A write that failed for lack of space answers 503 with
//! `Retry-After` and its own message ([`crate::error`]), not a bare 500.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::OnceLock;

/// Below this much free space in the data folder the server reports its disk full: a SQLite write
/// needs room for its WAL pages, and a disk this full fails most of them.
pub const FREE_BYTES_MIN: u64 = 1024 * 1024;

/// How long a write that failed for lack of space keeps `/healthz` reporting a full disk when
/// the database's files are not on this machine (PostgreSQL), whose free space it cannot see.
pub const REPORTED_SECS: i64 = 60;

/// The message a write refused for lack of space answers, and `/healthz` reports.
pub const FULL: &str = "the server's disk is full";

/// When a write last failed for lack of space (ms since the epoch; 0: never). Per process, as
/// the disk is per machine.
static LAST_FULL_MS: AtomicI64 = AtomicI64::new(0);

/// The data folder named at start ([`log_free_space`]), for the log line of a failed write.
static DATA_FOLDER: OnceLock<PathBuf> = OnceLock::new();

/// Bytes an unprivileged process may still write under `folder`; `None` when unknown.
pub fn free_bytes(folder: &Path) -> Option<u64> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
        let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: a NUL-terminated path and a statvfs the call fills.
        if unsafe { libc::statvfs(path.as_ptr(), &mut stat) } != 0 {
            return None;
        }
        Some(stat.f_bavail as u64 * stat.f_frsize as u64)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        let _ = folder;
        None
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// Logs the free space of `folder` (the data folder) and of the temporary folder imports use;
/// remembers `folder` for [`note_full`]'s log line.
pub fn log_free_space(folder: &Path) {
    let _ = DATA_FOLDER.set(folder.to_path_buf());
    for (what, path) in [
        ("data", folder.to_path_buf()),
        ("temp", std::env::temp_dir()),
    ] {
        match free_bytes(&path) {
            Some(free) if free < FREE_BYTES_MIN => {
                tracing::error!(folder = %path.display(), free = %mib(free), "{what} folder: {FULL}")
            }
            Some(free) => {
                tracing::info!(folder = %path.display(), free = %mib(free), "{what} folder: free space")
            }
            None => tracing::warn!(folder = %path.display(), "{what} folder: free space unknown"),
        }
    }
}

/// A write failed for lack of space: remembered for `/healthz`, and logged with the free space.
pub fn note_full() {
    LAST_FULL_MS.store(crate::clock::now_ms(), Ordering::Relaxed);
    let folder = DATA_FOLDER
        .get()
        .cloned()
        .unwrap_or_else(std::env::temp_dir);
    let free = free_bytes(&folder)
        .map(mib)
        .unwrap_or_else(|| "unknown".into());
    tracing::error!(folder = %folder.display(), %free, "a write failed: {FULL}");
}

/// Whether an I/O error is the disk's being full (ENOSPC, or a quota: EDQUOT).
pub fn is_full(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::StorageFull || e.raw_os_error() == Some(122)
}

/// What `/healthz` says of the disk: `Some(reason)` while it is full. With a local data folder
/// (SQLite), its free space decides, so the report ends as soon as space returns; otherwise a
/// write that failed for lack of space in the last [`REPORTED_SECS`].
pub fn full_reason(folder: Option<&Path>) -> Option<String> {
    match folder.and_then(|f| free_bytes(f).map(|free| (f, free))) {
        Some((folder, free)) if free < FREE_BYTES_MIN => Some(format!(
            "{FULL}: {} free in {}",
            mib(free),
            folder.display()
        )),
        Some(_) => None,
        None => {
            let last = LAST_FULL_MS.load(Ordering::Relaxed);
            (last > 0 && crate::clock::now_ms() - last < REPORTED_SECS * 1000)
                .then(|| format!("{FULL}: a write failed for lack of space"))
        }
    }
}
