//! Reading result rows: typed access by column, for both databases, and the column decoders
//! the nouns' row mappers share (`deck::row`, `user_card::row`, …).

use sqlx::{Decode, Type};
use writeit_core::entity::*;

use crate::{Result, StoreError};

/// Typed column access by position, for any row that decodes these types (both databases').
pub(crate) trait Row {
    fn text(&self, i: usize) -> Result<String>;
    fn opt_text(&self, i: usize) -> Result<Option<String>>;
    fn int(&self, i: usize) -> Result<i64>;
    fn opt_int(&self, i: usize) -> Result<Option<i64>>;
    fn real(&self, i: usize) -> Result<f64>;
    fn opt_real(&self, i: usize) -> Result<Option<f64>>;
    fn flag(&self, i: usize) -> Result<bool>;
    fn bytes(&self, i: usize) -> Result<Vec<u8>>;
}

impl<R> Row for R
where
    R: sqlx::Row,
    usize: sqlx::ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> f64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> bool: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Vec<u8>: Decode<'r, R::Database> + Type<R::Database>,
{
    fn text(&self, i: usize) -> Result<String> {
        Ok(self.try_get(i)?)
    }
    fn opt_text(&self, i: usize) -> Result<Option<String>> {
        Ok(self.try_get(i)?)
    }
    fn int(&self, i: usize) -> Result<i64> {
        Ok(self.try_get(i)?)
    }
    fn opt_int(&self, i: usize) -> Result<Option<i64>> {
        Ok(self.try_get(i)?)
    }
    fn real(&self, i: usize) -> Result<f64> {
        Ok(self.try_get(i)?)
    }
    fn opt_real(&self, i: usize) -> Result<Option<f64>> {
        Ok(self.try_get(i)?)
    }
    fn flag(&self, i: usize) -> Result<bool> {
        Ok(self.try_get(i)?)
    }
    fn bytes(&self, i: usize) -> Result<Vec<u8>> {
        Ok(self.try_get(i)?)
    }
}

pub(crate) fn json<T: serde::de::DeserializeOwned>(
    r: &impl Row,
    i: usize,
    what: &str,
) -> Result<T> {
    serde_json::from_str(&r.text(i)?).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

pub(crate) fn small(v: i64, what: &str) -> Result<u32> {
    u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{what} out of range: {v}")))
}

pub(crate) fn kind(r: &impl Row, i: usize) -> Result<CardKind> {
    let s = r.text(i)?;
    CardKind::parse(&s).ok_or_else(|| StoreError::Corrupt(format!("unknown card kind '{s}'")))
}

/// Serialises a JSON column.
pub(crate) fn to_json<T: serde::Serialize>(v: &T) -> String {
    // Serialising plain structs of strings and numbers cannot fail.
    serde_json::to_string(v).unwrap_or_else(|_| "[]".into())
}
