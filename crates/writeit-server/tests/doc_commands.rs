//! Every `writeit …` command line of the README and docs/ runs as written (issue 37: an admin
//! copied one and it was refused), against a throwaway SQLite database in a folder laid out like a
//! checkout (`data/starter`, `data/writeit.db`).
//!
//! What a command line is, in README.md, data/README.md, web/README-native.md and docs/*.md:
//! - in a fenced code block, a line whose first word is `writeit` (after a `$ ` prompt), or the
//!   `writeit …` of `podman exec NAME writeit …`; a trailing `# comment` is not part of it;
//! - in running text, an inline code span that starts with `writeit ` (a line break inside a span
//!   is a space). A span of the bare word `writeit` names the program, not a command.
//!
//! Notation: a word `a|b|c` stands for one line per alternative and `[x y]` for one line without
//! and one with. Placeholders (`EMAIL`, `FILE.csv`, `ID`, `<set>`, `…`) are replaced from
//! [`PLACEHOLDERS`], deployment paths too. A command line this test cannot run fails it: a new one
//! must run as written, or name its placeholders here.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_writeit");

/// The deck every `ID` of a deck stands for (a starter deck of `ko`, read at set-up).
const DECK: &str = "{deck}";

/// Word sequences as written in the docs and what the test runs instead, longest first where one
/// contains another. `{deck}` is a starter deck's id.
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("--database-url …", "--database-url sqlite:data/writeit.db"),
    ("--title \"…\"", "--title \"Korean words\""),
    ("--text …", "--text 가"),
    ("--deck ID", "--deck {deck}"),
    ("deck ID", "deck {deck}"),
    ("--sub ID", "--sub dev-user"),
    ("SECONDS", "600"),
    ("EMAIL", "you@example.com"),
    ("FILE.csv", "words.csv"),
    ("FILE.tsv", "words.tsv"),
    ("FILE.apkg", "deck.apkg"),
    ("--out FILE", "--out out.file"),
    ("<set>", "ko-jamo"),
    ("/srv/writeit/keys", "srv-keys"),
];

/// Command lines that cannot finish here, and the error they must stop with: anything else (a
/// refused flag above all) fails the test. `zh` and `ja` fetch their packages from npm and PyPI
/// with a checkout's `tools/characters/fetch.sh`, and `import decks` its word lists with
/// `tools/syllabus/fetch.sh` (both relative to a checkout, not this throwaway folder; the real
/// imports run in `tests/syllabus.rs`); that they get that far shows the line parses.
const STOPS: &[(&str, &str)] = &[
    ("writeit import characters zh", "fetch.sh failed"),
    ("writeit import characters ja", "fetch.sh failed"),
    ("writeit import decks hsk", "tools/syllabus/fetch.sh"),
    ("writeit import decks jlpt", "tools/syllabus/fetch.sh"),
];

/// The Markdown files whose command lines are checked.
fn documents(repo: &Path) -> Vec<PathBuf> {
    let mut files = vec![
        repo.join("README.md"),
        repo.join("data/README.md"),
        repo.join("web/README-native.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// A command line and where it was written.
#[derive(Clone, Debug)]
struct Written {
    place: String,
    text: String,
}

/// The command lines of one Markdown text (see the header for the rule).
fn command_lines(name: &str, markdown: &str) -> Vec<Written> {
    let mut found = Vec::new();
    let mut fenced = false;
    // Running text, a paragraph at a time (a span may continue on the next line): its lines with
    // their numbers.
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    for (i, line) in markdown.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.is_empty() {
            found.extend(paragraph_commands(name, &paragraph));
            paragraph.clear();
            fenced ^= trimmed.starts_with("```");
            continue;
        }
        if fenced {
            if let Some(text) = block_command(trimmed) {
                found.push(Written {
                    place: format!("{name}:{n}"),
                    text,
                });
            }
        } else {
            paragraph.push((n, trimmed));
        }
    }
    found.extend(paragraph_commands(name, &paragraph));
    found
}

/// The `writeit …` inline code spans of a paragraph's lines, each placed on the line it starts.
fn paragraph_commands(name: &str, lines: &[(usize, &str)]) -> Vec<Written> {
    let mut text = String::new();
    let mut starts = Vec::new();
    for (n, line) in lines {
        starts.push((text.len(), *n));
        text.push_str(line);
        text.push(' ');
    }
    let mut found = Vec::new();
    let mut offset = 0;
    for (i, part) in text.split('`').enumerate() {
        let span = part.split_whitespace().collect::<Vec<_>>().join(" ");
        if i % 2 == 1 && span.starts_with("writeit ") {
            let line = starts
                .iter()
                .rev()
                .find(|(start, _)| *start <= offset)
                .map_or(0, |(_, n)| *n);
            found.push(Written {
                place: format!("{name}:{line}"),
                text: span,
            });
        }
        offset += part.len() + 1;
    }
    found
}

/// The `writeit …` command of a code block's line, if it has one.
fn block_command(line: &str) -> Option<String> {
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let line = match line.find(" #") {
        Some(i) => &line[..i],
        None => line,
    }
    .trim();
    let words: Vec<&str> = line.split_whitespace().collect();
    let start = match words.as_slice() {
        ["writeit", _, ..] => 0,
        ["podman" | "docker", "exec", _, "writeit", _, ..] => 3,
        _ => return None,
    };
    Some(words[start..].join(" "))
}

/// One line per choice of the notation: `a|b` and `[x y]`.
fn expand(line: &str) -> Vec<String> {
    let words = split_keeping_quotes(line);
    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let choices: Vec<Vec<String>> = if let Some(open) = word.strip_prefix('[') {
            // An optional group, to the word that closes it.
            let mut inner = vec![open.to_string()];
            while !inner.last().unwrap().ends_with(']') {
                i += 1;
                inner.push(
                    words
                        .get(i)
                        .cloned()
                        .expect("an unclosed [ in a command line"),
                );
            }
            let last = inner.pop().unwrap();
            inner.push(last.trim_end_matches(']').to_string());
            let mut with: Vec<Vec<String>> = expand(&inner.join(" "))
                .into_iter()
                .map(|l| split_keeping_quotes(&l))
                .collect();
            with.insert(0, Vec::new());
            with
        } else if word.contains('|') && !word.starts_with(['\'', '"']) {
            word.split('|').map(|w| vec![w.to_string()]).collect()
        } else {
            vec![vec![word.clone()]]
        };
        lines = lines
            .iter()
            .flat_map(|l| {
                choices.iter().map(move |c| {
                    let mut l = l.clone();
                    l.extend(c.iter().cloned());
                    l
                })
            })
            .collect();
        i += 1;
    }
    lines.into_iter().map(|l| l.join(" ")).collect()
}

/// Words split on spaces outside quotes, the quotes kept.
fn split_keeping_quotes(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                word.push(c);
            }
            (Some(q), _) if c == q => {
                quote = None;
                word.push(c);
            }
            (None, c) if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The arguments a shell would pass: the quotes around a word's parts removed.
fn argv(line: &str) -> Vec<String> {
    split_keeping_quotes(line)
        .into_iter()
        .map(|w| {
            let mut arg = String::new();
            let mut quote = None;
            for c in w.chars() {
                match (quote, c) {
                    (None, '\'' | '"') => quote = Some(c),
                    (Some(q), _) if c == q => quote = None,
                    _ => arg.push(c),
                }
            }
            arg
        })
        .collect()
}

/// `line` with the placeholders replaced, as whole words.
fn substitute(line: &str, deck: &str) -> String {
    let mut out = format!(" {line} ");
    for (from, to) in PLACEHOLDERS {
        out = out.replace(
            &format!(" {from} "),
            &format!(" {} ", to.replace(DECK, deck)),
        );
    }
    out.trim().to_string()
}

/// A folder laid out like a checkout, removed on drop.
struct Checkout(PathBuf);

impl Checkout {
    fn new(repo: &Path) -> Checkout {
        let dir = std::env::temp_dir().join(format!("writeit-doc-{}", uuid::Uuid::now_v7()));
        copy_dir(&repo.join("data/starter"), &dir.join("data/starter"));
        Checkout(dir)
    }

    fn writeit(&self, args: &[String]) -> Command {
        let mut c = Command::new(BIN);
        c.current_dir(&self.0)
            .args(args)
            .env_remove("DATABASE_URL")
            .env_remove("WRITEIT_DATA_DIR")
            .env_remove("WRITEIT_KEYS_DIR")
            .env_remove("WRITEIT_ID_TOKEN_KEYS")
            .env_remove("WRITEIT_STARTER_DIR")
            .env_remove("WRITEIT_WEB_DIR")
            // `serve` as written listens on 8080: any free port here.
            .env("WRITEIT_ADDR", "127.0.0.1:0")
            .env("RUST_LOG", "warn");
        c
    }

    /// Runs `writeit ARGS` (set-up), asserting success.
    fn run(&self, args: &[&str]) -> String {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let out = self.writeit(&args).output().unwrap();
        assert!(
            out.status.success(),
            "set-up: writeit {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for Checkout {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Runs one command line; `Err` says how it failed.
fn run_line(checkout: &Checkout, line: &str) -> Result<(), String> {
    let args = argv(line);
    let args = &args[1..];
    if args == ["serve"] {
        let started = serve(checkout);
        if started.is_ok() {
            println!("  started and stopped: {line}");
        }
        return started;
    }
    if args.first().is_some_and(|a| a == "users") {
        // The docs give these as choices (an admin, or else an editor): each finds the account a
        // plain, enabled user, as it is after sign-up.
        checkout.run(&["users", "revoke", "you@example.com"]);
        checkout.run(&["users", "disable", "you@example.com", "--enable"]);
    }
    let start = Instant::now();
    let out = checkout.writeit(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let took = start.elapsed().as_secs_f64();
    match STOPS.iter().find(|(l, _)| *l == line) {
        Some((_, expected)) if !out.status.success() && stderr.contains(expected) => Ok(()),
        Some((_, expected)) => Err(format!(
            "expected to stop with {expected:?}, got {}: {stderr}",
            out.status
        )),
        None if out.status.success() => {
            println!("  ok in {took:.2} s: {line}");
            Ok(())
        }
        None => Err(format!("{}: {stderr}", out.status)),
    }
}

/// `writeit serve`: it must start (its "running at" line), then stop on SIGTERM.
fn serve(checkout: &Checkout) -> Result<(), String> {
    let mut child = checkout
        .writeit(&["serve".to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            return Err("did not stop on SIGTERM".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if line.starts_with("WriteIt is running at ") && status.success() {
        Ok(())
    } else {
        Err(format!("start line {line:?}, exit {status}"))
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_command_line_in_the_docs_runs_as_written() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut written = Vec::new();
    for file in documents(&repo) {
        let name = file.strip_prefix(&repo).unwrap().display().to_string();
        written.extend(command_lines(
            &name,
            &std::fs::read_to_string(&file).unwrap(),
        ));
    }

    // Set-up: the database with its starter content, the account EMAIL names, the files FILE.*
    // names, and a deck ID names.
    let checkout = Checkout::new(&repo);
    checkout.run(&["seed"]);
    let url = format!("sqlite:{}", checkout.0.join("data/writeit.db").display());
    let deck = {
        let store = writeit_store::open(&url).await.unwrap();
        store
            .create_account(&writeit_store::NewAccount {
                id: uuid::Uuid::now_v7().simple().to_string(),
                email: "you@example.com".into(),
                email_verified: true,
                display_name: None,
                password_hash: None,
            })
            .await
            .unwrap();
        let page = writeit_core::paging::PageInput {
            languages: Some(vec!["ko".into()]),
            ..Default::default()
        };
        store.query_decks(&page).await.unwrap()[0].id.clone()
    };
    std::fs::write(
        checkout.0.join("words.csv"),
        "Hangul,Romanization,English\n개,gae,dog\n고양이,goyang-i,cat\n",
    )
    .unwrap();
    std::fs::write(
        checkout.0.join("words.tsv"),
        "Hangul\tRomanization\tEnglish\n물,mul,water\n",
    )
    .unwrap();
    checkout.run(&[
        "export",
        "deck",
        &deck,
        "--format",
        "apkg",
        "--out",
        "deck.apkg",
    ]);

    // Each distinct line runs once, in the order the docs first give it.
    let mut runs: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    let mut order = Vec::new();
    for w in &written {
        for line in expand(&w.text) {
            let line = substitute(&line, &deck);
            let run = runs.entry(line.clone()).or_insert_with(|| {
                order.push(line.clone());
                (0, Vec::new())
            });
            run.0 += 1;
            run.1.push(w.place.clone());
        }
    }
    let mut failed = Vec::new();
    for line in &order {
        if let Err(why) = run_line(&checkout, line) {
            failed.push(format!(
                "{line}\n    (from {})\n    {why}",
                runs[line].1.join(", ")
            ));
        }
    }
    println!(
        "{} command lines written in the docs; {} distinct runs ({} stop where expected)",
        written.len(),
        order.len(),
        STOPS.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} runs failed:\n{}",
        failed.len(),
        order.len(),
        failed.join("\n")
    );
    assert!(
        written.len() > 30,
        "the extraction found too few: {written:?}"
    );
}

#[test]
fn the_extraction_and_the_notation() {
    let md = "Run `writeit users list|revoke EMAIL`, or\n`writeit\ntoken --sub ID`; `writeit` alone is the program.\n\n```sh\n$ writeit keys list   # all keys\npodman exec w-1 writeit migrate\npodman run x writeit migrate\n```\n";
    let lines: Vec<String> = command_lines("x.md", md)
        .into_iter()
        .map(|w| format!("{} {}", w.place, w.text))
        .collect();
    assert_eq!(
        lines,
        [
            "x.md:1 writeit users list|revoke EMAIL",
            "x.md:2 writeit token --sub ID",
            "x.md:6 writeit keys list",
            "x.md:7 writeit migrate",
        ]
    );
    assert_eq!(
        expand("writeit users disable EMAIL [--enable]"),
        [
            "writeit users disable EMAIL",
            "writeit users disable EMAIL --enable"
        ]
    );
    assert_eq!(
        expand("writeit export deck ID --format csv|apkg --title \"a|b c\""),
        [
            "writeit export deck ID --format csv --title \"a|b c\"",
            "writeit export deck ID --format apkg --title \"a|b c\""
        ]
    );
    assert_eq!(expand("w [--mapping '{\"text\":0}' --no-header]").len(), 2);
    assert_eq!(
        substitute("writeit export deck ID --out FILE", "D1"),
        "writeit export deck D1 --out out.file"
    );
    assert_eq!(
        argv("writeit import entries w.csv --title \"Korean words\" --mapping '{\"text\":0}'"),
        [
            "writeit",
            "import",
            "entries",
            "w.csv",
            "--title",
            "Korean words",
            "--mapping",
            "{\"text\":0}"
        ]
    );
}
