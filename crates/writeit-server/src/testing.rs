//! Starting a real server on 127.0.0.1:0 for tests and benchmarks.

use std::net::SocketAddr;

use writeit_store::{Role, SharedStore};

use crate::app::{app, AppState};
use crate::auth::{SigningKeys, Verifier};

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
        let state = AppState::new(store.clone(), Verifier::new(&SigningKeys::generate()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let router = app(state.clone(), web_dir);
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

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A valid `Authorization` header value for `sub` with `role` (and editor languages).
    pub fn bearer(&self, sub: &str, role: Role, langs: &[&str]) -> String {
        let claims = Verifier::claims(sub, role, langs, crate::clock::now_secs(), 3600);
        format!("Bearer {}", self.state.verifier.mint(&claims))
    }
}
