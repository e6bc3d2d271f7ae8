//! The process's limit of open files, raised from its soft value to the hard one at start: every
//! connection is a descriptor, and a soft limit of 1,024 (a common default) would fail accepts
//! before `--max-connections` is reached.

/// The soft and hard limits of open files before and after raising the soft one to the hard one
/// (Linux; elsewhere nothing is changed and `None` answered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenFiles {
    pub before: u64,
    pub now: u64,
    pub hard: u64,
}

/// Raises the soft limit to the hard one.
pub fn raise() -> Option<OpenFiles> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write the one struct given, owned here.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            let before = limit.rlim_cur;
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
            Some(OpenFiles {
                before,
                now: limit.rlim_cur,
                hard: limit.rlim_max,
            })
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        None
    }
}

/// Raises the limit and logs it, warning when `connections` (plus room for the database, files
/// and logs) do not fit under it.
pub fn raise_and_log(connections: usize) {
    let Some(limit) = raise() else {
        return;
    };
    if limit.now > limit.before {
        tracing::info!(
            from = limit.before,
            to = limit.now,
            "raised the open-files limit to its hard limit"
        );
    } else {
        tracing::info!(limit = limit.now, "open-files limit");
    }
    let needed = connections as u64 + 256;
    if limit.now < needed {
        tracing::warn!(
            limit = limit.now,
            needed,
            "the open-files limit is below --max-connections plus 256: raise the hard limit (ulimit -Hn, LimitNOFILE=) or lower --max-connections"
        );
    }
}
