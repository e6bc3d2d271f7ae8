//! The product's procedures (SPEC §7): name, kind, who may call, and TS types of input and output.
//! The server dispatches on it; the TypeScript `AppRouter` is generated from it.

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
    /// One line for docs/rpc.md.
    pub summary: &'static str,
}

const fn p(
    name: &'static str,
    kind: Kind,
    access: Access,
    input: Option<&'static str>,
    output: &'static str,
    summary: &'static str,
) -> Procedure {
    Procedure {
        name,
        kind,
        access,
        input,
        output,
        summary,
    }
}

use Access::*;
use Kind::*;

/// Every procedure, in the order of SPEC §7.
pub const PROCEDURES: [Procedure; 15] = [
    p(
        "getServerTime",
        Query,
        Anyone,
        None,
        "number",
        "The server's sync clock (ms): store it as lastSync after pulling.",
    ),
    p(
        "queryCharacters",
        Query,
        Anyone,
        Some("PageInput"),
        "Character[]",
        "Characters changed after offset.",
    ),
    p(
        "queryDecks",
        Query,
        Anyone,
        Some("PageInput"),
        "Deck[]",
        "Decks changed after offset.",
    ),
    p(
        "queryEntries",
        Query,
        Anyone,
        Some("PageInput"),
        "Entry[]",
        "Entries changed after offset.",
    ),
    p(
        "queryLanguages",
        Query,
        Anyone,
        Some("PageInput"),
        "Language[]",
        "Languages changed after offset.",
    ),
    p(
        "queryUserEntries",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserEntry[]",
        "The caller's user entries changed after offset.",
    ),
    p(
        "queryUserDecks",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserDeck[]",
        "The caller's user decks changed after offset.",
    ),
    p(
        "queryUserCards",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserCard[]",
        "The caller's cards changed after offset.",
    ),
    p(
        "queryUserReviews",
        Query,
        SignedIn,
        Some("PageInput"),
        "UserReview[]",
        "The caller's reviews changed after offset.",
    ),
    p(
        "saveCharacter",
        Mutation,
        Curator,
        Some("SaveCharacterInput"),
        "{ character: Character }",
        "Creates or replaces a character (upsert by id).",
    ),
    p(
        "saveDeck",
        Mutation,
        Curator,
        Some("SaveDeckInput"),
        "Deck",
        "Creates or replaces a deck (upsert by id).",
    ),
    p(
        "saveEntry",
        Mutation,
        Curator,
        Some("SaveEntryInput"),
        "{ entry: Entry }",
        "Creates or replaces an entry (upsert by id).",
    ),
    p(
        "saveUserDeck",
        Mutation,
        SignedIn,
        Some("SaveUserDeckInput"),
        "UserDeck",
        "Adds a deck to the caller's decks or changes its settings; one call per deck.",
    ),
    p(
        "saveUserEntry",
        Mutation,
        SignedIn,
        Some("SaveUserEntryInput"),
        "UserEntry",
        "Enables or disables an entry for the caller; one call per entry.",
    ),
    p(
        "saveUserReview",
        Mutation,
        SignedIn,
        Some("SaveUserReviewInput"),
        "SaveUserReviewOutput",
        "Records a review (idempotent by id) and answers the card rebuilt from all its reviews.",
    ),
];

/// Looks a procedure up by name.
pub fn find(name: &str) -> Option<&'static Procedure> {
    PROCEDURES.iter().find(|p| p.name == name)
}
