//! The sync queries: the clock, and pages of each table (DESIGN §3–4).

use writeit_core::paging::PageInput;
use writeit_core::RpcError;
use writeit_store::Store;

use super::{json, store_error};

/// `getServerTime`: the committed sync clock.
pub async fn server_time(store: &dyn Store) -> Result<String, RpcError> {
    json(&store.server_time().await.map_err(store_error)?)
}

macro_rules! page {
    ($name:ident, $method:ident) => {
        /// A page of the public table.
        pub async fn $name(store: &dyn Store, page: PageInput) -> Result<String, RpcError> {
            json(&store.$method(&page).await.map_err(store_error)?)
        }
    };
    ($name:ident, $method:ident, user) => {
        /// A page of the caller's own rows.
        pub async fn $name(
            store: &dyn Store,
            user: &str,
            page: PageInput,
        ) -> Result<String, RpcError> {
            json(&store.$method(user, &page).await.map_err(store_error)?)
        }
    };
}

page!(languages, query_languages);
page!(decks, query_decks);
page!(entries, query_entries);
page!(characters, query_characters);
page!(user_entries, query_user_entries, user);
page!(user_decks, query_user_decks, user);
page!(user_cards, query_user_cards, user);
page!(user_reviews, query_user_reviews, user);
