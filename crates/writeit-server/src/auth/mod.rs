//! Who is calling: the Bearer ID token of every request, verified into a [`Caller`].

mod caller;
mod external;
mod key_files;
mod keys;
mod status;
mod tokens;
mod verified;

pub use caller::Caller;
pub use external::{ExternalIssuer, ID_PREFIX as EXTERNAL_ID_PREFIX};
pub(crate) use key_files::{is_exists, write_private};
pub use key_files::{retire, rotate, signs_from, FIRST_KEY_FILE, SIGNS_AFTER_SECS};
pub use keys::{Key, SigningKeys, REREAD_EVERY, UNKNOWN_KID_REREAD};
pub use status::{authenticate, check_account, Authenticator, StatusCache};
pub use tokens::{Claims, Verifier, AUDIENCE, ISSUER};
pub use verified::{TokenError, Verified, IAT_SKEW_SECS, LIFETIME_MAX_SECS};
