//! TOTP secrets at rest: sealed with AES-256-GCM under a key kept beside the ID-token signing keys
//! (`KEYS_DIR/totp-secrets.key`, 32 random bytes made on first start; `--keys-dir`, default
//! `DATA_DIR/keys`) and bound to the account's id, so a copy of the database alone gives no one a
//! second factor, and a sealed secret moved to another account does not open. Every instance
//! serving one database reads the same file, so any of them opens what another sealed.

use std::path::{Path, PathBuf};

use base64::Engine;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};

use super::error::IdError;

/// The prefix of a sealed value (a base32 secret never holds a '.').
const SEALED: &str = "v1.";

/// Seals and opens TOTP secrets.
pub struct Sealer {
    key: LessSafeKey,
    rng: SystemRandom,
}

impl Sealer {
    /// Loads `KEYS_DIR/totp-secrets.key`, making it (mode 0600) when missing. Every instance
    /// serving the same database needs the same file, as with the signing keys; instances
    /// starting at once over an empty folder end with one key (the file appears whole, once).
    pub fn load_or_create(keys_dir: &Path) -> anyhow::Result<Sealer> {
        let path = Self::path(keys_dir);
        if !path.exists() {
            let mut key = [0u8; 32];
            SystemRandom::new()
                .fill(&mut key)
                .map_err(|_| anyhow::anyhow!("cannot make a TOTP secrets key"))?;
            match crate::auth::write_private(&path, &key) {
                Ok(()) => tracing::info!(path = %path.display(), "made a new key for TOTP secrets"),
                Err(e) if crate::auth::is_exists(&e) => {}
                Err(e) => return Err(e.context(format!("cannot write {}", path.display()))),
            }
        }
        let bytes = std::fs::read(&path).map_err(|e| {
            anyhow::anyhow!("cannot read the TOTP secrets key {}: {e}", path.display())
        })?;
        Self::from_bytes(&bytes)
            .ok_or_else(|| anyhow::anyhow!("{}: not a 32-byte key", path.display()))
    }

    /// A fresh key held in memory only (tests).
    pub fn generate() -> Sealer {
        let mut key = [0u8; 32];
        SystemRandom::new().fill(&mut key).expect("system RNG");
        Self::from_bytes(&key).expect("32 bytes")
    }

    fn from_bytes(bytes: &[u8]) -> Option<Sealer> {
        let key = UnboundKey::new(&AES_256_GCM, bytes).ok()?;
        Some(Sealer {
            key: LessSafeKey::new(key),
            rng: SystemRandom::new(),
        })
    }

    /// Where the key lives in the keys folder.
    pub fn path(keys_dir: &Path) -> PathBuf {
        keys_dir.join("totp-secrets.key")
    }

    /// `secret` sealed for `user_id`: `v1.` and base64url of a random nonce, the ciphertext and
    /// its tag.
    pub fn seal(&self, secret: &str, user_id: &str) -> Result<String, IdError> {
        let mut nonce = [0u8; NONCE_LEN];
        self.rng
            .fill(&mut nonce)
            .map_err(|_| IdError::internal("no randomness for a nonce"))?;
        let mut data = secret.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(user_id.as_bytes()),
                &mut data,
            )
            .map_err(|_| IdError::internal("cannot seal a TOTP secret"))?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&data);
        Ok(format!(
            "{SEALED}{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(out)
        ))
    }

    /// The secret `stored` holds for `user_id`. A value stored before secrets were sealed (a bare
    /// base32 secret) is answered as it is.
    pub fn open(&self, stored: &str, user_id: &str) -> Result<String, IdError> {
        let Some(sealed) = stored.strip_prefix(SEALED) else {
            return Ok(stored.to_string());
        };
        let broken =
            || IdError::internal("a stored TOTP secret does not open with this server's key");
        let mut bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(sealed)
            .map_err(|_| broken())?;
        if bytes.len() < NONCE_LEN {
            return Err(broken());
        }
        let (nonce, data) = bytes.split_at_mut(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| broken())?;
        let plain = self
            .key
            .open_in_place(nonce, Aad::from(user_id.as_bytes()), data)
            .map_err(|_| broken())?;
        String::from_utf8(plain.to_vec()).map_err(|_| broken())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_opens_and_binds_to_the_account() {
        let sealer = Sealer::generate();
        let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
        let a = sealer.seal(secret, "user-a").expect("sealed");
        let b = sealer.seal(secret, "user-a").expect("sealed");
        assert!(a.starts_with("v1.") && !a.contains(secret));
        assert_ne!(a, b, "a fresh nonce each time");
        assert_eq!(sealer.open(&a, "user-a").ok().as_deref(), Some(secret));
        // Another account, another key, or a changed byte: refused, never a wrong secret.
        assert!(sealer.open(&a, "user-b").is_err());
        assert!(Sealer::generate().open(&a, "user-a").is_err());
        let mut tampered = a.clone().into_bytes();
        let last = tampered.len() - 1;
        tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).expect("ascii");
        assert!(sealer.open(&tampered, "user-a").is_err());
        assert!(sealer.open("v1.", "user-a").is_err());
        // Stored before sealing: answered as it is.
        assert_eq!(sealer.open(secret, "user-a").ok().as_deref(), Some(secret));
    }

    #[test]
    fn the_key_file_is_made_once_and_kept() {
        let dir = std::env::temp_dir().join(format!("writeit-sealer-{}", uuid::Uuid::now_v7()));
        let sealed = Sealer::load_or_create(&dir)
            .expect("made")
            .seal("ABC", "u")
            .expect("sealed");
        let again = Sealer::load_or_create(&dir).expect("loaded");
        assert_eq!(again.open(&sealed, "u").ok().as_deref(), Some("ABC"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(Sealer::path(&dir))
                .expect("file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
