//! Serving the built web app: files from the build folder, client routes fall back to index.html.

use std::path::PathBuf;

use tower_http::services::{ServeDir, ServeFile};

/// A service for the web build in `dir`.
pub fn service(dir: PathBuf) -> ServeDir<ServeFile> {
    let index = dir.join("index.html");
    ServeDir::new(dir).fallback(ServeFile::new(index))
}
