//! The Ed25519 keys that sign and verify ID tokens, one set shared by every instance serving a
//! database: read from the keys folder (`key_files.rs`), or given in `WRITEIT_ID_TOKEN_KEYS`.
//!
//! Several keys verify, chosen by the token's `kid`; one signs: the folder's newest once it is
//! [`key_files::SIGNS_AFTER_SECS`] old, or the first of the variable. The wait lets every instance
//! read a new key before any signs with it: a folder is read again every minute, and at once when
//! a token names a `kid` this instance does not know (for a folder whose copies arrive late), at
//! most once per [`UNKNOWN_KID_REREAD`] so made-up `kid`s cannot make the server read the disk on
//! every request. Reading is synchronous: a few small files, once a minute.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use base64::Engine;
use ring::signature::{Ed25519KeyPair, KeyPair};

use super::key_files;

/// How often a folder is read again.
pub const REREAD_EVERY: Duration = Duration::from_secs(60);
/// The shortest time between two reads for unknown `kid`s.
pub const UNKNOWN_KID_REREAD: Duration = Duration::from_secs(2);

/// One key: what signing and verifying with it need.
pub struct Key {
    /// Key id published in token headers and the JWKS: from the public key, so every instance
    /// gives one key the same id.
    pub kid: String,
    /// The time in its file's name (0 for the first key, or a key from the variable).
    pub created: i64,
    public: Vec<u8>,
    encoding: jsonwebtoken::EncodingKey,
    decoding: jsonwebtoken::DecodingKey,
}

impl Key {
    fn from_pkcs8(pkcs8: &[u8], created: i64) -> Result<Key, String> {
        let pair = Ed25519KeyPair::from_pkcs8_maybe_unchecked(pkcs8).map_err(|e| e.to_string())?;
        let public = pair.public_key().as_ref().to_vec();
        let digest = ring::digest::digest(&ring::digest::SHA256, &public);
        Ok(Key {
            kid: base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&digest.as_ref()[..12]),
            created,
            encoding: jsonwebtoken::EncodingKey::from_ed_der(pkcs8),
            decoding: jsonwebtoken::DecodingKey::from_ed_der(&public),
            public,
        })
    }

    /// Key for signing.
    pub fn encoding_key(&self) -> &jsonwebtoken::EncodingKey {
        &self.encoding
    }

    /// Key for verifying.
    pub fn decoding_key(&self) -> &jsonwebtoken::DecodingKey {
        &self.decoding
    }

    /// The public key as a JWK (RFC 8037: OKP, Ed25519), as the JWKS publishes it.
    pub fn jwk(&self) -> serde_json::Value {
        serde_json::json!({
            "kty": "OKP",
            "crv": "Ed25519",
            "alg": "EdDSA",
            "use": "sig",
            "kid": self.kid,
            "x": base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&self.public),
        })
    }
}

/// The keys known at one time.
struct Set {
    keys: Vec<Arc<Key>>,
    /// Keys of a folder, oldest first (the signer depends on the time); else the first signs.
    timed: bool,
    by_kid: HashMap<String, usize>,
}

impl Set {
    fn new(keys: Vec<Key>, timed: bool) -> Set {
        let by_kid = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.kid.clone(), i))
            .collect();
        Set {
            keys: keys.into_iter().map(Arc::new).collect(),
            timed,
            by_kid,
        }
    }

    /// The keys of a folder.
    fn read(dir: &Path) -> anyhow::Result<Set> {
        let files = key_files::read(dir)?;
        anyhow::ensure!(
            !files.is_empty(),
            "no ID-token key in {} (run `writeit keys rotate`)",
            dir.display()
        );
        let keys = files
            .iter()
            .map(|f| {
                Key::from_pkcs8(&f.pkcs8, f.created)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", dir.join(&f.name).display()))
            })
            .collect::<anyhow::Result<Vec<Key>>>()?;
        Ok(Set::new(keys, true))
    }

    /// The index of the key that signs at `now_secs`: the newest old enough, or else the oldest.
    fn signer(&self, now_secs: i64) -> usize {
        if !self.timed {
            return 0;
        }
        self.keys
            .iter()
            .rposition(|k| key_files::signs_from(k.created) <= now_secs)
            .unwrap_or(0)
    }

    fn find(&self, kid: &str) -> Option<Arc<Key>> {
        self.by_kid.get(kid).map(|&i| self.keys[i].clone())
    }
}

/// The ID-token keys: a folder read again now and then, or a fixed set. Cheap to clone (shared).
#[derive(Clone)]
pub struct SigningKeys(Arc<Ring>);

struct Ring {
    folder: Option<PathBuf>,
    set: RwLock<Arc<Set>>,
    /// When the folder was last read.
    read_at: Mutex<Instant>,
    /// When it was last read for an unknown `kid`.
    unknown_at: Mutex<Option<Instant>>,
}

impl SigningKeys {
    /// The keys of folder `dir` (`--keys-dir`), making a first key when it holds none.
    pub fn load_or_create(dir: &Path) -> anyhow::Result<SigningKeys> {
        key_files::create_first(dir)?;
        let set = Set::read(dir)?;
        Ok(Self::with(Some(dir.to_path_buf()), set))
    }

    /// Fixed keys from `WRITEIT_ID_TOKEN_KEYS`: base64 PKCS#8 documents (standard or URL-safe,
    /// padded or not) separated by commas or white space; the first signs, the others verify.
    pub fn from_documents(text: &str) -> anyhow::Result<SigningKeys> {
        let keys = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|d| !d.is_empty())
            .enumerate()
            .map(|(i, d)| {
                let plain: String = d
                    .chars()
                    .filter(|&c| c != '=')
                    .map(|c| match c {
                        '-' => '+',
                        '_' => '/',
                        c => c,
                    })
                    .collect();
                let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
                    .decode(plain)
                    .map_err(|e| anyhow::anyhow!("WRITEIT_ID_TOKEN_KEYS key {}: {e}", i + 1))?;
                Key::from_pkcs8(&bytes, 0)
                    .map_err(|e| anyhow::anyhow!("WRITEIT_ID_TOKEN_KEYS key {}: {e}", i + 1))
            })
            .collect::<anyhow::Result<Vec<Key>>>()?;
        anyhow::ensure!(!keys.is_empty(), "WRITEIT_ID_TOKEN_KEYS holds no key");
        Ok(Self::with(None, Set::new(keys, false)))
    }

    /// A fresh key held in memory only (tests).
    pub fn generate() -> SigningKeys {
        let doc = key_files::generate().expect("system RNG");
        let key = Key::from_pkcs8(&doc, 0).expect("a key just made");
        Self::with(None, Set::new(vec![key], false))
    }

    /// A new key for `WRITEIT_ID_TOKEN_KEYS`: base64 of its PKCS#8 document.
    pub fn new_document() -> anyhow::Result<String> {
        Ok(base64::engine::general_purpose::STANDARD.encode(key_files::generate()?))
    }

    fn with(folder: Option<PathBuf>, set: Set) -> SigningKeys {
        SigningKeys(Arc::new(Ring {
            folder,
            set: RwLock::new(Arc::new(set)),
            read_at: Mutex::new(Instant::now()),
            unknown_at: Mutex::new(None),
        }))
    }

    /// The folder the keys come from, if any.
    pub fn folder(&self) -> Option<&Path> {
        self.0.folder.as_deref()
    }

    /// The key that signs now.
    pub fn signer(&self) -> Arc<Key> {
        self.signer_at(crate::clock::now_secs())
    }

    /// The key that signs at `now_secs`.
    pub fn signer_at(&self, now_secs: i64) -> Arc<Key> {
        let set = self.current();
        set.keys[set.signer(now_secs)].clone()
    }

    /// The key of `kid`, reading the folder again first if it is unknown (rate-limited).
    pub fn verifying(&self, kid: &str) -> Option<Arc<Key>> {
        if let Some(key) = self.current().find(kid) {
            return Some(key);
        }
        if !self.reread_for_unknown_kid() {
            return None;
        }
        self.set().find(kid)
    }

    /// Whether `kid` is among the keys known now (no reading).
    pub fn knows(&self, kid: &str) -> bool {
        self.set().by_kid.contains_key(kid)
    }

    /// Every key that verifies, oldest first, and whether it is the one that signs at `now_secs`.
    pub fn keys(&self, now_secs: i64) -> Vec<(Arc<Key>, bool)> {
        let set = self.current();
        let signer = set.signer(now_secs);
        set.keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), i == signer))
            .collect()
    }

    /// The JWKS document: every key that verifies.
    pub fn jwks(&self) -> serde_json::Value {
        let keys: Vec<serde_json::Value> = self.current().keys.iter().map(|k| k.jwk()).collect();
        serde_json::json!({ "keys": keys })
    }

    fn set(&self) -> Arc<Set> {
        self.0
            .set
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The keys, the folder read again first when [`REREAD_EVERY`] has passed.
    fn current(&self) -> Arc<Set> {
        let due = {
            let mut at = self
                .0
                .read_at
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let due = self.0.folder.is_some() && at.elapsed() >= REREAD_EVERY;
            if due {
                *at = Instant::now();
            }
            due
        };
        if due {
            self.reread();
        }
        self.set()
    }

    /// Reads the folder for an unknown `kid`, unless that was done less than
    /// [`UNKNOWN_KID_REREAD`] ago; whether it was read.
    fn reread_for_unknown_kid(&self) -> bool {
        if self.0.folder.is_none() {
            return false;
        }
        {
            let mut at = self
                .0
                .unknown_at
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if at.is_some_and(|at| at.elapsed() < UNKNOWN_KID_REREAD) {
                return false;
            }
            *at = Some(Instant::now());
        }
        *self
            .0
            .read_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Instant::now();
        self.reread()
    }

    /// Reads the folder again, keeping the keys read before when it cannot be read; whether the
    /// new keys are in use.
    pub(crate) fn reread(&self) -> bool {
        let Some(dir) = &self.0.folder else {
            return false;
        };
        match Set::read(dir) {
            Ok(set) => {
                if set.keys.len() != self.set().keys.len() {
                    tracing::info!(keys = set.keys.len(), "read the ID-token keys again");
                }
                *self.0.set.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(set);
                true
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the ID-token keys again; keeping those read before");
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use key_files::SIGNS_AFTER_SECS as WAIT;

    const NOW: i64 = 1_800_000_000;

    fn temp_dir() -> PathBuf {
        std::env::temp_dir().join(format!("writeit-ring-{}", uuid::Uuid::now_v7()))
    }

    #[test]
    fn a_new_key_verifies_at_once_and_signs_once_every_instance_has_read_it() {
        let dir = temp_dir();
        let keys = SigningKeys::load_or_create(&dir).unwrap();
        let first = keys.signer_at(NOW);
        assert_eq!(first.created, 0);
        key_files::rotate(&dir, NOW).unwrap();
        // Another instance starting now reads both; the new key signs once it is old enough.
        let other = SigningKeys::load_or_create(&dir).unwrap();
        let second = other.signer_at(NOW + WAIT);
        assert_ne!(first.kid, second.kid);
        assert_eq!(second.created, NOW);
        assert_eq!(other.signer_at(NOW + WAIT - 1).kid, first.kid);
        assert!(other.verifying(&first.kid).is_some());
        let jwks = other.jwks();
        let kids: Vec<&str> = jwks["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["kid"].as_str().unwrap())
            .collect();
        assert_eq!(kids, [first.kid.as_str(), second.kid.as_str()]);
        let signs: Vec<bool> = other.keys(NOW + WAIT).iter().map(|(_, s)| *s).collect();
        assert_eq!(signs, [false, true]);
        // The first instance has not read the folder since: its first unknown kid reads it, so
        // it verifies the new key's tokens, and signs with it in time.
        assert!(!keys.knows(&second.kid));
        assert!(keys.verifying(&second.kid).is_some());
        assert_eq!(keys.signer_at(NOW + WAIT).kid, second.kid);
        // A second unknown kid right after does not read the folder again.
        key_files::rotate(&dir, NOW + 1).unwrap();
        let third = SigningKeys::load_or_create(&dir)
            .unwrap()
            .signer_at(NOW + 1 + WAIT);
        assert!(keys.verifying(&third.kid).is_none());
        assert!(keys.verifying("made-up").is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_of_new_keys_only_signs_with_the_oldest() {
        let dir = temp_dir();
        key_files::rotate(&dir, NOW).unwrap();
        key_files::rotate(&dir, NOW + 1).unwrap();
        let keys = SigningKeys::load_or_create(&dir).unwrap();
        assert_eq!(keys.keys(NOW).len(), 2, "no first key made beside them");
        assert_eq!(keys.signer_at(NOW).created, NOW);
        assert_eq!(keys.signer_at(NOW + 1 + WAIT).created, NOW + 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_cannot_be_read_keeps_the_keys_read_before() {
        let dir = temp_dir();
        let keys = SigningKeys::load_or_create(&dir).unwrap();
        let kid = keys.signer().kid.clone();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!keys.reread());
        assert_eq!(keys.signer().kid, kid);
        assert!(keys.verifying(&kid).is_some());
    }

    #[test]
    fn keys_from_the_variable() {
        let a = SigningKeys::new_document().unwrap();
        let b = SigningKeys::new_document().unwrap();
        // URL-safe and unpadded spellings are the same key.
        let b_url = b.replace('+', "-").replace('/', "_").replace('=', "");
        let keys = SigningKeys::from_documents(&format!("{a},\n {b_url}")).unwrap();
        let again = SigningKeys::from_documents(&b).unwrap();
        let listed = keys.keys(NOW);
        assert_eq!(listed.len(), 2);
        assert!(listed[0].1 && !listed[1].1, "the first signs");
        assert_eq!(listed[1].0.kid, again.signer().kid);
        assert!(keys.folder().is_none());
        assert!(SigningKeys::from_documents(" , ").is_err());
        assert!(SigningKeys::from_documents("bm90IGEga2V5").is_err());
    }
}
