//! Shared test support.
pub mod identity;
