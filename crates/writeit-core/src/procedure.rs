//! The product's procedures (SPEC §7): name, kind, who may call, TS types of input and output,
//! and which local table their rows go to. The server dispatches on it; the TypeScript
//! `AppRouter` and the client's procedure registry (`procedures.ts`) are generated from it.

/// Query (GET) or mutation (POST).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Query,
    Mutation,
}

/// Who may call a procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone, guests included.
    Anyone,
    /// A signed-in user; acts on their own rows only.
    SignedIn,
    /// An admin, or an editor of the language of the row being saved.
    Curator,
}

/// A table of the client's local database (SPEC §3) that procedures pull or answer rows of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The local table's name.
    pub name: &'static str,
    /// The field a row is keyed by locally (`id`, but a user entry is keyed by its entry).
    pub key: &'static str,
}

pub const LANGUAGES: Table = Table::new("languages", "id");
pub const DECKS: Table = Table::new("decks", "id");
pub const ENTRIES: Table = Table::new("entries", "id");
pub const CHARACTERS: Table = Table::new("characters", "id");
pub const USER_ENTRIES: Table = Table::new("userEntries", "entryId");
pub const USER_DECKS: Table = Table::new("userDecks", "id");
pub const USER_CARDS: Table = Table::new("userCards", "id");
pub const USER_REVIEWS: Table = Table::new("userReviews", "id");
pub const USER_PARAMETERS: Table = Table::new("userParameters", "id");
pub const USER_TESTS: Table = Table::new("userTests", "id");

/// Every local table, public ones first.
pub const TABLES: [Table; 10] = [
    LANGUAGES,
    DECKS,
    ENTRIES,
    CHARACTERS,
    USER_ENTRIES,
    USER_DECKS,
    USER_CARDS,
    USER_REVIEWS,
    USER_PARAMETERS,
    USER_TESTS,
];

impl Table {
    const fn new(name: &'static str, key: &'static str) -> Table {
        Table { name, key }
    }
}

/// What a procedure's output is to the client's local tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// No rows (the server's clock).
    None,
    /// A query: a page of the table's rows changed after the offset.
    Page(Table),
    /// A mutation: its answer carries the saved row of the table, as the whole output (`None`)
    /// or as one field of it.
    Answer(Table, Option<&'static str>),
}

/// One procedure of the API.
#[derive(Clone, Copy, Debug)]
pub struct Procedure {
    pub name: &'static str,
    pub kind: Kind,
    pub access: Access,
    /// TypeScript type of the input (`None`: takes no input).
    pub input: Option<&'static str>,
    /// TypeScript type of the output.
    pub output: &'static str,
    /// Which local table the output's rows go to.
    pub rows: Rows,
    /// One line for docs/rpc.md.
    pub summary: &'static str,
}

const fn p(
    name: &'static str,
    kind: Kind,
    access: Access,
    input: Option<&'static str>,
    output: &'static str,
    rows: Rows,
    summary: &'static str,
) -> Procedure {
    Procedure {
        name,
        kind,
        access,
        input,
        output,
        rows,
        summary,
    }
}

use Access::*;
use Kind::*;
use Rows::{Answer, Page};

/// Every procedure, in the order of SPEC §7.
pub const PROCEDURES: [Procedure; 21] = [
    p(
        "getServerTime",
        Query,
        Anyone,
        None,
        "number",
        Rows::None,
        "The server's sync clock (ms): store it as lastSync after pulling.",
    ),
    p(
        "queryCharacters",
        Query,
        Anyone,
        Some("PageInput"),
        "Character[]",
        Page(CHARACTERS),
        "Characters changed after offset.",
    ),
    p(
        "queryDecks",
        Query,
        Anyone,
        Some("PageInput"),
        "Deck[]",
        Page(DECKS),
        "Decks changed after offset.",
    ),
    p(
        "queryEntries",
        Query,
        Anyone,
        Some("PageInput"),
        "Entry[]",
        Page(ENTRIES),
        "Entries changed after offset.",
    ),
    p(
        "queryLanguages",
        Query,
        Anyone,
        Some("PageInput"),
        "Language[]",
        Page(LANGUAGES),
        "Languages changed after offset.",
    ),
    p(
        "locateContent",
        Query,
        Anyone,
        Some("LocateInput"),
        "Located | null",
        Rows::None,
        "The language of a live deck or entry (a link to content of a language not on the device).",
    ),
    p(
        "queryUserEntries",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserEntry[]",
        Page(USER_ENTRIES),
        "The caller's user entries changed after offset.",
    ),
    p(
        "queryUserDecks",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserDeck[]",
        Page(USER_DECKS),
        "The caller's user decks changed after offset.",
    ),
    p(
        "queryUserCards",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserCard[]",
        Page(USER_CARDS),
        "The caller's cards changed after offset.",
    ),
    p(
        "queryUserReviews",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserReview[]",
        Page(USER_REVIEWS),
        "The caller's reviews changed after offset.",
    ),
    p(
        "queryUserParameters",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserParameters[]",
        Page(USER_PARAMETERS),
        "The caller's FSRS parameters row, if changed after offset.",
    ),
    p(
        "queryUserTests",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserTest[]",
        Page(USER_TESTS),
        "The caller's tests changed after offset.",
    ),
    p(
        "queryLanguageCounts",
        Query,
        Curator,
        None,
        "LanguageCounts[]",
        Rows::None,
        "What the server holds of each language: its live decks, entries and characters.",
    ),
    p(
        "saveCharacter",
        Mutation,
        Curator,
        Some("SaveCharacterInput"),
        "{ character: Character }",
        Answer(CHARACTERS, Some("character")),
        "Creates or replaces a character (upsert by id).",
    ),
    p(
        "saveDeck",
        Mutation,
        Curator,
        Some("SaveDeckInput"),
        "Deck",
        Answer(DECKS, None),
        "Creates or replaces a deck (upsert by id).",
    ),
    p(
        "saveEntry",
        Mutation,
        Curator,
        Some("SaveEntryInput"),
        "{ entry: Entry }",
        Answer(ENTRIES, Some("entry")),
        "Creates or replaces an entry (upsert by id).",
    ),
    p(
        "saveUserDeck",
        Mutation,
        SignedIn,
        Some("SaveUserDeckInput"),
        "UserDeck",
        Answer(USER_DECKS, None),
        "Adds a deck to the caller's decks or changes its settings; one call per deck.",
    ),
    p(
        "saveUserEntry",
        Mutation,
        SignedIn,
        Some("SaveUserEntryInput"),
        "UserEntry",
        Answer(USER_ENTRIES, None),
        "Enables or disables an entry for the caller; one call per entry.",
    ),
    p(
        "saveUserReview",
        Mutation,
        SignedIn,
        Some("SaveUserReviewInput"),
        "SaveUserReviewOutput",
        Answer(USER_CARDS, Some("card")),
        "Records a review (idempotent by id) and answers the card rebuilt from all its reviews.",
    ),
    p(
        "optimizeUserParameters",
        Mutation,
        SignedIn,
        None,
        "UserParameters",
        Answer(USER_PARAMETERS, None),
        "Fits the caller's FSRS parameters to their reviews now and answers the row.",
    ),
    p(
        "saveUserTest",
        Mutation,
        SignedIn,
        Some("SaveUserTestInput"),
        "SaveUserTestOutput",
        Answer(USER_TESTS, Some("test")),
        "Saves a test with its answers (upsert by id: a later save replaces it); one call per test.",
    ),
];

/// Looks a procedure up by name.
pub fn find(name: &str) -> Option<&'static Procedure> {
    PROCEDURES.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The client pulls each table through one query and stores each mutation's answer: a
    /// procedure added without its rows would leave the sync engine unable to place them.
    #[test]
    fn every_table_is_pulled_by_one_query_and_every_mutation_answers_a_row() {
        for t in TABLES {
            let pulls = PROCEDURES.iter().filter(|p| p.rows == Page(t)).count();
            assert_eq!(pulls, 1, "{}", t.name);
        }
        for p in PROCEDURES {
            match (p.kind, p.rows) {
                (Query, Page(_)) | (Mutation, Answer(..)) => {}
                (Query, Rows::None) => {
                    assert!(
                        ["getServerTime", "queryLanguageCounts", "locateContent"].contains(&p.name),
                        "{}",
                        p.name
                    )
                }
                _ => panic!("{}: rows do not fit its kind", p.name),
            }
        }
    }
}
