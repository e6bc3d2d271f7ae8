//! WriteIt's domain: wire types, validation, card scheduling and the procedure table. No I/O.

pub mod card;
pub mod decide;
pub mod entity;
pub mod error;
pub mod fit;
pub mod fsrs;
pub mod grapheme;
pub mod hangul;
pub mod import;
pub mod limits;
pub mod locate;
pub mod paging;
pub mod procedure;
pub mod strokes;
pub mod typescript;
pub mod validate;

pub use error::{ErrorCode, ErrorReason, RpcError};
