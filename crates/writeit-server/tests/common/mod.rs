//! Shared test support.
pub mod identity;
pub mod media;
pub mod postgres;
pub mod sqlite;
