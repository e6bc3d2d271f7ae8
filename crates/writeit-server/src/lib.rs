//! WriteIt's HTTP server: the tRPC endpoint, ID-token callers, the web app, and the CLI's commands.

pub mod admission;
pub mod app;
pub mod auth;
pub mod catalogue;
pub mod characters;
pub mod clock;
pub mod content_id;
pub mod database;
pub mod disk;
pub mod drain;
pub mod error;
pub mod fitter;
pub mod identity;
pub mod import;
pub mod media_collector;
pub mod rpc;
pub mod security;
pub mod seed;
pub mod serve;
pub mod state;
pub mod syllabus;
pub mod testing;
mod web;

pub use app::app;
pub use state::AppState;
