//! An external OpenID issuer (optional): with `WRITEIT_OIDC_ISSUER` and `WRITEIT_OIDC_JWKS_URL`
//! set, ID tokens that issuer signed (RS256 or ES256, a key of its JWKS by `kid`) are accepted
//! with `iss`, `aud`, `exp` and `iat` (not in the future) checked. Such callers are plain users
//! with the id `oidc:{sub}`, so they never share rows or roles with a local account. The JWKS is
//! fetched at start and again every 10 minutes (issuers rotate keys).
use std::collections::HashMap;
use std::sync::RwLock;

use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use writeit_store::Role;

use super::caller::Caller;
use super::verified::{refused_times, TokenError, Verified};

/// The prefix of ids of callers from the external issuer.
pub const ID_PREFIX: &str = "oidc:";

/// Another issuer whose tokens are accepted.
pub struct ExternalIssuer {
    issuer: String,
    audience: String,
    jwks_url: String,
    keys: RwLock<HashMap<String, (DecodingKey, Algorithm)>>,
}

#[derive(Deserialize)]
struct ExternalClaims {
    sub: String,
    exp: i64,
    #[serde(default)]
    iat: i64,
    #[serde(default)]
    auth_time: Option<i64>,
}

impl ExternalIssuer {
    /// Fetches the issuer's JWKS; fails when it cannot be read or holds no usable key.
    pub async fn load(
        issuer: &str,
        audience: &str,
        jwks_url: &str,
    ) -> anyhow::Result<ExternalIssuer> {
        let external = ExternalIssuer {
            issuer: issuer.into(),
            audience: audience.into(),
            jwks_url: jwks_url.into(),
            keys: RwLock::new(HashMap::new()),
        };
        let n = external.refresh().await?;
        anyhow::ensure!(n > 0, "the JWKS at {jwks_url} has no RS256 or ES256 key");
        Ok(external)
    }

    /// Fetches the JWKS again; answers how many keys it holds.
    pub async fn refresh(&self) -> anyhow::Result<usize> {
        let jwks: serde_json::Value = reqwest::Client::new()
            .get(&self.jwks_url)
            .timeout(std::time::Duration::from_secs(10))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let keys = parse_jwks(&jwks);
        let n = keys.len();
        if n > 0 {
            if let Ok(mut k) = self.keys.write() {
                *k = keys;
            }
        }
        Ok(n)
    }

    /// Verifies a token of this issuer.
    pub fn verify(
        &self,
        token: &str,
        kid: Option<&str>,
        now_secs: i64,
    ) -> Result<Verified, TokenError> {
        let kid = kid.ok_or(TokenError::Invalid)?;
        let (key, alg) = {
            let keys = self.keys.read().map_err(|_| TokenError::Invalid)?;
            let (key, alg) = keys.get(kid).ok_or(TokenError::Invalid)?;
            (key.clone(), *alg)
        };
        let mut validation = Validation::new(alg);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 0;
        let c = jsonwebtoken::decode::<ExternalClaims>(token, &key, &validation)
            .map_err(|e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            })?
            .claims;
        if now_secs >= c.exp {
            return Err(TokenError::Expired);
        }
        // Its own lifetimes (some issuers' ID tokens live 10 h), but never issued in the future.
        if let Some(reason) = refused_times(c.iat, c.exp, now_secs, None) {
            tracing::warn!(reason, issuer = %self.issuer, "ID token refused");
            return Err(TokenError::Invalid);
        }
        if c.sub.is_empty() || c.sub.len() > 255 {
            return Err(TokenError::Invalid);
        }
        Ok(Verified {
            caller: Caller::User {
                id: format!("{ID_PREFIX}{}", c.sub),
                role: Role::User,
                languages: Vec::new(),
            },
            issued_at: c.iat,
            auth_time: c.auth_time.unwrap_or(c.iat),
            expires_at: c.exp,
            dev: false,
            external: true,
            generation: 0,
            session: None,
        })
    }
}

/// The RS256 and ES256 (P-256) keys of a JWKS, by `kid`.
fn parse_jwks(jwks: &serde_json::Value) -> HashMap<String, (DecodingKey, Algorithm)> {
    let mut keys = HashMap::new();
    for k in jwks["keys"].as_array().into_iter().flatten() {
        let (Some(kid), Some(kty)) = (k["kid"].as_str(), k["kty"].as_str()) else {
            continue;
        };
        if k["use"].as_str().is_some_and(|u| u != "sig") {
            continue;
        }
        let parsed = match (kty, k["alg"].as_str()) {
            ("RSA", None | Some("RS256")) => k["n"]
                .as_str()
                .zip(k["e"].as_str())
                .and_then(|(n, e)| DecodingKey::from_rsa_components(n, e).ok())
                .map(|key| (key, Algorithm::RS256)),
            ("EC", None | Some("ES256")) if k["crv"] == "P-256" => k["x"]
                .as_str()
                .zip(k["y"].as_str())
                .and_then(|(x, y)| DecodingKey::from_ec_components(x, y).ok())
                .map(|key| (key, Algorithm::ES256)),
            _ => None,
        };
        if let Some(p) = parsed {
            keys.insert(kid.to_string(), p);
        }
    }
    keys
}
