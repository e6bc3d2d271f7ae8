//! The ten synced tables' rows as they cross the wire (camelCase JSON), one module per noun.

mod character;
mod deck;
mod entry;
mod language;
mod user_card;
mod user_deck;
mod user_entry;
mod user_parameters;
mod user_review;
mod user_test;

pub use character::{Character, Stroke};
pub use deck::Deck;
pub use entry::{Entry, Example};
pub use language::{grid_type, GridType, Language, LanguageCounts};
pub use user_card::{CardKind, UserCard};
pub use user_deck::{SaveUserDeckInput, UserDeck, DEFAULT_NEW_PER_DAY};
pub use user_entry::{SaveUserEntryInput, UserEntry};
pub use user_parameters::{UserParameters, Workload};
pub use user_review::{SaveUserReviewOutput, UserReview};
pub use user_test::{
    SaveUserTestOutput, TestAnswerKind, TestAnswerType, TestVerdict, UserTest, UserTestAnswer,
};

/// What the server stamps on every row it writes.
pub trait Synced {
    /// The row's id.
    fn id(&self) -> &str;
    /// Server write time (ms since the epoch, commit-ordered).
    fn updated_at(&self) -> i64;
}

macro_rules! impl_synced {
    ($($t:ty),*) => {$(
        impl Synced for $t {
            fn id(&self) -> &str { &self.id }
            fn updated_at(&self) -> i64 { self.updated_at }
        }
    )*};
}
impl_synced!(
    Language,
    Deck,
    Entry,
    Character,
    UserEntry,
    UserDeck,
    UserCard,
    UserReview,
    UserParameters,
    UserTest
);
