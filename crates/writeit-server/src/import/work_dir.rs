//! A temporary folder for the files of one import or export, removed when it is dropped.

use std::path::PathBuf;

/// A temporary folder removed on drop.
pub(crate) struct WorkDir(pub PathBuf);

impl WorkDir {
    /// A fresh folder under the system's temporary folder.
    pub fn new() -> std::io::Result<WorkDir> {
        let dir =
            std::env::temp_dir().join(format!("writeit-import-{}", uuid::Uuid::now_v7().simple()));
        std::fs::create_dir_all(&dir)?;
        Ok(WorkDir(dir))
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
