//! The committed sync clock as one request sees it: read from the store at the first call that
//! needs it, then the same for every later call of the request.

use writeit_core::RpcError;
use writeit_store::Store;

use crate::error::store_error;

/// The sync clock of one request.
pub struct SyncClock<'a> {
    store: &'a dyn Store,
    read: tokio::sync::OnceCell<i64>,
}

impl<'a> SyncClock<'a> {
    /// A clock not read yet.
    pub fn new(store: &'a dyn Store) -> Self {
        SyncClock {
            store,
            read: tokio::sync::OnceCell::new(),
        }
    }

    /// The committed sync clock, read at the first call that needs it. Every call of the request
    /// runs after that read, so answering `getServerTime` with it, and answering `[]` to a query
    /// whose offset is not below it, keeps the sync invariant (docs/sync.md): a row committed
    /// later carries a larger stamp and is fetched by the next sync.
    pub async fn get(&self) -> Result<i64, RpcError> {
        self.read
            .get_or_try_init(|| async { self.store.server_time().await.map_err(store_error) })
            .await
            .copied()
    }
}
