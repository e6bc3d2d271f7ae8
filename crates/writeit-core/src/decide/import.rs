//! How an import that reuses duplicates maps its rows onto entries: by exact text within the
//! deck's language, the oldest entry first, then the file's own earlier rows.

use std::collections::{HashMap, HashSet};

use crate::entity::Entry;

/// What an import with reuse writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// New entries to write, in file order.
    pub create: Vec<Entry>,
    /// Ids to append to the deck's list (each once, none it already lists).
    pub append: Vec<String>,
    /// Rows that named an entry already there.
    pub reused: usize,
}

/// Decides each row of `rows` for a deck in `language` that lists `listed`, given the language's
/// live entries `known` as (id, text) oldest first (the store reads them by id, and UUIDv7 ids
/// sort by age). A row is reused only when it is in the deck's language; any row's text then
/// names it for later rows.
pub fn reuse_by_text(
    language: &str,
    listed: &[String],
    known: Vec<(String, String)>,
    rows: Vec<Entry>,
) -> Plan {
    let mut by_text: HashMap<String, String> = HashMap::new();
    for (id, text) in known {
        by_text.entry(text).or_insert(id);
    }
    let mut listed: HashSet<String> = listed.iter().cloned().collect();
    let mut plan = Plan::default();
    for e in rows {
        let existing = (e.language_code == language)
            .then(|| by_text.get(&e.text).cloned())
            .flatten();
        let id = match existing {
            // Listed instead; its fields are left as they are.
            Some(id) => {
                plan.reused += 1;
                id
            }
            None => {
                by_text.insert(e.text.clone(), e.id.clone());
                let id = e.id.clone();
                plan.create.push(e);
                id
            }
        };
        if listed.insert(id.clone()) {
            plan.append.push(id);
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, language: &str, text: &str) -> Entry {
        Entry {
            id: id.into(),
            language_code: language.into(),
            text: text.into(),
            reading: String::new(),
            meanings: vec![],
            notes: String::new(),
            examples: vec![],
            audio_url: None,
            updated_at: 0,
            deleted: false,
        }
    }

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn plans() {
        let known = || vec![("k1".into(), "水".into()), ("k2".into(), "水".into())];
        // (listed, known, rows as (id, language, text), expected created, appended, reused)
        type Case = (
            Vec<String>,
            Vec<(String, String)>,
            Vec<(&'static str, &'static str, &'static str)>,
            Vec<&'static str>,
            Vec<&'static str>,
            usize,
        );
        let rows: Vec<Case> = vec![
            // Nothing known: every row new.
            (
                vec![],
                vec![],
                vec![("a", "ja", "火")],
                vec!["a"],
                vec!["a"],
                0,
            ),
            // The oldest of two entries sharing a text is reused.
            (
                vec![],
                known(),
                vec![("a", "ja", "水")],
                vec![],
                vec!["k1"],
                1,
            ),
            // Already listed: reused, not listed again.
            (
                ids(&["k1"]),
                known(),
                vec![("a", "ja", "水")],
                vec![],
                vec![],
                1,
            ),
            // A later row of the same text reuses the file's first.
            (
                vec![],
                vec![],
                vec![("a", "ja", "火"), ("b", "ja", "火")],
                vec!["a"],
                vec!["a"],
                1,
            ),
            // Another language's row is never reused, but names its text for later rows.
            (
                vec![],
                known(),
                vec![("a", "zh", "水"), ("b", "ja", "木"), ("c", "zh", "木")],
                vec!["a", "b", "c"],
                vec!["a", "b", "c"],
                0,
            ),
            (
                vec![],
                vec![],
                vec![("a", "zh", "木"), ("b", "ja", "木")],
                vec!["a"],
                vec!["a"],
                1,
            ),
        ];
        for (i, (listed, known, input, created, appended, reused)) in rows.into_iter().enumerate() {
            let input = input
                .into_iter()
                .map(|(id, l, t)| entry(id, l, t))
                .collect();
            let plan = reuse_by_text("ja", &listed, known, input);
            let made: Vec<&str> = plan.create.iter().map(|e| e.id.as_str()).collect();
            assert_eq!(made, created, "row {i}: created");
            assert_eq!(plan.append, ids(&appended), "row {i}: appended");
            assert_eq!(plan.reused, reused, "row {i}: reused");
        }
    }
}
