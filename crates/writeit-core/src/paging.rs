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

/// Input of every `query*` procedure: rows with `offset < updatedAt ≤ until`, ordered by
/// (updatedAt, id), of the given languages where the table has one (docs/sync.md).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
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
    /// The sync's server time T: no row stamped later (those come with the next sync, so a row
    /// is never pulled twice). Absent: no upper bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub until: Option<i64>,
    /// Only the rows of these languages, for `decks`, `entries` and `characters` (whose pages
    /// also carry every character whose value an entry of these languages uses); the other
    /// tables have no language and ignore it. Absent: every language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub languages: Option<Vec<String>>,
}

impl PageInput {
    /// The page size to use.
    pub fn limit(&self) -> u32 {
        self.limit.unwrap_or(limits::PAGE_DEFAULT)
    }
    /// The largest stamp a row of the page may carry.
    pub fn until(&self) -> i64 {
        self.until.unwrap_or(i64::MAX / 2)
    }
    /// The languages as the JSON array the page statements take (`None`: every language).
    pub fn languages_json(&self) -> Option<String> {
        self.languages
            .as_ref()
            .map(|l| serde_json::to_string(l).unwrap_or_else(|_| "[]".into()))
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
        if let Some(until) = self.until {
            validate::range_i64("until", until, self.offset, i64::MAX / 2)?;
        }
        if let Some(languages) = &self.languages {
            validate::array_len("languages", languages, limits::PAGE_LANGUAGES_MAX)?;
            for code in languages {
                validate::language_code("languages", code)?;
            }
        }
        if let Some(after) = &self.after {
            validate::range_i64("after.updatedAt", after.updated_at, 0, i64::MAX / 2)?;
            validate::text("after.id", &after.id, limits::ID_MAX)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: &str) -> Result<PageInput, String> {
        let page: PageInput = serde_json::from_str(json).map_err(|e| e.to_string())?;
        page.validate().map_err(|e| e.to_string())?;
        Ok(page)
    }

    #[test]
    fn until_and_languages() {
        let ok = input(r#"{"offset":5,"until":9,"languages":["ko","zh"]}"#).unwrap();
        assert_eq!(ok.until(), 9);
        assert_eq!(ok.languages_json().as_deref(), Some(r#"["ko","zh"]"#));
        let bare = input(r#"{"offset":5}"#).unwrap();
        assert_eq!(bare.until(), i64::MAX / 2);
        assert_eq!(bare.languages_json(), None);
        assert!(input(r#"{"offset":5,"until":5,"languages":[]}"#).is_ok());
        let refusals = [
            (r#"{"offset":5,"until":4}"#, "until"),
            (r#"{"offset":0,"languages":["not a code!"]}"#, "languages"),
            (r#"{"offset":0,"languages":"ko"}"#, "invalid type"),
        ];
        for (json, field) in refusals {
            let err = input(json).unwrap_err();
            assert!(err.contains(field), "{json}: {err}");
        }
        let many = format!(r#"{{"offset":0,"languages":{:?}}}"#, vec!["ko"; 65]);
        assert!(input(&many).unwrap_err().contains("languages"));
    }
}
