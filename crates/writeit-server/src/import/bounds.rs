//! What bounds the work on a file a user hands the server (docs/import.md "Limits"): a [`Stop`],
//! checked by every stage that reads the file (unzipping, SQLite, CSV records, package media),
//! ends the work at a deadline or as soon as the client goes away; [`Checked`] applies it to any
//! reader, so a stage that only copies bytes stops too.

use std::io::Read;
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;
use writeit_core::RpcError;

/// How long reading an uploaded file may take once it has arrived (unzipping, the Anki
/// collection, package media, CSV records). A real 10,000-note package takes well under a second;
/// this bounds whatever a hostile one makes the server do.
pub const WORK_SECS: u64 = 10;

/// Why work on a file stops early.
#[derive(Clone, Debug)]
pub struct Stop {
    /// Cancelled when the client goes away (or the server shuts the work down).
    pub cancelled: CancellationToken,
    deadline: Instant,
}

impl Stop {
    /// Work that ends at `cancelled` or after [`WORK_SECS`].
    pub fn new(cancelled: CancellationToken) -> Stop {
        Stop::within(cancelled, Duration::from_secs(WORK_SECS))
    }

    /// Work that ends at `cancelled` or after `time`.
    pub fn within(cancelled: CancellationToken, time: Duration) -> Stop {
        Stop {
            cancelled,
            deadline: Instant::now() + time,
        }
    }

    /// Work that ends only at `cancelled` (its pace is the upload's: CSV parsed as it arrives).
    pub fn cancel_only(cancelled: CancellationToken) -> Stop {
        Stop::within(cancelled, Duration::from_secs(24 * 3600))
    }

    /// Whether the work must end now (cheap: called from SQLite's progress handler).
    pub fn should_stop(&self) -> bool {
        self.cancelled.is_cancelled() || Instant::now() >= self.deadline
    }

    /// `Err` saying why once the work must end.
    pub fn check(&self) -> Result<(), RpcError> {
        if self.cancelled.is_cancelled() {
            Err(gone())
        } else if Instant::now() >= self.deadline {
            Err(too_slow())
        } else {
            Ok(())
        }
    }

    /// The error for work that ended because of this stop (`why` when it has not fired).
    pub fn reason(&self, why: RpcError) -> RpcError {
        self.check().err().unwrap_or(why)
    }
}

/// The client went away: nobody reads this answer, but the work and its logs say why it ended.
fn gone() -> RpcError {
    RpcError::bad_request("The upload was abandoned: the client went away")
}

fn too_slow() -> RpcError {
    RpcError::bad_request(format!(
        "Reading the file took longer than {WORK_SECS} seconds; it is refused"
    ))
}

/// A reader that fails once its [`Stop`] fires.
pub struct Checked<'a, R> {
    pub inner: R,
    pub stop: &'a Stop,
}

impl<R: Read> Read for Checked<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Err(e) = self.stop.check() {
            return Err(std::io::Error::other(e.message));
        }
        self.inner.read(buf)
    }
}

/// The longest line (bytes between two line breaks) a CSV/TSV file may have. A row of the
/// longest entry is about 100 KiB; this keeps one record's memory small whatever the file holds
/// (a 50 MiB line of commas would otherwise be 25 million fields).
pub const LINE_BYTES_MAX: usize = 1024 * 1024;

/// A reader that fails at a line longer than [`LINE_BYTES_MAX`].
pub struct Lines<R> {
    inner: R,
    run: usize,
}

impl<R> Lines<R> {
    pub fn new(inner: R) -> Lines<R> {
        Lines { inner, run: 0 }
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            self.run = if b == b'\n' { 0 } else { self.run + 1 };
            if self.run > LINE_BYTES_MAX {
                return Err(std::io::Error::other(format!(
                    "a line is longer than {} KiB",
                    LINE_BYTES_MAX / 1024
                )));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_fires_on_cancel_or_deadline() {
        let token = CancellationToken::new();
        let stop = Stop::within(token.clone(), Duration::from_secs(60));
        assert!(stop.check().is_ok());
        token.cancel();
        assert!(stop.should_stop());
        assert!(stop.check().unwrap_err().message.contains("went away"));
        let stop = Stop::within(CancellationToken::new(), Duration::ZERO);
        assert!(stop.check().unwrap_err().message.contains("longer than"));
        let mut read = Checked {
            inner: &b"abc"[..],
            stop: &stop,
        };
        assert!(read.read(&mut [0; 4]).is_err());
    }

    #[test]
    fn a_long_line_is_refused() {
        let mut ok = Lines::new(&b"a,b\nc,d\n"[..]);
        assert!(std::io::copy(&mut ok, &mut std::io::sink()).is_ok());
        let long = vec![b','; LINE_BYTES_MAX + 1];
        let e = std::io::copy(&mut Lines::new(&long[..]), &mut std::io::sink()).unwrap_err();
        assert!(e.to_string().contains("longer than"), "{e}");
    }
}
