//! Maps result rows onto wire types: one function per table, shared by both databases.

use sqlx::{Decode, Type};
use writeit_core::entity::*;

use crate::user::{Role, User};
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

fn json<T: serde::de::DeserializeOwned>(r: &impl Row, i: usize, what: &str) -> Result<T> {
    serde_json::from_str(&r.text(i)?).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn small(v: i64, what: &str) -> Result<u32> {
    u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{what} out of range: {v}")))
}

fn kind(r: &impl Row, i: usize) -> Result<CardKind> {
    let s = r.text(i)?;
    CardKind::parse(&s).ok_or_else(|| StoreError::Corrupt(format!("unknown card kind '{s}'")))
}

/// Serialises a JSON column.
pub(crate) fn to_json<T: serde::Serialize>(v: &T) -> String {
    // Serialising plain structs of strings and numbers cannot fail.
    serde_json::to_string(v).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn user_entry(r: &impl Row) -> Result<UserEntry> {
    let id = r.text(0)?;
    Ok(UserEntry {
        entry_id: id.clone(),
        id,
        enabled: r.flag(1)?,
        updated_at: r.int(2)?,
        deleted: r.flag(3)?,
    })
}

/// A deck row as `deck_get.sql` selects it.
pub(crate) fn deck(r: &impl Row) -> Result<Deck> {
    Ok(Deck {
        id: r.text(0)?,
        language_code: r.text(1)?,
        title: r.text(2)?,
        description: r.text(3)?,
        entry_ids: json(r, 4, "decks.entry_ids")?,
        position: i32::try_from(r.int(5)?)
            .map_err(|_| StoreError::Corrupt("decks.position out of range".into()))?,
        updated_at: r.int(6)?,
        deleted: r.flag(7)?,
    })
}

/// An entry row as `deck_entries.sql` selects it.
pub(crate) fn entry(r: &impl Row) -> Result<Entry> {
    Ok(Entry {
        id: r.text(0)?,
        language_code: r.text(1)?,
        text: r.text(2)?,
        reading: r.text(3)?,
        meanings: json(r, 4, "entries.meanings")?,
        notes: r.text(5)?,
        examples: json(r, 6, "entries.examples")?,
        audio_url: r.opt_text(7)?,
        updated_at: r.int(8)?,
        deleted: r.flag(9)?,
    })
}

pub(crate) fn user_deck(r: &impl Row) -> Result<UserDeck> {
    let id = r.text(0)?;
    Ok(UserDeck {
        deck_id: id.clone(),
        id,
        new_per_day: small(r.int(1)?, "user_decks.new_per_day")?,
        desired_retention: r.real(2)?,
        updated_at: r.int(3)?,
        deleted: r.flag(4)?,
    })
}

pub(crate) fn user_card(r: &impl Row) -> Result<UserCard> {
    Ok(UserCard {
        id: r.text(0)?,
        entry_id: r.text(1)?,
        kind: kind(r, 2)?,
        due: r.int(3)?,
        stability: r.real(4)?,
        difficulty: r.real(5)?,
        elapsed_days: small(r.int(6)?, "elapsed_days")?,
        scheduled_days: small(r.int(7)?, "scheduled_days")?,
        learning_steps: small(r.int(8)?, "learning_steps")?,
        reps: small(r.int(9)?, "reps")?,
        lapses: small(r.int(10)?, "lapses")?,
        state: u8::try_from(r.int(11)?).map_err(|_| StoreError::Corrupt("card state".into()))?,
        last_review: r.opt_int(12)?,
        updated_at: r.int(13)?,
        deleted: r.flag(14)?,
    })
}

pub(crate) fn user_review(r: &impl Row) -> Result<UserReview> {
    Ok(UserReview {
        id: r.text(0)?,
        card_id: r.text(1)?,
        entry_id: r.text(2)?,
        kind: kind(r, 3)?,
        rating: u8::try_from(r.int(4)?).map_err(|_| StoreError::Corrupt("rating".into()))?,
        reviewed_at: r.int(5)?,
        duration_ms: r.int(6)?,
        score: r.opt_real(7)?,
        desired_retention: r.opt_real(8)?,
        updated_at: r.int(9)?,
        deleted: r.flag(10)?,
    })
}

pub(crate) fn user(r: &impl Row) -> Result<User> {
    let role = r.text(2)?;
    Ok(User {
        id: r.text(0)?,
        email: r.text(1)?,
        role: Role::parse(&role).ok_or_else(|| StoreError::Corrupt(format!("role '{role}'")))?,
        editor_languages: json(r, 3, "users.editor_languages")?,
        disabled: r.flag(4)?,
    })
}
