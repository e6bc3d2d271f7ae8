//! The Ed25519 key that signs ID tokens: generated into the data folder on first start.

use std::path::{Path, PathBuf};

use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, KeyPair};

/// The signing key and what verifiers need of it.
pub struct SigningKeys {
    /// PKCS#8 document of the private key.
    pkcs8: Vec<u8>,
    /// Raw 32-byte public key.
    public: Vec<u8>,
    /// Key id published in token headers (and later the JWKS).
    pub kid: String,
}

impl SigningKeys {
    /// Loads `DIR/keys/id-token-ed25519.pk8`, generating it (mode 0600) when missing.
    pub fn load_or_create(data_dir: &Path) -> anyhow::Result<SigningKeys> {
        let path = Self::path(data_dir);
        let pkcs8 = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let doc = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new())
                    .map_err(|_| anyhow::anyhow!("cannot generate a signing key"))?;
                write_private(&path, doc.as_ref())?;
                tracing::info!(path = %path.display(), "generated a new ID-token signing key");
                doc.as_ref().to_vec()
            }
            Err(e) => anyhow::bail!("cannot read signing key {}: {e}", path.display()),
        };
        Self::from_pkcs8(pkcs8).map_err(|e| anyhow::anyhow!("signing key {}: {e}", path.display()))
    }

    /// A fresh key held in memory only (tests).
    pub fn generate() -> SigningKeys {
        let doc = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).expect("system RNG");
        Self::from_pkcs8(doc.as_ref().to_vec()).expect("a key ring just made")
    }

    fn from_pkcs8(pkcs8: Vec<u8>) -> Result<SigningKeys, String> {
        let pair = Ed25519KeyPair::from_pkcs8_maybe_unchecked(&pkcs8).map_err(|e| e.to_string())?;
        let public = pair.public_key().as_ref().to_vec();
        let digest = ring::digest::digest(&ring::digest::SHA256, &public);
        let kid = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&digest.as_ref()[..12]);
        Ok(SigningKeys { pkcs8, public, kid })
    }

    /// Where the key lives under the data folder.
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join("keys").join("id-token-ed25519.pk8")
    }

    /// Key for signing.
    pub fn encoding_key(&self) -> jsonwebtoken::EncodingKey {
        jsonwebtoken::EncodingKey::from_ed_der(&self.pkcs8)
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

    /// Key for verifying (jsonwebtoken takes the raw public key here).
    pub fn decoding_key(&self) -> jsonwebtoken::DecodingKey {
        jsonwebtoken::DecodingKey::from_ed_der(&self.public)
    }
}

/// Writes a new private file (mode 0600 on Unix), failing if it exists.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}
