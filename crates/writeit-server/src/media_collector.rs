//! Media no entry references, removed in the background (docs/deploy.md "Media"): once an hour
//! each instance removes, in batches, the files whose last upload is older than the grace period
//! ([`writeit_core::limits::MEDIA_GRACE_MS`]) and that no entry's audio URL names. Safe with
//! several instances over one PostgreSQL: each batch is one write transaction, which no save
//! runs beside ([`writeit_store::Store::collect_media`]), and an upload about to be named by a
//! save in flight is younger than the grace period. Also the per-account quota the upload and
//! import routes hold uploaders to ([`MediaPolicy`]).

use std::time::Duration;

use writeit_core::limits::{MEDIA_ACCOUNT_BYTES_MAX, MEDIA_ACCOUNT_FILES_MAX, MEDIA_GRACE_MS};
use writeit_store::{MediaQuota, SharedStore};

/// Files removed per transaction: a batch holds the write lock for one scan of the entries'
/// audio URLs.
pub const BATCH: u32 = 200;
/// Batches per pass at most: bounds one pass's work; the rest waits for the next pass.
pub const BATCHES_PER_PASS: usize = 50;
/// Time between passes (the first comes one period after start).
pub const EVERY: Duration = Duration::from_secs(3600);

/// The media quota and the collector's grace period.
#[derive(Clone, Copy, Debug)]
pub struct MediaPolicy {
    pub quota: MediaQuota,
    pub grace_ms: i64,
}

impl Default for MediaPolicy {
    fn default() -> MediaPolicy {
        MediaPolicy {
            quota: MediaQuota {
                bytes: MEDIA_ACCOUNT_BYTES_MAX,
                files: MEDIA_ACCOUNT_FILES_MAX,
            },
            grace_ms: MEDIA_GRACE_MS,
        }
    }
}

/// One pass: removes unreferenced files uploaded before `now_ms - grace_ms`, batch by batch;
/// answers how many went.
pub async fn collect(
    store: &SharedStore,
    grace_ms: i64,
    now_ms: i64,
) -> writeit_store::Result<usize> {
    let mut removed = 0;
    for _ in 0..BATCHES_PER_PASS {
        let ids = store.collect_media(now_ms - grace_ms, BATCH).await?;
        removed += ids.len();
        if ids.len() < BATCH as usize {
            break;
        }
    }
    Ok(removed)
}

/// Runs [`collect`] every `every` for as long as the process lives.
pub fn start(store: SharedStore, policy: MediaPolicy, every: Duration) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            match collect(&store, policy.grace_ms, crate::clock::now_ms()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(removed = n, "removed media no entry references"),
                Err(e) => tracing::warn!(error = %e, "cannot collect unreferenced media"),
            }
        }
    });
}
