//! The sync queries: pages of each table (DESIGN §3–4). `getServerTime` is the request's clock.
//! `locateContent` says which language a deck or entry is in, for a device that does not hold it.

use writeit_core::locate::{LocateInput, Located};
use writeit_core::paging::PageInput;
use writeit_core::RpcError;
use writeit_store::{PublicTable, Store};

use super::clock::SyncClock;
use crate::error::store_error;
use crate::rpc::envelope::json;

/// Nothing can have changed after the clock: the common empty delta costs no table query.
async fn nothing_newer(clock: &SyncClock<'_>, page: &PageInput) -> Result<bool, RpcError> {
    Ok(page.offset >= clock.get().await?)
}

macro_rules! page {
    ($name:ident, $table:ident) => {
        /// A page of the public table, passed through as the database built it.
        pub async fn $name(
            store: &dyn Store,
            clock: &SyncClock<'_>,
            page: PageInput,
        ) -> Result<String, RpcError> {
            if nothing_newer(clock, &page).await? {
                return Ok("[]".into());
            }
            store
                .page_json(PublicTable::$table, &page)
                .await
                .map_err(store_error)
        }
    };
    ($name:ident, $method:ident, user) => {
        /// A page of the caller's own rows.
        pub async fn $name(
            store: &dyn Store,
            clock: &SyncClock<'_>,
            user: &str,
            page: PageInput,
        ) -> Result<String, RpcError> {
            if nothing_newer(clock, &page).await? {
                return Ok("[]".into());
            }
            json(&store.$method(user, &page).await.map_err(store_error)?)
        }
    };
}

page!(languages, Languages);
page!(decks, Decks);
page!(entries, Entries);
page!(characters, Characters);
page!(user_entries, query_user_entries, user);
page!(user_decks, query_user_decks, user);
page!(user_cards, query_user_cards, user);
page!(user_reviews, query_user_reviews, user);
page!(user_parameters, query_user_parameters, user);
page!(user_tests, query_user_tests, user);

/// The language of a live deck or entry, `null` when there is none: public, as the rows are.
pub async fn locate(store: &dyn Store, input: LocateInput) -> Result<String, RpcError> {
    let language = store
        .language_of(input.kind, &input.id)
        .await
        .map_err(store_error)?;
    json(&language.map(|language_code| Located { language_code }))
}
