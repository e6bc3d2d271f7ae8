//! The sets authored in code (`writeit_core`): the Hangul jamo and the letters, and the Hangul
//! vectors composed from the jamo that both composers must reproduce.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use writeit_core::entity::Stroke;
use writeit_core::hangul::{self, jamo};
use writeit_core::strokes;

use super::set::{write_files, CharacterSet, SetCharacter};

/// The Hangul jamo set, authored in `writeit_core::hangul::jamo`.
pub fn jamo_set() -> CharacterSet {
    CharacterSet {
        set: "ko-jamo".into(),
        language_code: "ko".into(),
        source: jamo::SOURCE.into(),
        characters: jamo::all()
            .map(|c| SetCharacter {
                value: c.to_string(),
                strokes: jamo::strokes_of(c).expect("every jamo is authored"),
            })
            .collect(),
    }
}

/// Every set authored in code: the jamo and the letters.
pub fn authored_sets() -> Vec<CharacterSet> {
    let mut sets = vec![jamo_set()];
    for letters in strokes::letters::all() {
        sets.push(CharacterSet {
            set: letters.set.into(),
            language_code: letters.language_code.into(),
            source: strokes::letters::SOURCE.into(),
            characters: letters
                .characters
                .into_iter()
                .map(|(value, strokes)| SetCharacter { value, strokes })
                .collect(),
        });
    }
    sets
}

/// Syllables whose composition is pinned in the vectors file: every layout, with and without a
/// final, double initials and finals, and the examples of the issue (한, 닭, 의).
pub const VECTOR_SYLLABLES: &str = "가개고과괘의각객곡곽괙읜한닭의까떡뷁쀍똠힣앎값왜웬위";

/// The shared vectors both composers must reproduce: the jamo they start from are the committed
/// `ko-jamo` set, so this is a function of that file alone.
pub fn hangul_vectors(jamo_set: &CharacterSet) -> String {
    let table: HashMap<char, &[Stroke]> = jamo_set
        .characters
        .iter()
        .filter_map(|c| Some((c.value.chars().next()?, c.strokes.as_slice())))
        .collect();
    let mut out = String::from("[\n");
    let syllables: Vec<char> = VECTOR_SYLLABLES.chars().collect();
    for (i, s) in syllables.iter().enumerate() {
        let strokes =
            hangul::compose(*s, |j| table.get(&j).copied()).expect("every vector syllable");
        let row = SetCharacter {
            value: s.to_string(),
            strokes,
        };
        out.push_str(&serde_json::to_string(&row).expect("json"));
        out.push_str(if i + 1 < syllables.len() { ",\n" } else { "\n" });
    }
    out.push_str("]\n");
    out
}

/// Writes (or with `check`, compares) the files made from code: the authored sets and the Hangul
/// vectors. Returns the paths that differ (in check mode) or were written.
pub fn build_authored(dir: &Path, check: bool) -> anyhow::Result<Vec<PathBuf>> {
    let sets = authored_sets();
    let mut files: Vec<(PathBuf, String)> = sets
        .iter()
        .map(|s| (dir.join(format!("{}.json", s.set)), s.to_json()))
        .collect();
    files.push((dir.join("hangul-vectors.json"), hangul_vectors(&sets[0])));
    write_files(files, check)
}
