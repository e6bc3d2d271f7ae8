//! The `writeit` command: reads flags, wires things together, runs one subcommand.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use writeit_server::auth::{SigningKeys, Verifier, LIFETIME_MAX_SECS};
use writeit_server::database::CommonConfig;
use writeit_server::identity::users::UsersCommand;
use writeit_server::serve::{KeyFlags, ServeConfig};
use writeit_store::Role;

#[derive(Parser)]
#[command(
    name = "writeit",
    version,
    about = "WriteIt: learn to read and write another language's script"
)]
struct Cli {
    /// Log format.
    #[arg(
        long,
        env = "WRITEIT_LOG_FORMAT",
        value_enum,
        default_value = "text",
        global = true
    )]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app (migrates, and seeds an empty database).
    Serve(Box<ServeConfig>),
    /// Create or upgrade the database schema, then exit.
    Migrate(CommonConfig),
    /// Load the starter content (idempotent: same ids every time).
    Seed {
        #[command(flatten)]
        common: CommonConfig,
        #[arg(long, env = "WRITEIT_STARTER_DIR", default_value = "data/starter")]
        starter_dir: PathBuf,
    },
    /// Load data into the database: `writeit import characters <set>`, `writeit import entries
    /// FILE`.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Write a deck to a file: `writeit export deck ID --format csv|apkg --out FILE`.
    #[command(subcommand)]
    Export(ExportCommand),
    /// Build, check or preview the character set files (data/starter/characters).
    #[command(subcommand)]
    Characters(writeit_server::characters::cli::CharactersCommand),
    /// Generate a large benchmark catalogue in language ko.
    Catalogue {
        #[command(flatten)]
        common: CommonConfig,
        #[arg(long, default_value_t = 50_000)]
        entries: usize,
        #[arg(long, default_value_t = 500)]
        decks: usize,
        #[arg(long, default_value_t = 10_000)]
        characters: usize,
    },
    /// Write the client's generated TypeScript (types and AppRouter), or check it is current.
    Gen {
        #[arg(long, default_value = "web/src/api/generated")]
        out: PathBuf,
        /// Fail when the files differ from what would be generated.
        #[arg(long)]
        check: bool,
    },
    /// Accounts and roles: list, grant admin or editor, revoke, disable (docs/identity.md).
    Users {
        #[command(flatten)]
        common: CommonConfig,
        #[command(subcommand)]
        action: UsersAction,
    },
    /// ID-token keys: list, rotate, retire, or print a new one for WRITEIT_ID_TOKEN_KEYS
    /// (docs/identity.md, "Keys").
    Keys {
        #[command(flatten)]
        common: CommonConfig,
        #[command(flatten)]
        keys: KeyFlags,
        #[command(subcommand)]
        action: KeysAction,
    },
    /// Print a development ID token signed with the current key (tests and benchmarks; for a
    /// user with no account, accepted only by `serve --dev-tokens`).
    Token {
        #[command(flatten)]
        common: CommonConfig,
        #[command(flatten)]
        keys: KeyFlags,
        #[arg(long)]
        sub: String,
        #[arg(long, value_enum, default_value = "user")]
        role: RoleArg,
        /// Languages an editor curates (comma-separated).
        #[arg(long, value_delimiter = ',')]
        langs: Vec<String>,
        /// Lifetime in seconds, at most the longest any server accepts (3600).
        #[arg(long, default_value_t = LIFETIME_MAX_SECS,
              value_parser = clap::value_parser!(i64).range(1..=LIFETIME_MAX_SECS))]
        ttl: i64,
    },
}

#[derive(Subcommand)]
enum ImportCommand {
    #[command(flatten)]
    Characters(writeit_server::characters::cli::ImportCommand),
    /// Entries from a CSV, TSV or Anki .apkg file into a new or an existing deck, in one
    /// transaction (docs/import.md).
    Entries(writeit_server::import::cli::ImportEntries),
    /// Standard syllabus decks with their characters' strokes: `hsk` (HSK 3.0 per level) or
    /// `jlpt` (kana, then JLPT vocabulary and kanji per level). Idempotent; see data/README.md.
    Decks(writeit_server::syllabus::cli::ImportDecks),
}

#[derive(Subcommand)]
enum ExportCommand {
    /// A deck's entries as CSV or as an Anki package (docs/import.md).
    Deck(writeit_server::import::cli::ExportDeck),
}

#[derive(Subcommand)]
enum UsersAction {
    /// Every account with its role.
    List,
    /// `grant EMAIL admin`, or `grant EMAIL editor LANG…`.
    Grant {
        email: String,
        #[arg(value_enum)]
        role: GrantRole,
        /// Languages an editor curates.
        languages: Vec<String>,
    },
    /// Make the account a plain user again.
    Revoke { email: String },
    /// Disable the account (its tokens are refused), or enable it with --enable.
    Disable {
        email: String,
        #[arg(long)]
        enable: bool,
    },
}

#[derive(Subcommand)]
enum KeysAction {
    /// Every key that verifies ID tokens, and the one that signs.
    List,
    /// Make a new key in the keys folder: every instance signs with it within a minute, and the
    /// older keys still verify.
    Rotate,
    /// Delete the keys that stopped signing long enough ago that no token they signed is valid.
    Retire {
        /// Minutes since a newer key appeared (the longest ID-token lifetime, 60, plus a margin
        /// for instances reading the folder again and for clocks).
        #[arg(long, default_value_t = 75, value_parser = clap::value_parser!(i64).range(61..))]
        after_minutes: i64,
    },
    /// Print a new key (base64 PKCS#8) for WRITEIT_ID_TOKEN_KEYS; nothing is written.
    New,
}

#[derive(Clone, Copy, ValueEnum)]
enum GrantRole {
    Admin,
    Editor,
}

#[derive(Clone, Copy, ValueEnum)]
enum RoleArg {
    User,
    Editor,
    Admin,
}

fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,tower_http=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logs(cli.log_format);
    match run(cli.command).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Serve(config) => writeit_server::serve::serve(*config).await,
        Command::Migrate(common) => {
            common.open_store().await?;
            println!("database is up to date");
            Ok(())
        }
        Command::Seed {
            common,
            starter_dir,
        } => {
            let store = common.open_store().await?;
            let s = writeit_server::seed::seed(&*store, &starter_dir).await?;
            println!(
                "seeded {} languages, {} characters, {} decks, {} entries",
                s.languages, s.characters, s.decks, s.entries
            );
            Ok(())
        }
        Command::Catalogue {
            common,
            entries,
            decks,
            characters,
        } => {
            let size = writeit_server::catalogue::Size {
                entries,
                decks,
                characters,
            };
            catalogue(&common, size).await
        }
        Command::Gen { out, check } => generate(&out, check),
        Command::Import(ImportCommand::Characters(command)) => {
            writeit_server::characters::cli::run_import(command).await
        }
        Command::Import(ImportCommand::Entries(args)) => {
            writeit_server::import::cli::import(args).await
        }
        Command::Import(ImportCommand::Decks(args)) => {
            writeit_server::syllabus::cli::run(args).await
        }
        Command::Export(ExportCommand::Deck(args)) => {
            writeit_server::import::cli::export(args).await
        }
        Command::Characters(command) => writeit_server::characters::cli::run(command),
        Command::Users { common, action } => {
            let command = users_command(action)?;
            let store = common.open_store().await?;
            println!(
                "{}",
                writeit_server::identity::users::run(&*store, command).await?
            );
            Ok(())
        }
        Command::Keys {
            common,
            keys,
            action,
        } => {
            println!("{}", run_keys(&common, &keys, action)?);
            Ok(())
        }
        Command::Token {
            common,
            keys,
            sub,
            role,
            langs,
            ttl,
        } => {
            let keys = keys.signing_keys(&common.data_dir)?;
            let langs: Vec<&str> = langs.iter().map(String::as_str).collect();
            let claims = Verifier::claims(
                &sub,
                role.into(),
                &langs,
                writeit_server::clock::now_secs(),
                ttl,
            );
            println!("{}", Verifier::new(&keys).mint(&claims));
            Ok(())
        }
    }
}

/// `writeit catalogue`: the benchmark catalogue, after the starter content when the database is
/// empty, with progress on stderr.
async fn catalogue(
    common: &CommonConfig,
    size: writeit_server::catalogue::Size,
) -> anyhow::Result<()> {
    let store = common.open_store().await?;
    if store.public_counts().await?[0] == 0 {
        writeit_server::seed::seed(&*store, std::path::Path::new("data/starter")).await?;
    }
    let start = std::time::Instant::now();
    let n = writeit_server::catalogue::generate(&*store, size, |what, done, total| {
        eprint!("\r{what}: {done}/{total}   ");
    })
    .await?;
    eprintln!();
    println!("wrote {n} rows in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// `writeit keys`: what it did, as text.
fn run_keys(common: &CommonConfig, flags: &KeyFlags, action: KeysAction) -> anyhow::Result<String> {
    let dir = flags.dir(&common.data_dir);
    let folder_only = || {
        anyhow::ensure!(
            flags.documents().is_none(),
            "the keys come from WRITEIT_ID_TOKEN_KEYS: change that variable instead (docs/identity.md)"
        );
        Ok(())
    };
    let now = writeit_server::clock::now_secs();
    Ok(match action {
        KeysAction::List => {
            let keys = flags.signing_keys(&common.data_dir)?;
            let lines: Vec<String> = keys
                .keys(now)
                .iter()
                .map(|(key, signs)| {
                    let from = writeit_server::auth::signs_from(key.created);
                    let role = match signs {
                        true => "signs".to_string(),
                        false if keys.folder().is_some() && from > now => {
                            format!("verifies; signs from {from}")
                        }
                        false => "verifies".to_string(),
                    };
                    format!("{}\t{}\t{role}", key.kid, key.created)
                })
                .collect();
            lines.join("\n")
        }
        KeysAction::Rotate => {
            folder_only()?;
            let name = writeit_server::auth::rotate(&dir, now)?;
            format!(
                "{} verifies now and signs in {} s, once every instance has read it",
                dir.join(name).display(),
                writeit_server::auth::SIGNS_AFTER_SECS
            )
        }
        KeysAction::Retire { after_minutes } => {
            folder_only()?;
            let retired = writeit_server::auth::retire(&dir, now, after_minutes * 60)?;
            format!("retired {} key(s) {retired:?}", retired.len())
        }
        KeysAction::New => SigningKeys::new_document()?,
    })
}

/// The `writeit users` action as the library's command.
fn users_command(action: UsersAction) -> anyhow::Result<UsersCommand> {
    Ok(match action {
        UsersAction::List => UsersCommand::List,
        UsersAction::Grant {
            email,
            role: GrantRole::Admin,
            languages,
        } => {
            if !languages.is_empty() {
                anyhow::bail!("an admin curates every language: name none");
            }
            UsersCommand::GrantAdmin { email }
        }
        UsersAction::Grant {
            email,
            role: GrantRole::Editor,
            languages,
        } => UsersCommand::GrantEditor { email, languages },
        UsersAction::Revoke { email } => UsersCommand::Revoke { email },
        UsersAction::Disable { email, enable } => UsersCommand::Disable { email, enable },
    })
}

impl From<RoleArg> for Role {
    fn from(role: RoleArg) -> Role {
        match role {
            RoleArg::User => Role::User,
            RoleArg::Editor => Role::Editor,
            RoleArg::Admin => Role::Admin,
        }
    }
}

fn generate(out: &std::path::Path, check: bool) -> anyhow::Result<()> {
    let files = [
        ("types.ts", writeit_core::typescript::types_ts()),
        ("router.ts", writeit_core::typescript::router_ts()),
        ("procedures.ts", writeit_core::typescript::procedures_ts()),
    ];
    let mut stale = Vec::new();
    for (name, text) in &files {
        let path = out.join(name);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if &current == text {
            continue;
        }
        if check {
            stale.push(path.display().to_string());
        } else {
            std::fs::create_dir_all(out)
                .with_context(|| format!("cannot create {}", out.display()))?;
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        anyhow::bail!(
            "generated files are out of date: {} (run `make gen`)",
            stale.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::{Cli, Command, KeysAction, UsersAction};

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// Issue 37: `writeit users grant EMAIL admin --database-url …` was refused; the database and
    /// key options go before or after a command's action.
    #[test]
    fn database_and_key_options_go_before_or_after_the_action() {
        let url = "sqlite:/tmp/x.db";
        for args in [
            vec![
                "writeit",
                "users",
                "grant",
                "a@b.c",
                "admin",
                "--database-url",
                url,
            ],
            vec![
                "writeit",
                "users",
                "--database-url",
                url,
                "grant",
                "a@b.c",
                "admin",
            ],
        ] {
            let cli = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let Command::Users { common, action } = cli.command else {
                panic!("{args:?}: not users");
            };
            assert_eq!(common.database_url.as_deref(), Some(url), "{args:?}");
            assert!(matches!(action, UsersAction::Grant { .. }), "{args:?}");
        }
        for args in [
            vec![
                "writeit",
                "keys",
                "list",
                "--keys-dir",
                "k",
                "--data-dir",
                "d",
            ],
            vec![
                "writeit",
                "keys",
                "--keys-dir",
                "k",
                "--data-dir",
                "d",
                "list",
            ],
        ] {
            let cli = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let Command::Keys {
                common,
                keys,
                action,
            } = cli.command
            else {
                panic!("{args:?}: not keys");
            };
            assert_eq!(common.data_dir, std::path::Path::new("d"), "{args:?}");
            assert_eq!(keys.keys_dir.as_deref(), Some(std::path::Path::new("k")));
            assert!(matches!(action, KeysAction::List), "{args:?}");
        }
    }
}
