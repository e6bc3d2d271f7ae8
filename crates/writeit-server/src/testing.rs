//! Starting a real server on 127.0.0.1:0 for tests and benchmarks, and a simulated learner's
//! history to give it.

use std::collections::HashMap;
use std::net::SocketAddr;

use writeit_core::card::card_id;
use writeit_core::entity::{CardKind, Entry, UserReview};
use writeit_store::{Role, SharedStore, Store};

use crate::app::app;
use crate::auth::{SigningKeys, Verifier};
use crate::identity::{Identity, IdentityConfig};
use crate::state::AppState;

/// A server running until the test ends.
type Serving = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// A running server and what a test needs to call it.
pub struct TestServer {
    pub addr: SocketAddr,
    pub store: SharedStore,
    pub state: AppState,
    _task: tokio::task::JoinHandle<()>,
}

impl TestServer {
    /// Serves `store` on a free loopback port with a fresh signing key.
    pub async fn start(store: SharedStore) -> TestServer {
        Self::start_with_web(store, None).await
    }

    /// Same, also serving a web build from `web_dir`.
    pub async fn start_with_web(
        store: SharedStore,
        web_dir: Option<std::path::PathBuf>,
    ) -> TestServer {
        Self::start_with(store, web_dir, |_| {}).await
    }

    /// Serves `store` with the identity set-up changed by `configure` (mail goes to a fresh
    /// temporary outbox, [`TestServer::outbox`]).
    pub async fn start_with(
        store: SharedStore,
        web_dir: Option<std::path::PathBuf>,
        configure: impl FnOnce(&mut IdentityConfig),
    ) -> TestServer {
        let keys = (SigningKeys::generate(), crate::identity::Sealer::generate());
        Self::start_with_keys(store, web_dir, configure, keys, Default::default()).await
    }

    /// Serves `store` holding uploaders to the media quota of `media`.
    pub async fn start_with_media(
        store: SharedStore,
        media: crate::media_collector::MediaPolicy,
    ) -> TestServer {
        let keys = (SigningKeys::generate(), crate::identity::Sealer::generate());
        Self::start_with_keys(store, None, |_| {}, keys, media).await
    }

    /// Serves `store` with the keys of folder `keys_dir` (made when missing), as `serve
    /// --keys-dir` does: servers started over one folder and one database act as one.
    pub async fn start_sharing_keys(
        store: SharedStore,
        keys_dir: &std::path::Path,
        configure: impl FnOnce(&mut IdentityConfig),
    ) -> TestServer {
        let keys = (
            SigningKeys::load_or_create(keys_dir).expect("ID-token keys"),
            crate::identity::Sealer::load_or_create(keys_dir).expect("TOTP secrets key"),
        );
        Self::start_with_keys(store, None, configure, keys, Default::default()).await
    }

    /// Serves `store` through `writeit serve`'s own accept loop (header and body timeouts,
    /// admission control) with `serve` flags such as `["--max-connections", "100"]` (the others
    /// at their defaults), the identity set-up changed by `configure`.
    pub async fn start_serving(
        store: SharedStore,
        flags: &[&str],
        configure: impl FnOnce(&mut IdentityConfig),
    ) -> TestServer {
        #[derive(clap::Parser)]
        struct Flags {
            #[command(flatten)]
            limits: crate::serve::TimeLimits,
            #[command(flatten)]
            admission: crate::admission::AdmissionFlags,
        }
        let flags = <Flags as clap::Parser>::parse_from(
            std::iter::once("serve").chain(flags.iter().copied()),
        );
        let keys = (SigningKeys::generate(), crate::identity::Sealer::generate());
        Self::start_on(
            store,
            None,
            configure,
            keys,
            move |listener, app| {
                Box::pin(async move {
                    crate::serve::run(
                        listener,
                        app,
                        &flags.limits,
                        &flags.admission,
                        std::future::pending(),
                    )
                    .await
                })
            },
            Default::default(),
        )
        .await
    }

    async fn start_with_keys(
        store: SharedStore,
        web_dir: Option<std::path::PathBuf>,
        configure: impl FnOnce(&mut IdentityConfig),
        keys: (SigningKeys, crate::identity::Sealer),
        media: crate::media_collector::MediaPolicy,
    ) -> TestServer {
        Self::start_on(
            store,
            web_dir,
            configure,
            keys,
            |listener, app| {
                let router = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
                Box::pin(async move {
                    let _ = axum::serve(listener, router).await;
                })
            },
            media,
        )
        .await
    }

    async fn start_on(
        store: SharedStore,
        web_dir: Option<std::path::PathBuf>,
        configure: impl FnOnce(&mut IdentityConfig),
        (keys, sealer): (SigningKeys, crate::identity::Sealer),
        serve: impl FnOnce(tokio::net::TcpListener, axum::Router) -> Serving,
        media: crate::media_collector::MediaPolicy,
    ) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let mut config = IdentityConfig {
            public_url: format!("http://{addr}"),
            outbox_dir: std::env::temp_dir()
                .join(format!("writeit-outbox-{}", uuid::Uuid::now_v7().simple())),
            // Tests call with made-up users ([`TestServer::bearer`]), as `--dev-tokens` allows.
            dev_tokens: true,
            ..Default::default()
        };
        configure(&mut config);
        let identity = Identity::new(config, sealer).expect("identity set-up");
        // The fitter looks at once: tests wait for it, not for a session to settle.
        let state = AppState::with_media(
            store.clone(),
            Verifier::new(&keys),
            identity,
            std::time::Duration::ZERO,
            media,
        );
        state.fitter.resume();
        let task = tokio::spawn(serve(listener, app(state.clone(), web_dir)));
        TestServer {
            addr,
            store,
            state,
            _task: task,
        }
    }

    /// The folder mail is written to.
    pub fn outbox(&self) -> std::path::PathBuf {
        self.state.identity.config.outbox_dir.clone()
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A valid `Authorization` header value for `sub` with `role` (and editor languages): a
    /// development token, accepted for a subject with no account only with `dev_tokens`.
    pub fn bearer(&self, sub: &str, role: Role, langs: &[&str]) -> String {
        let claims = Verifier::claims(sub, role, langs, crate::clock::now_secs(), 3600);
        format!("Bearer {}", self.state.verifier.mint(&claims))
    }
}

/// A simulated learner's log of `n` reviews (`writeit_core::fit::simulate`: true weights unlike
/// the defaults), moved in time to end yesterday, on Korean entries saved in `store` for it (the
/// `ko` language must exist: the starter content has it).
pub async fn simulated_log(store: &dyn Store, seed: u64, n: usize) -> Vec<UserReview> {
    let log = writeit_core::fit::simulate::learner(seed)
        .with_history(n)
        .log;
    let last = log.iter().map(|r| r.reviewed_at).max().unwrap_or(0);
    let shift = crate::clock::now_ms() - 86_400_000 - last;
    let mut entries: HashMap<String, String> = HashMap::new();
    for r in &log {
        let next = entries.len();
        entries
            .entry(r.entry_id.clone())
            .or_insert_with(|| format!("0190a4b2-7c1e-7d3a-9b2f-{next:012x}"));
    }
    let rows: Vec<Entry> = entries
        .values()
        .map(|id| Entry {
            id: id.clone(),
            language_code: "ko".into(),
            text: format!("낱말 {id}"),
            reading: String::new(),
            meanings: vec![],
            notes: String::new(),
            examples: vec![],
            audio_url: None,
            updated_at: 0,
            deleted: false,
        })
        .collect();
    for chunk in rows.chunks(5_000) {
        store
            .save_entries(chunk.to_vec(), &|_| true)
            .await
            .expect("the simulated learner's entries are saved");
    }
    log.into_iter()
        .enumerate()
        .map(|(i, r)| {
            let entry = entries[&r.entry_id].clone();
            UserReview {
                id: format!("0190a4b3-0000-7000-8000-{i:012x}"),
                card_id: card_id(&entry, CardKind::Reading),
                entry_id: entry,
                reviewed_at: r.reviewed_at + shift,
                ..r
            }
        })
        .collect()
}
