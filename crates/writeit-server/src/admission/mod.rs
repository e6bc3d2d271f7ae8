//! Admission control: what one instance takes on at once, so that overload costs a fast 503
//! instead of memory and every learner's latency (issue 36). Its flags ([`AdmissionFlags`]), and
//! one module per bound: `connections` (open connections, the idle ones given up first),
//! `requests` (requests in flight), `body_rate` (a body's minimum average rate) and `open_files`
//! (the process's descriptor limit raised to fit); `gate` is what each request passes, in order.
//! The accept loop in `serve.rs` applies them.
//! Password hashing has its own fair queue (`identity/hash_queue.rs`).
//!
//! Every bound here is per instance, as the CPU, memory and descriptors it protects are: behind
//! a load balancer each instance sheds its own overload (docs/deploy.md, "Admission control").

mod body_rate;
mod connections;
mod gate;
pub mod open_files;
mod requests;

pub use body_rate::{enforce_body_rate, BodyRate};
pub use connections::{Admitted, ConnectionHandle, Connections};
pub use gate::{Gate, READ_FIRST_MAX};
pub use requests::{Holding, Place, Requests, StepAside};

/// Connections held at once by default: about 17 KiB each when idle (10,000 took 170 MiB, make
/// bench), so 1,024 stay under 20 MiB; well above what a balancer in front needs
/// (docs/deploy.md).
pub const MAX_CONNECTIONS: usize = 1024;
/// Requests in flight by default. Two cores answer a few thousand small requests a second: 256
/// absorb a burst of them (at 128, a burst of 3,300 refused 2 % of a learner's calls, make
/// bench), and more in flight would only wait longer for the database; each may hold a page of
/// rows (a few hundred KiB at most).
pub const MAX_REQUESTS: usize = 256;
/// Bytes a second a request body must average once past its grace (Kestrel's default is 240; a
/// phone on 2G sends about 5,000).
pub const MIN_BODY_RATE: u64 = 1024;
/// Seconds before the body rate is checked.
pub const BODY_RATE_GRACE: u64 = 5;
/// Seconds a client refused for overload is asked to wait.
pub const RETRY_AFTER_SECS: u64 = 2;

/// `serve`'s admission flags (README, "Configuration").
#[derive(Clone, Debug, clap::Args)]
pub struct AdmissionFlags {
    /// Connections held open at once. At the cap a new connection takes the place of the oldest
    /// idle one; when none is idle it is answered 503 and closed.
    #[arg(long, env = "WRITEIT_MAX_CONNECTIONS", default_value_t = MAX_CONNECTIONS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_connections: usize,
    /// Requests handled at once; more are answered 503 with `Retry-After` at once (`/healthz`
    /// is never refused).
    #[arg(long, env = "WRITEIT_MAX_REQUESTS", default_value_t = MAX_REQUESTS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_requests: usize,
    /// Bytes a second a request body must average after the grace; slower is 408 TIMEOUT.
    /// 0: no minimum (the silence timeout, --body-timeout, still holds).
    #[arg(long, env = "WRITEIT_MIN_BODY_RATE", default_value_t = MIN_BODY_RATE)]
    pub min_body_rate: u64,
    /// Seconds a request body may take before its average rate is checked.
    #[arg(long, env = "WRITEIT_BODY_RATE_GRACE", default_value_t = BODY_RATE_GRACE, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_rate_grace: u64,
}

impl AdmissionFlags {
    /// The body-rate rule these flags set.
    pub fn body_rate(&self) -> BodyRate {
        BodyRate {
            bytes_per_sec: self.min_body_rate,
            grace: std::time::Duration::from_secs(self.body_rate_grace),
        }
    }
}
