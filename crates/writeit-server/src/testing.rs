//! Starting a real server on 127.0.0.1:0 for tests and benchmarks.

use std::net::SocketAddr;

use writeit_store::{Role, SharedStore};

use crate::app::app;
use crate::auth::{SigningKeys, Verifier};
use crate::identity::{Identity, IdentityConfig};
use crate::state::AppState;

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
        let identity =
            Identity::new(config, crate::identity::Sealer::generate()).expect("identity set-up");
        // The fitter looks at once: tests wait for it, not for a session to settle.
        let state = AppState::with_fitter(
            store.clone(),
            Verifier::new(&SigningKeys::generate()),
            identity,
            std::time::Duration::ZERO,
        );
        state.fitter.resume();
        let router = app(state.clone(), web_dir)
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
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
