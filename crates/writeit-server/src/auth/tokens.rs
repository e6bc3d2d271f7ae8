//! ID tokens: EdDSA-signed JWTs with the caller's id and role, signed by the current key of
//! [`SigningKeys`] and verified by the key their `kid` names. Verified on every request, with a
//! small cache of already-verified tokens (each hit still checks expiry, and that its key is still
//! known).

use std::collections::HashMap;
use std::sync::Mutex;

use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};
use writeit_store::Role;

use super::caller::Caller;
use super::external::ExternalIssuer;
use super::keys::SigningKeys;
use super::verified::{refused_times, TokenError, Verified, LIFETIME_MAX_SECS};

/// `iss` of tokens this server issues.
pub const ISSUER: &str = "writeit";
/// `aud` of tokens this server accepts.
pub const AUDIENCE: &str = "writeit";
/// Verified tokens remembered; the cache is emptied when full (tokens are short-lived anyway).
const CACHE_MAX: usize = 10_000;

/// What an ID token says.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub aud: String,
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    /// When the session's user last proved who they are (password, email link, second factor),
    /// seconds; refreshed tokens keep it. Security-sensitive changes need it recent.
    #[serde(default)]
    pub auth_time: i64,
    #[serde(default)]
    pub email: String,
    /// `user`, `editor` or `admin`.
    #[serde(default = "default_role")]
    pub role: String,
    /// Languages an editor curates.
    #[serde(default)]
    pub langs: Vec<String>,
    /// Whether the address was proven by a mailed link.
    #[serde(default)]
    pub email_verified: bool,
    /// A development token (`writeit token`, tests): its subject may name no account, which the
    /// server accepts only when started with `--dev-tokens`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dev: bool,
    /// The account's revocation counter when the token was minted (`users.token_generation`):
    /// a revocation raises it, refusing every earlier token, even of the same second.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gen: i64,
    /// The session (refresh-token family) the token was minted for: once it is ended, the
    /// token is refused (issue 37). Absent in development tokens.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sid: String,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn default_role() -> String {
    "user".into()
}

/// Signs and verifies ID tokens.
pub struct Verifier {
    keys: SigningKeys,
    validation: Validation,
    /// Verified tokens, with the `kid` of the key that verified them (none: the external
    /// issuer's).
    cache: Mutex<HashMap<String, (Verified, Option<String>)>>,
    /// Another issuer whose tokens are also accepted.
    external: Option<std::sync::Arc<ExternalIssuer>>,
}

impl Verifier {
    /// A verifier for tokens signed by `keys`.
    pub fn new(keys: &SigningKeys) -> Verifier {
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 0;
        Verifier {
            keys: keys.clone(),
            validation,
            cache: Mutex::new(HashMap::new()),
            external: None,
        }
    }

    /// Also accepts the tokens of an external issuer.
    pub fn with_external(mut self, external: std::sync::Arc<ExternalIssuer>) -> Verifier {
        self.external = Some(external);
        self
    }

    /// Signs a token for these claims with the current key.
    pub fn mint(&self, claims: &Claims) -> String {
        let key = self.keys.signer();
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(key.kid.clone());
        // Signing with a valid Ed25519 key cannot fail.
        jsonwebtoken::encode(&header, claims, key.encoding_key()).expect("EdDSA signing")
    }

    /// The keys tokens are signed and verified with.
    pub fn keys(&self) -> &SigningKeys {
        &self.keys
    }

    /// Development claims (`dev`) for `sub` with `role`, valid for `ttl_secs` from `now`
    /// (seconds): `writeit token` and tests.
    pub fn claims(sub: &str, role: Role, langs: &[&str], now: i64, ttl_secs: i64) -> Claims {
        Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: sub.into(),
            iat: now,
            exp: now + ttl_secs,
            auth_time: now,
            email: String::new(),
            role: role.as_str().into(),
            langs: langs.iter().map(|l| l.to_string()).collect(),
            email_verified: false,
            dev: true,
            gen: 0,
            sid: String::new(),
        }
    }

    /// The JWKS document publishing every verification key.
    pub fn jwks(&self) -> serde_json::Value {
        self.keys.jwks()
    }

    /// The caller an `Authorization` header value names: none or `Bearer ` alone is a guest.
    /// Checks the token only; [`super::authenticate`] also checks the account.
    pub fn caller(&self, authorization: Option<&str>, now_secs: i64) -> Result<Caller, TokenError> {
        Ok(self
            .verify_header(authorization, now_secs)?
            .map(|v| v.caller)
            .unwrap_or(Caller::Guest))
    }

    /// The verified token of an `Authorization` header value; `None` for a guest.
    pub fn verify_header(
        &self,
        authorization: Option<&str>,
        now_secs: i64,
    ) -> Result<Option<Verified>, TokenError> {
        let token = match authorization.map(str::trim) {
            None | Some("") => return Ok(None),
            Some(h) => match h
                .strip_prefix("Bearer")
                .or_else(|| h.strip_prefix("bearer"))
            {
                Some(t) => t.trim(),
                None => return Err(TokenError::Invalid),
            },
        };
        if token.is_empty() {
            return Ok(None);
        }
        self.verify(token, now_secs).map(Some)
    }

    /// Verifies one token (signature, alg, iss, aud, exp; `iat` and the lifetime by
    /// [`refused_times`]), remembering tokens already verified.
    pub fn verify(&self, token: &str, now_secs: i64) -> Result<Verified, TokenError> {
        let cached = self.cache.lock().ok().and_then(|c| c.get(token).cloned());
        // A key retired since is no longer trusted, even for a token it verified before.
        if let Some((v, _)) =
            cached.filter(|(_, kid)| kid.as_ref().is_none_or(|k| self.keys.knows(k)))
        {
            return if now_secs < v.expires_at {
                Ok(v)
            } else {
                Err(TokenError::Expired)
            };
        }
        let header = jsonwebtoken::decode_header(token).map_err(|_| TokenError::Invalid)?;
        if let Some(external) = &self.external {
            if matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
                let verified = external.verify(token, header.kid.as_deref(), now_secs)?;
                self.remember(token, &verified, None);
                return Ok(verified);
            }
        }
        // Every token this server mints names its key; one without a `kid` can only be the
        // current key's.
        let key = match &header.kid {
            Some(kid) => self.keys.verifying(kid).ok_or(TokenError::Invalid)?,
            None => self.keys.signer(),
        };
        let data = jsonwebtoken::decode::<Claims>(token, key.decoding_key(), &self.validation)
            .map_err(|e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            })?;
        let c = data.claims;
        if now_secs >= c.exp {
            return Err(TokenError::Expired);
        }
        if let Some(reason) = refused_times(c.iat, c.exp, now_secs, Some(LIFETIME_MAX_SECS)) {
            // Signed by a key of ours, so worth a line: a key is being misused, or a clock is off.
            tracing::warn!(reason, user_id = %c.sub, kid = %key.kid, "ID token refused");
            return Err(TokenError::Invalid);
        }
        let role = Role::parse(&c.role).ok_or(TokenError::Invalid)?;
        let languages = if role == Role::Editor {
            c.langs
        } else {
            Vec::new()
        };
        let verified = Verified {
            caller: Caller::User {
                id: c.sub,
                role,
                languages,
            },
            issued_at: c.iat,
            auth_time: c.auth_time,
            expires_at: c.exp,
            dev: c.dev,
            external: false,
            generation: c.gen,
            session: Some(c.sid).filter(|s| !s.is_empty()),
        };
        self.remember(token, &verified, Some(key.kid.clone()));
        Ok(verified)
    }

    fn remember(&self, token: &str, verified: &Verified, kid: Option<String>) {
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_MAX {
                cache.clear();
            }
            cache.insert(token.to_string(), (verified.clone(), kid));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    const NOW: i64 = 1_800_000_000;

    fn verifier() -> Verifier {
        Verifier::new(&SigningKeys::generate())
    }

    #[test]
    fn guests_have_no_token() {
        let v = verifier();
        assert_eq!(v.caller(None, NOW).unwrap(), Caller::Guest);
        assert_eq!(v.caller(Some("Bearer "), NOW).unwrap(), Caller::Guest);
        assert_eq!(v.caller(Some(""), NOW).unwrap(), Caller::Guest);
    }

    #[test]
    fn a_minted_token_verifies_until_it_expires() {
        let v = verifier();
        let t = v.mint(&Verifier::claims("u1", Role::Editor, &["ko"], NOW, 600));
        let h = format!("Bearer {t}");
        let want = Caller::User {
            id: "u1".into(),
            role: Role::Editor,
            languages: vec!["ko".into()],
        };
        assert_eq!(v.caller(Some(&h), NOW).unwrap(), want);
        assert_eq!(v.caller(Some(&h), NOW).unwrap(), want); // cached
        assert!(matches!(
            v.caller(Some(&h), NOW + 600),
            Err(TokenError::Expired)
        ));
    }

    #[test]
    fn refuses_foreign_keys_issuers_audiences_and_alg_none() {
        let v = verifier();
        let other = verifier();
        let t = other.mint(&Verifier::claims("u1", Role::Admin, &[], NOW, 600));
        assert!(v.caller(Some(&format!("Bearer {t}")), NOW).is_err());

        let mut c = Verifier::claims("u1", Role::Admin, &[], NOW, 600);
        c.iss = "someone-else".into();
        assert!(v
            .caller(Some(&format!("Bearer {}", v.mint(&c))), NOW)
            .is_err());
        let mut c = Verifier::claims("u1", Role::Admin, &[], NOW, 600);
        c.aud = "another-app".into();
        assert!(v
            .caller(Some(&format!("Bearer {}", v.mint(&c))), NOW)
            .is_err());

        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let claims =
            serde_json::to_vec(&Verifier::claims("u1", Role::Admin, &[], NOW, 600)).unwrap();
        let none = format!(
            "{}.{}.",
            b64.encode(br#"{"alg":"none","typ":"JWT"}"#),
            b64.encode(claims)
        );
        assert!(v.caller(Some(&format!("Bearer {none}")), NOW).is_err());
        assert!(v.caller(Some("Basic abc"), NOW).is_err());
        assert!(v.caller(Some("Bearer not.a.token"), NOW).is_err());
    }
}

#[cfg(test)]
mod rotation {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn bearer(v: &Verifier, sub: &str) -> String {
        format!(
            "Bearer {}",
            v.mint(&Verifier::claims(sub, Role::User, &[], NOW, 600))
        )
    }

    #[test]
    fn old_tokens_verify_after_a_rotation_until_their_key_is_retired() {
        let dir = std::env::temp_dir().join(format!("writeit-rotation-{}", uuid::Uuid::now_v7()));
        let a = Verifier::new(&SigningKeys::load_or_create(&dir).unwrap());
        let old = bearer(&a, "u1");
        let old_kid = a.keys().signer().kid.clone();
        // A key made long enough ago to sign now.
        let now = crate::clock::now_secs();
        crate::auth::rotate(&dir, now - crate::auth::SIGNS_AFTER_SECS).unwrap();
        // An instance started after the rotation signs with the new key and still verifies the
        // old one's tokens; the instance started before honours the new key's tokens at once.
        let b = Verifier::new(&SigningKeys::load_or_create(&dir).unwrap());
        let new = bearer(&b, "u2");
        assert_ne!(b.keys().signer().kid, old_kid);
        for v in [&a, &b] {
            assert!(v.caller(Some(&old), NOW).is_ok());
            assert!(v.caller(Some(&new), NOW).is_ok());
        }
        assert_eq!(a.keys().signer().kid, b.keys().signer().kid);
        assert_eq!(b.jwks()["keys"].as_array().unwrap().len(), 2);
        // Once the old key is retired, an instance that reads the folder refuses its tokens, even
        // one it verified (and cached) before.
        let retired = crate::auth::retire(&dir, now + 4_500, 4_500).unwrap();
        assert_eq!(retired, [crate::auth::FIRST_KEY_FILE]);
        let c = Verifier::new(&SigningKeys::load_or_create(&dir).unwrap());
        assert!(matches!(
            c.caller(Some(&old), NOW),
            Err(TokenError::Invalid)
        ));
        assert!(c.caller(Some(&new), NOW).is_ok());
        assert!(b.keys().reread());
        assert!(matches!(
            b.caller(Some(&old), NOW),
            Err(TokenError::Invalid)
        ));
        assert_eq!(b.jwks()["keys"].as_array().unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
