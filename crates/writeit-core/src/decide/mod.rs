//! What the store does with what arrives, decided here as pure functions over what it read, so
//! each rule is tested as a table without a database. The store reads, asks, and executes.

pub mod entry;
pub mod import;
pub mod review;
