//! Who is calling: the Bearer ID token of every request, verified into a [`Caller`].

mod caller;
mod keys;
mod tokens;

pub use caller::Caller;
pub use keys::SigningKeys;
pub use tokens::{Claims, TokenError, Verifier, AUDIENCE, ISSUER};
