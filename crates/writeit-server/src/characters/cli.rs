//! `writeit characters build|check|preview` (the set files) and `writeit import characters`
//! (a set into the database).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use writeit_core::entity::Stroke;
use writeit_core::hangul;
use writeit_core::strokes;

use super::authored::build_authored;
use super::convert::{build_starter_cjk, chinese, japanese, joyo, Sources};
use super::load::import;
use super::set::{check_sets, read_set, read_sets, CharacterSet};

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
        } => build(&starter_dir, sources_dir, cjk, check),
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
            let jamo = read_set(&starter_dir.join("characters/ko-jamo.json")).ok();
            let cells = preview_cells(&sets, jamo.as_ref(), &text)?;
            let cells: Vec<(&str, &[Stroke])> = cells
                .iter()
                .map(|(v, s)| (v.as_str(), s.as_slice()))
                .collect();
            std::fs::write(&out, strokes::preview_svg(&cells, 16))?;
            println!("wrote {}", out.display());
            Ok(())
        }
    }
}

/// `writeit characters build`: the authored files and, with `cjk`, the sets cut from the
/// packages; with `check`, fails naming the files that differ instead of writing them.
fn build(starter_dir: &Path, sources_dir: PathBuf, cjk: bool, check: bool) -> anyhow::Result<()> {
    let mut changed = build_authored(&starter_dir.join("characters"), check)?;
    if cjk {
        let sources = Sources { dir: sources_dir };
        sources.ensure()?;
        changed.extend(build_starter_cjk(starter_dir, &sources, check)?);
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

/// The characters a contact sheet draws: those of `text` (every character of the sets when
/// empty), from the sets, else Hangul syllables composed from the `jamo` set.
fn preview_cells(
    sets: &[CharacterSet],
    jamo: Option<&CharacterSet>,
    text: &str,
) -> anyhow::Result<Vec<(String, Vec<Stroke>)>> {
    let by_value: HashMap<&str, &[Stroke]> = sets
        .iter()
        .flat_map(|s| s.characters.iter())
        .map(|c| (c.value.as_str(), c.strokes.as_slice()))
        .collect();
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
    wanted
        .into_iter()
        .map(|v| {
            let strokes = match by_value.get(v.as_str()) {
                Some(s) => s.to_vec(),
                None => v
                    .chars()
                    .next()
                    .and_then(|c| hangul::compose(c, |j| jamo_table.get(&j).copied()))
                    .with_context(|| format!("{v} is not in the set"))?,
            };
            Ok((v, strokes))
        })
        .collect()
}

/// `writeit import …`: what to load.
#[derive(clap::Subcommand)]
pub enum ImportCommand {
    /// Load a character set: `starter`, a starter file (`ko-jamo`, `ja-kana`, `en`, …), `zh` (all
    /// of hanzi-writer-data) or `ja` (kana and the 2,136 jōyō kanji from KanjiVG). Idempotent.
    Characters {
        set: String,
        #[command(flatten)]
        common: crate::database::CommonConfig,
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
