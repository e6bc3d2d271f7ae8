//! Sets converted from the fetched packages (`tools/characters`, see its `fetch.sh`):
//! hanzi-writer-data for Chinese, KanjiVG's centre lines for kana, kanji and Latin letters, and
//! the starter sets cut from them to what the shipped decks use.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;
use writeit_core::entity::Stroke;
use writeit_core::strokes;
use writeit_core::strokes::kurbo::{Affine, BezPath};

use super::set::{write_files, CharacterSet, SetCharacter};

/// Source of the Chinese set.
pub const ZH_SOURCE: &str = "hanzi-writer-data 2.0.1 (Make Me a Hanzi, from Arphic fonts); \
                             licence: Arphic Public License";
/// Source of the Japanese sets.
pub const KANJIVG_SOURCE: &str = "KanjiVG 20260714 (Ulrich Apel), outlines stroked from its \
                                  centre lines by WriteIt; licence: CC BY-SA 3.0";
/// Pen width of outlines made from KanjiVG centre lines (its own drawings use 3 in 109).
const KANJIVG_WIDTH: f64 = 48.0;

/// Where the fetched packages are: `tools/characters` (see its `fetch.sh`).
#[derive(Clone, Debug)]
pub struct Sources {
    /// The folder holding `fetch.sh`, `node_modules/` and `python/`.
    pub dir: PathBuf,
}

impl Sources {
    fn hanzi_dir(&self) -> PathBuf {
        self.dir.join("node_modules/hanzi-writer-data")
    }
    fn kanjivg_dir(&self) -> PathBuf {
        self.dir.join("python/kanji")
    }
    fn joyo_file(&self) -> PathBuf {
        self.dir.join("node_modules/joyo-kanji/index.js")
    }

    /// Runs `fetch.sh` unless every package is there already.
    pub fn ensure(&self) -> anyhow::Result<()> {
        if self.hanzi_dir().join("package.json").is_file()
            && self.kanjivg_dir().is_dir()
            && self.joyo_file().is_file()
        {
            return Ok(());
        }
        eprintln!(
            "fetching the character packages into {} …",
            self.dir.display()
        );
        let status = std::process::Command::new("bash")
            .arg(self.dir.join("fetch.sh"))
            .status()
            .context("cannot run fetch.sh")?;
        anyhow::ensure!(status.success(), "fetch.sh failed ({status})");
        Ok(())
    }
}

/// Converts hanzi-writer-data (1024 wide, y up, baseline offset: y' = 900 − y) to the box.
/// `only`, when given, keeps just those characters.
pub fn chinese(sources: &Sources, only: Option<&BTreeSet<String>>) -> anyhow::Result<CharacterSet> {
    #[derive(Deserialize)]
    struct HanziFile {
        strokes: Vec<String>,
        medians: Vec<Vec<[f64; 2]>>,
    }
    let dir = sources.hanzi_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_stem()
                    .and_then(|s| s.to_str())
                    .is_some_and(|s| s.chars().count() == 1)
        })
        .collect();
    paths.sort();
    let flip = Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, 900.0]);
    let mut characters = Vec::new();
    for path in paths {
        let value = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if only.is_some_and(|o| !o.contains(&value)) {
            continue;
        }
        let file: HanziFile = serde_json::from_str(&std::fs::read_to_string(&path)?)
            .with_context(|| format!("{} is not hanzi-writer-data", path.display()))?;
        anyhow::ensure!(
            file.strokes.len() == file.medians.len(),
            "{value}: strokes ≠ medians"
        );
        let strokes = file
            .strokes
            .iter()
            .zip(&file.medians)
            .map(|(d, median)| {
                let path = strokes::transform_svg(d, flip).map_err(anyhow::Error::msg)?;
                let mut m: Vec<[i32; 2]> = Vec::with_capacity(median.len());
                for &[x, y] in median {
                    let p = [clamp(x), clamp(900.0 - y)];
                    if m.last() != Some(&p) {
                        m.push(p);
                    }
                }
                Ok(Stroke { path, median: m })
            })
            .collect::<anyhow::Result<Vec<_>>>()
            .with_context(|| format!("character {value}"))?;
        characters.push(SetCharacter { value, strokes });
    }
    Ok(CharacterSet {
        set: "zh".into(),
        language_code: "zh".into(),
        source: ZH_SOURCE.into(),
        characters,
    })
}

fn clamp(v: f64) -> i32 {
    (v.round() as i32).clamp(0, writeit_core::limits::STROKE_BOX)
}

/// The 2,136 jōyō kanji, from the `joyo-kanji` package.
pub fn joyo(sources: &Sources) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(sources.joyo_file())
        .with_context(|| format!("cannot read {}", sources.joyo_file().display()))?;
    let start = text.find('[').context("joyo-kanji: no list")?;
    let end = text.rfind(']').context("joyo-kanji: no list")?;
    let list: Vec<String> = serde_json::from_str(&text[start..=end]).context("joyo-kanji list")?;
    Ok(list)
}

/// True for hiragana and katakana (U+3040–U+30FF).
pub fn is_kana(value: &str) -> bool {
    value
        .chars()
        .all(|c| ('\u{3040}'..='\u{30FF}').contains(&c))
}

/// One KanjiVG file as strokes: centre lines scaled from the 109 box, stroked with a round pen.
pub fn kanjivg_character(svg: &str) -> anyhow::Result<Vec<Stroke>> {
    let doc = roxmltree::Document::parse_with_options(
        svg,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )?;
    let to_box = Affine::scale(f64::from(writeit_core::limits::STROKE_BOX) / 109.0);
    // Stroke paths carry ids `kvg:XXXXX-sN`; the numbers give the order (document order agrees).
    let mut numbered: Vec<(u32, &str)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| {
            let id = n.attribute("id")?;
            let number = id.rsplit_once("-s")?.1.parse().ok()?;
            Some((number, n.attribute("d")?))
        })
        .collect();
    numbered.sort_by_key(|(n, _)| *n);
    numbered
        .iter()
        .map(|(n, d)| {
            let mut path = BezPath::from_svg(d).map_err(|e| anyhow::anyhow!("stroke {n}: {e}"))?;
            path.apply_affine(to_box);
            strokes::stroke_from_path(&path, KANJIVG_WIDTH)
                .map_err(|e| anyhow::anyhow!("stroke {n}: {e}"))
        })
        .collect()
}

/// Converts KanjiVG characters: the kana when `kana`, plus `kanji` (by value).
pub fn japanese(
    sources: &Sources,
    set: &str,
    kana: bool,
    kanji: &BTreeSet<String>,
) -> anyhow::Result<CharacterSet> {
    let out = kanjivg_set(sources, set, "ja", |v| {
        (kana && is_kana(v)) || kanji.contains(v)
    })?;
    let found: BTreeSet<&String> = out.characters.iter().map(|c| &c.value).collect();
    let missing: Vec<&String> = kanji.iter().filter(|k| !found.contains(k)).collect();
    if !missing.is_empty() {
        eprintln!(
            "KanjiVG has no file for {} kanji: {missing:?}",
            missing.len()
        );
    }
    Ok(out)
}

/// The Latin letters A–Z and a–z, which KanjiVG also draws (for en).
pub fn latin(sources: &Sources) -> anyhow::Result<CharacterSet> {
    kanjivg_set(sources, "en", "en", |v| {
        v.chars().all(|c| c.is_ascii_alphabetic())
    })
}

/// Every KanjiVG character whose value `keep` accepts, in code point order.
fn kanjivg_set(
    sources: &Sources,
    set: &str,
    language_code: &str,
    keep: impl Fn(&str) -> bool,
) -> anyhow::Result<CharacterSet> {
    let dir = sources.kanjivg_dir();
    let mut wanted: Vec<(u32, PathBuf)> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            // Variants are `XXXXX-Kaisho.svg` and the like: only the plain file counts.
            let stem = p.file_stem()?.to_str()?;
            let code = u32::from_str_radix(stem, 16).ok()?;
            keep(&char::from_u32(code)?.to_string()).then_some((code, p))
        })
        .collect();
    wanted.sort();
    let mut characters = Vec::new();
    for (code, path) in &wanted {
        let value = char::from_u32(*code).unwrap_or_default().to_string();
        let svg = std::fs::read_to_string(path)?;
        let strokes =
            kanjivg_character(&svg).with_context(|| format!("{} ({value})", path.display()))?;
        characters.push(SetCharacter { value, strokes });
    }
    Ok(CharacterSet {
        set: set.into(),
        language_code: language_code.into(),
        source: KANJIVG_SOURCE.into(),
        characters,
    })
}

/// The CJK characters (Han ideographs) the shipped decks of a language use, in entries and
/// examples.
pub fn deck_han(starter_dir: &Path, language_code: &str) -> anyhow::Result<BTreeSet<String>> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Deck {
        language_code: String,
        entries: Vec<Entry>,
    }
    #[derive(Deserialize)]
    struct Entry {
        text: String,
        #[serde(default)]
        examples: Vec<Example>,
    }
    #[derive(Deserialize)]
    struct Example {
        text: String,
    }
    let mut out = BTreeSet::new();
    let dir = starter_dir.join("decks");
    for e in std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = e?.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let deck: Deck = serde_json::from_str(&std::fs::read_to_string(&path)?)
            .with_context(|| format!("{}", path.display()))?;
        if deck.language_code != language_code {
            continue;
        }
        for entry in &deck.entries {
            let texts = std::iter::once(&entry.text).chain(entry.examples.iter().map(|x| &x.text));
            for text in texts {
                out.extend(text.chars().filter(|c| is_han(*c)).map(String::from));
            }
        }
    }
    Ok(out)
}

fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F)
}

/// Writes (or with `check`, compares) the starter sets cut from the packages: the kana, the kanji
/// and the hanzi the shipped decks use, and KanjiVG's Latin letters (en).
pub fn build_starter_cjk(
    starter_dir: &Path,
    sources: &Sources,
    check: bool,
) -> anyhow::Result<Vec<PathBuf>> {
    let dir = starter_dir.join("characters");
    let kana = japanese(sources, "ja-kana", true, &BTreeSet::new())?;
    let kanji = japanese(sources, "ja-starter", false, &deck_han(starter_dir, "ja")?)?;
    let mut zh = chinese(sources, Some(&deck_han(starter_dir, "zh")?))?;
    zh.set = "zh-starter".into();
    let en = latin(sources)?;
    write_files(
        [kana, kanji, zh, en]
            .iter()
            .map(|s| (dir.join(format!("{}.json", s.set)), s.to_json()))
            .collect(),
        check,
    )
}
