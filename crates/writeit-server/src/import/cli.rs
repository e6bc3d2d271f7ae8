//! `writeit import entries FILE …` and `writeit export deck ID …`: the same import and export as
//! the HTTP endpoints, straight on the database (the command line acts as an admin).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use tokio_util::sync::CancellationToken;

use super::bounds::Stop;
use super::problems::Refusal;
use super::{Format, Mapping, Options, Target};

/// `writeit import entries`.
#[derive(clap::Args, Debug)]
pub struct ImportEntries {
    /// A .csv, .tsv or .apkg file.
    pub file: PathBuf,
    /// The entries' language (with --deck: the deck's).
    #[arg(long)]
    pub language: String,
    /// Append to this existing deck (its id) instead of creating one.
    #[arg(long, conflicts_with = "title")]
    pub deck: Option<String>,
    /// Title of the new deck (default: the file name).
    #[arg(long)]
    pub title: Option<String>,
    /// Which column feeds which field, as JSON, e.g. '{"text":0,"meanings":"English"}'
    /// (default: the suggested mapping; docs/import.md).
    #[arg(long)]
    pub mapping: Option<String>,
    /// Force the format instead of going by the file's extension and content.
    #[arg(long, value_parser = ["csv", "tsv", "apkg"])]
    pub format: Option<String>,
    /// Rows whose text an entry of the language already has: `create` new entries, or `reuse`
    /// the existing ones (listed in the deck once, left as they are).
    #[arg(long, value_parser = ["create", "reuse"], default_value = "create")]
    pub duplicates: String,
    /// CSV/TSV: the first row is data, not column names.
    #[arg(long)]
    pub no_header: bool,
    #[command(flatten)]
    pub common: crate::database::CommonConfig,
}

/// `writeit export deck`.
#[derive(clap::Args, Debug)]
pub struct ExportDeck {
    /// The deck's id.
    pub deck: String,
    /// File format.
    #[arg(long, value_parser = ["csv", "apkg"], default_value = "csv")]
    pub format: String,
    /// Where to write the file.
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub common: crate::database::CommonConfig,
}

/// Runs `writeit import entries`, with progress on stderr; a refused file's rows are listed on
/// stderr, each by its line.
pub async fn import(args: ImportEntries) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let format = detect_format(&args)?;
    let options = options(&args)?;
    let store = args.common.open_store().await?;
    let mut progress = |rows: usize| eprint!("\rread {rows} rows   ");
    let (entries, media, skipped) = match format {
        Format::Csv | Format::Tsv => {
            let file = std::fs::File::open(&args.file)?;
            let size = file.metadata()?.len();
            if size as usize > super::FILE_BYTES_MAX {
                return Err(super::too_large().into());
            }
            let options = options.clone();
            let rows = tokio::task::spawn_blocking(move || {
                let stop = Stop::cancel_only(CancellationToken::new());
                super::http::read_csv(file, format, &options, &mut progress, &stop)
            })
            .await?;
            eprintln!();
            let rows = rows.map_err(|refusal| match refusal {
                Refusal::Error(e) => anyhow::Error::from(e),
                Refusal::Rows(rows) => anyhow::anyhow!("{}", rows.describe()),
            })?;
            (rows.entries, Vec::new(), rows.skipped)
        }
        Format::Apkg => {
            let dir = super::work_dir::WorkDir::new()?;
            // The operator's own file: the same bounds, but an hour to read it.
            let stop = Stop::within(CancellationToken::new(), Duration::from_secs(3600));
            let (file, path) = (args.file.clone(), dir.0.clone());
            let read_stop = stop.clone();
            let collection =
                tokio::task::spawn_blocking(move || super::anki::read(&file, &path, &read_stop))
                    .await??;
            for w in collection.preview().warnings {
                eprintln!("note: {w}");
            }
            let mapping = match &options.mapping {
                Some(m) => m.clone(),
                None => collection.preview().suggested,
            };
            let mut entries = collection.entries(&mapping, &options.language, &mut progress)?;
            eprintln!();
            let skipped = collection.notes.len() - entries.len();
            let attached =
                super::media::attach_audio(&args.file, &collection, &mut entries, &stop)?;
            for skipped in &attached.skipped {
                eprintln!("note: sound file left out: {skipped}");
            }
            (entries, attached.media, skipped)
        }
    };
    let operator = writeit_store::Uploader::operator();
    let saved = super::save(&*store, &options, entries, media, operator, &|_| true).await?;
    let ms = start.elapsed().as_millis() as u64;
    let done = super::done(&saved, &options.target, skipped, ms, Vec::new());
    println!(
        "{} Deck {}, in {:.2} s.",
        super::describe_done(&done),
        done.deck_id,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The file's format: `--format`, else its extension, else its first bytes.
fn detect_format(args: &ImportEntries) -> anyhow::Result<Format> {
    let extension = args
        .file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let named = args.format.clone().or(extension);
    let mut head = [0u8; 4];
    {
        use std::io::Read;
        let mut f = std::fs::File::open(&args.file)
            .with_context(|| format!("cannot open {}", args.file.display()))?;
        let _ = f.read(&mut head)?;
    }
    Ok(Format::detect(named.as_deref(), None, &head))
}

/// The import's options from the flags: a new deck titled after the file unless `--deck` or
/// `--title` says otherwise; checked.
fn options(args: &ImportEntries) -> anyhow::Result<Options> {
    let target = match (&args.deck, &args.title) {
        (Some(id), _) => Target::Existing(id.clone()),
        (None, title) => Target::New {
            title: title.clone().unwrap_or_else(|| {
                args.file
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "Imported".into())
            }),
            description: String::new(),
        },
    };
    let options = Options {
        language: args.language.clone(),
        target,
        mapping: args.mapping.as_deref().map(Mapping::parse).transpose()?,
        has_header: !args.no_header,
        duplicates: if args.duplicates == "reuse" {
            writeit_store::Duplicates::Reuse
        } else {
            writeit_store::Duplicates::Create
        },
    };
    options.check()?;
    Ok(options)
}

/// Runs `writeit export deck`.
pub async fn export(args: ExportDeck) -> anyhow::Result<()> {
    let store = args.common.open_store().await?;
    let deck = store
        .deck(&args.deck)
        .await?
        .filter(|d| !d.deleted)
        .with_context(|| format!("no deck '{}'", args.deck))?;
    let format = if args.format == "apkg" {
        Format::Apkg
    } else {
        Format::Csv
    };
    let (bytes, _) = super::export::deck_file(&*store, &deck, format).await?;
    std::fs::write(&args.out, &bytes)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!(
        "wrote deck '{}' ({} entries) to {}",
        deck.title,
        deck.entry_ids.len(),
        args.out.display()
    );
    Ok(())
}
