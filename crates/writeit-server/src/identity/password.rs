//! Passwords: the policy (8 to 128 characters, not the email, not a breached password nor one with
//! digits and symbols added to it (`breached.rs`), not easy to guess by zxcvbn's estimate) and argon2id hashing with DESIGN §5's parameters, run on the
//! blocking pool, one per core at once (each takes 19 MiB and tens of ms of one core), the others
//! waiting briefly in a fair queue (`hash_queue.rs`), the rest answered 503 at once.

use super::breached::{breach, Breach};
use super::config::IdentityConfig;
use super::error::IdError;
pub use super::hash_queue::Lane;
use super::hash_queue::{HashQueue, QueueSize};
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};

/// Shortest password accepted, in characters.
pub const MIN_CHARS: usize = 8;
/// Longest password accepted, in characters.
pub const MAX_CHARS: usize = 128;

/// Lowest zxcvbn score accepted (0 to 4; 2: more than about a million guesses, so repeats,
/// sequences and keyboard walks such as `aaaaaaaa`, `abcdefgh` or `qwertyui` are refused).
pub const MIN_SCORE: u8 = 2;

/// The reasons given for a breached password (the client words each: web/src/api/identity.ts).
pub const BREACHED: &str = "Password is among the most common passwords found in data breaches";
pub const PADDED: &str =
    "Password is a common breached password with digits or symbols added: those are guessed first";

fn argon2() -> Argon2<'static> {
    // m = 19456 KiB, t = 2, p = 1: OWASP's argon2id baseline (DESIGN §5).
    let params = Params::new(19_456, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Refuses a password outside the policy with `WEAK_PASSWORD : reason`.
pub fn check_policy(password: &str, email: &str) -> Result<(), IdError> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err(IdError::bad(format!(
            "WEAK_PASSWORD : Password should be at least {MIN_CHARS} characters"
        )));
    }
    if chars > MAX_CHARS {
        return Err(IdError::bad(format!(
            "WEAK_PASSWORD : Password should be at most {MAX_CHARS} characters"
        )));
    }
    let lower = password.to_lowercase();
    if !email.is_empty() && lower == email.to_lowercase() {
        return Err(IdError::bad(
            "WEAK_PASSWORD : Password should not be the email address",
        ));
    }
    match breach(password) {
        Some(Breach::Listed) => {
            return Err(IdError::bad(format!("WEAK_PASSWORD : {BREACHED}")));
        }
        Some(Breach::Padded) => {
            return Err(IdError::bad(format!("WEAK_PASSWORD : {PADDED}")));
        }
        None => {}
    }
    let (local, domain) = email.split_once('@').unwrap_or((email, ""));
    let estimate = zxcvbn::zxcvbn(password, &[email, local, domain, "writeit"]);
    if u8::from(estimate.score()) < MIN_SCORE {
        return Err(IdError::bad(
            "WEAK_PASSWORD : Password is too easy to guess: use a few unrelated words or more varied characters",
        ));
    }
    Ok(())
}

/// Makes glibc hand memory blocks of 1 MiB and more back to the system when freed. By default
/// its threshold grows to the largest block freed, so after a burst of sign-ins every blocking
/// thread's arena keeps its 19 MiB argon2 buffers (585 MiB after 64 concurrent sign-ins).
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: mallopt only sets an allocator parameter; it is called once, before the
            // hashes it is for.
            unsafe {
                libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
            }
        });
    }
}

/// Password hashing's share of the identity service: the slots hashes run in with the requests
/// waiting for one, and the dummy hash checked when an account has none.
pub struct Hashing {
    queue: HashQueue,
    dummy: tokio::sync::OnceCell<String>,
}

impl Hashing {
    /// Hashing as `config` sets it up (`hash_concurrency`, `hash_queue`, `hash_queue_per_source`,
    /// `hash_wait`): memory stays bounded (`hash_concurrency` × 19 MiB) however many sign-ins
    /// arrive.
    pub fn new(config: &IdentityConfig) -> Hashing {
        return_freed_memory();
        Hashing {
            queue: HashQueue::new(QueueSize {
                slots: config.hash_concurrency,
                per_source: config.hash_queue_per_source,
                waiting_max: config.hash_queue,
                wait: config.hash_wait,
            }),
            dummy: tokio::sync::OnceCell::new(),
        }
    }
}

/// Hashes a password (argon2id PHC string) off the async runtime, once `lane`'s turn comes.
pub async fn hash(hashing: &Hashing, lane: Lane, password: &str) -> Result<String, IdError> {
    let _slot = hashing.queue.slot(lane).await?;
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await
    .map_err(IdError::internal)?
    .map_err(IdError::internal)
}

/// Checks a password against a stored hash off the async runtime. With no hash (no such account,
/// or an account without a password) it checks against a dummy hash, so the answer takes as long
/// and reveals nothing.
pub async fn verify(
    hashing: &Hashing,
    lane: Lane,
    password: &str,
    stored: Option<&str>,
) -> Result<bool, IdError> {
    let dummy = hashing
        .dummy
        .get_or_try_init(|| hash(hashing, lane.clone(), "not a password anyone uses"))
        .await?;
    let (hash, real) = match stored {
        Some(h) => (h.to_string(), true),
        None => (dummy.clone(), false),
    };
    let _slot = hashing.queue.slot(lane).await?;
    let password = password.to_string();
    let ok = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).map(|parsed| {
            argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await
    .map_err(IdError::internal)?
    .map_err(IdError::internal)?;
    Ok(ok && real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy() {
        let msg = |r: Result<(), IdError>| r.unwrap_err().message;
        assert!(msg(check_policy("short", "a@b.c")).starts_with("WEAK_PASSWORD : "));
        assert!(msg(check_policy(&"x".repeat(129), "a@b.c")).contains("at most"));
        assert!(msg(check_policy("Me@Example.com", "me@example.com")).contains("email"));
        assert!(msg(check_policy("password1", "a@b.c")).ends_with(BREACHED));
        assert!(msg(check_policy("BaseBall1", "a@b.c")).ends_with(BREACHED));
        assert!(msg(check_policy("Summer2024!", "a@b.c")).ends_with(PADDED));
        assert!(msg(check_policy("aaaaaaaa", "a@b.c")).ends_with(BREACHED));
        assert!(check_policy("correct horse battery", "a@b.c").is_ok());
        // Counted in characters, not bytes.
        assert!(check_policy("한국어 비밀번호", "a@b.c").is_ok());
        // Issue 24: long enough, not listed, but guessed at once.
        // ("aaaaaaaa" and "abcdefgh" are breached passwords now, refused as such first.)
        for easy in [
            "bcdefghij",
            "mnbvcxzlkj",
            "        ",
            "zxcvbnmasd",
            &"가".repeat(8),
        ] {
            assert!(
                check_policy(easy, "me@b.c").is_err_and(|e| e.message.contains("easy to guess")),
                "{easy:?}"
            );
        }
        // The passwords the test suites sign up with (crates/*/tests, web/e2e, web/contract).
        for used in [
            "correct horse battery",
            "correct horse battery staple",
            "a quiet river 42",
            "a louder river 43",
            "a much better secret",
            "another fine secret",
            "a third fine secret",
            "a new long secret",
            "another long secret",
            "reset through smtp",
            "another fine passphrase",
            "matrix password 1",
            "bench password 1",
        ] {
            assert!(check_policy(used, "me@example.com").is_ok(), "{used:?}");
        }
    }
}
