//! How the identity service is set up ([`IdentityConfig`], from `serve` flags) and its rate
//! limits.

use std::path::PathBuf;
use std::time::Duration;

/// Rate limits (DESIGN §5), counted in the database so every instance shares them.
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// Sign-in, sign-up, code and reset requests per client address per window.
    pub per_address: i64,
    pub address_window_secs: i64,
    /// Failed password or second-factor checks per account (by email) per window.
    pub failures_per_account: i64,
    pub account_window_secs: i64,
    /// Mails to one address per window.
    pub mails_per_account: i64,
    pub mail_window_secs: i64,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            per_address: 100,
            address_window_secs: 600,
            failures_per_account: 10,
            account_window_secs: 900,
            mails_per_account: 5,
            mail_window_secs: 3600,
        }
    }
}

/// How the identity service is set up (from `serve` flags).
#[derive(Clone, Debug)]
pub struct IdentityConfig {
    /// Base URL of the web app that mailed links point at (`{public_url}/signin?mode=…`).
    pub public_url: String,
    /// ID-token lifetime (DESIGN §5: 15 to 60 minutes).
    pub id_token_ttl_secs: i64,
    /// A refresh token unused this long expires (each rotation starts it again).
    pub refresh_ttl_secs: i64,
    /// Lifetime of mailed one-time codes.
    pub code_ttl_secs: i64,
    /// How long after signing in a session may change its email, password or second factor, or
    /// delete the account, without signing in again (upstream: 5 minutes).
    pub recent_sign_in_secs: i64,
    pub limits: RateLimits,
    /// How long a request may trust a cached account status (disabled, role, revocations): how
    /// long a change made through another instance may take to apply here.
    pub status_ttl: Duration,
    /// Take the client address from the last `X-Forwarded-For` hop (behind a proxy).
    pub trust_forwarded_for: bool,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Where messages go without SMTP.
    pub outbox_dir: PathBuf,
    /// Password hashes computed at once (each holds 19 MiB of memory and one core).
    pub hash_concurrency: usize,
    /// Hash requests that may wait for a slot, of each kind (known devices and sessions; anonymous
    /// addresses), shared fairly between lanes (`hash_queue.rs`); more are answered 503 at once.
    pub hash_queue: usize,
    /// Hash requests that may wait in one lane (one account's known devices, one address).
    pub hash_queue_per_source: usize,
    /// Longest wait for a slot before 503.
    pub hash_wait: Duration,
    /// Accept development tokens (`writeit token`) whose subject has no account
    /// (`--dev-tokens`; tests and benchmarks only).
    pub dev_tokens: bool,
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            public_url: "http://127.0.0.1:8080".into(),
            id_token_ttl_secs: 30 * 60,
            refresh_ttl_secs: 90 * 24 * 3600,
            code_ttl_secs: 3600,
            recent_sign_in_secs: 5 * 60,
            limits: RateLimits::default(),
            status_ttl: Duration::from_secs(5),
            trust_forwarded_for: false,
            smtp_url: None,
            mail_from: "WriteIt <noreply@localhost>".into(),
            outbox_dir: PathBuf::from("data/outbox"),
            dev_tokens: false,
            hash_concurrency: cores(),
            // Two seconds' worth of hashes (about 30 ms each a core): room for one waiter from
            // each of dozens of addresses, every one served within the wait.
            hash_queue: 32 * cores(),
            hash_queue_per_source: 2,
            hash_wait: Duration::from_secs(2),
        }
    }
}

/// CPU cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}
