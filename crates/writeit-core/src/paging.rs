//! The paging input every sync query takes: rows changed after `offset`, resumed after a cursor.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::limits;
use crate::validate::{self, Checked, Validate};

/// Where the previous page ended: its last row's (updatedAt, id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Cursor {
    #[ts(type = "number")]
    pub updated_at: i64,
    pub id: String,
}

/// Input of every `query*` procedure: rows with `updatedAt > offset`, ordered by (updatedAt, id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageInput {
    /// The last sync time (a server timestamp, ms); 0 for everything.
    #[ts(type = "number")]
    pub offset: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub after: Option<Cursor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub limit: Option<u32>,
}

impl PageInput {
    /// The page size to use.
    pub fn limit(&self) -> u32 {
        self.limit.unwrap_or(limits::PAGE_DEFAULT)
    }
    /// The (updatedAt, id) rows must sort after: the cursor, or the offset for the first page.
    pub fn start(&self) -> (i64, &str) {
        match &self.after {
            Some(c) if c.updated_at >= self.offset => (c.updated_at, c.id.as_str()),
            // Stores also require updatedAt > offset, so (offset, "") starts the first page.
            _ => (self.offset, ""),
        }
    }
}

impl Validate for PageInput {
    fn validate(&self) -> Checked {
        validate::range_i64("offset", self.offset, 0, i64::MAX / 2)?;
        if let Some(limit) = self.limit {
            validate::range_i64("limit", limit.into(), 1, limits::PAGE_MAX.into())?;
        }
        if let Some(after) = &self.after {
            validate::range_i64("after.updatedAt", after.updated_at, 0, i64::MAX / 2)?;
            validate::text("after.id", &after.id, limits::ID_MAX)?;
        }
        Ok(())
    }
}
