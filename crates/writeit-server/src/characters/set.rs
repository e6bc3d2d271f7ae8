//! A character set file: its format, the rows it becomes, reading and writing the files, and the
//! validator run over sets before they are written or loaded.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use writeit_core::entity::{Character, Stroke};
use writeit_core::strokes::check;

/// One stored character of a set file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetCharacter {
    /// The character (one grapheme).
    pub value: String,
    /// Its strokes, in order.
    pub strokes: Vec<Stroke>,
}

/// A set file: one language, one source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CharacterSet {
    /// File stem, e.g. `ko-jamo`.
    pub set: String,
    /// Language of every character in the set.
    pub language_code: String,
    /// Origin and licence, copied into every character's `source`.
    pub source: String,
    /// The characters.
    pub characters: Vec<SetCharacter>,
}

impl CharacterSet {
    /// The set as rows of `characters`, with ids derived from language and value.
    pub fn rows(&self) -> Vec<Character> {
        self.characters
            .iter()
            .map(|c| Character {
                id: character_id(&self.language_code, &c.value),
                language_code: self.language_code.clone(),
                value: c.value.clone(),
                strokes: c.strokes.clone(),
                source: self.source.clone(),
                updated_at: 0,
                leniency: 1.0,
                alternatives: vec![],
                deleted: false,
            })
            .collect()
    }

    /// Compact JSON, one character per line, so diffs stay readable.
    pub fn to_json(&self) -> String {
        let head = serde_json::json!({
            "set": self.set, "languageCode": self.language_code, "source": self.source,
        });
        let head = serde_json::to_string(&head).expect("json");
        let mut out = format!("{},\n\"characters\": [\n", &head[..head.len() - 1]);
        for (i, c) in self.characters.iter().enumerate() {
            out.push_str(&serde_json::to_string(c).expect("json"));
            out.push_str(if i + 1 < self.characters.len() {
                ",\n"
            } else {
                "\n"
            });
        }
        out.push_str("]}\n");
        out
    }
}

/// The id of a language's character: UUIDv5 of its content, so imports update the same rows.
pub fn character_id(language_code: &str, value: &str) -> String {
    crate::content_id::id("character", &format!("{language_code}/{value}"))
}

/// Writes each file whose text differs (with `check`, only lists them); answers those paths.
pub fn write_files(files: Vec<(PathBuf, String)>, check: bool) -> anyhow::Result<Vec<PathBuf>> {
    let mut changed = Vec::new();
    for (path, text) in files {
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if !check {
            std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        changed.push(path);
    }
    Ok(changed)
}

/// Reads a set file.
pub fn read_set(path: &Path) -> anyhow::Result<CharacterSet> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a character set", path.display()))
}

/// Every set file of a folder (`*.json` but the vectors), sorted by name.
pub fn read_sets(dir: &Path) -> anyhow::Result<Vec<CharacterSet>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_stem().is_some_and(|s| s != "hangul-vectors")
        })
        .collect();
    paths.sort();
    paths.iter().map(|p| read_set(p)).collect()
}

/// Runs the validator over sets; counts per set, or every problem found.
pub fn check_sets(sets: &[CharacterSet]) -> anyhow::Result<Vec<(String, check::SetCounts)>> {
    let mut counts = Vec::new();
    let mut problems = Vec::new();
    for s in sets {
        match check::check_set(&s.rows()) {
            Ok(c) => counts.push((s.set.clone(), c)),
            Err(p) => problems.extend(p.into_iter().map(|p| format!("{}: {p}", s.set))),
        }
    }
    if problems.is_empty() {
        Ok(counts)
    } else {
        anyhow::bail!("{} problems:\n{}", problems.len(), problems.join("\n"))
    }
}
