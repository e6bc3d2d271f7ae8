//! Who is calling: the Bearer ID token of every request, verified into a [`Caller`].

mod caller;
mod external;
mod keys;
mod status;
mod tokens;
mod verified;

pub use caller::Caller;
pub use external::{ExternalIssuer, ID_PREFIX as EXTERNAL_ID_PREFIX};
pub(crate) use keys::write_private;
pub use keys::SigningKeys;
pub use status::{authenticate, check_account, Authenticator, StatusCache};
pub use tokens::{Claims, Verifier, AUDIENCE, ISSUER};
pub use verified::{TokenError, Verified};
