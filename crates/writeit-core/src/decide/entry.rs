//! Whether a learner's row may name an entry (issue 36): a review or a user entry of a deleted
//! entry is refused, but taking one back never is, so a learner can still undo.

/// What the server holds under an entry id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// No row: never saved here.
    Unknown,
    /// A tombstone.
    Deleted,
    Live,
}

/// Why a learner's row may not name its entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Unknown,
    Deleted,
}

/// Whether a learner's new row naming an entry in `state` may be stored; `taking_back` is a row
/// that arrives deleted (a review's undo, a user entry removed). A deleted entry still takes
/// deletions, so an answer given before the deletion can be taken back; an unknown id takes
/// nothing (the client may hold an entry this server never had: it is told so).
pub fn may_name(state: EntryState, taking_back: bool) -> Result<(), Refusal> {
    match (state, taking_back) {
        (EntryState::Live, _) | (EntryState::Deleted, true) => Ok(()),
        (EntryState::Deleted, false) => Err(Refusal::Deleted),
        (EntryState::Unknown, _) => Err(Refusal::Unknown),
    }
}

impl Refusal {
    /// The refusal in words, for the message of the field `entryId`.
    pub fn message(self, entry_id: &str) -> String {
        match self {
            Refusal::Unknown => format!("no entry '{entry_id}'"),
            Refusal::Deleted => format!("entry '{entry_id}' was deleted"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_may_name_an_entry() {
        use EntryState::*;
        // (state, taking back, expected)
        let rows = [
            (Live, false, Ok(())),
            (Live, true, Ok(())),
            (Deleted, false, Err(Refusal::Deleted)),
            (Deleted, true, Ok(())),
            (Unknown, false, Err(Refusal::Unknown)),
            (Unknown, true, Err(Refusal::Unknown)),
        ];
        for (i, (state, taking_back, expected)) in rows.into_iter().enumerate() {
            assert_eq!(may_name(state, taking_back), expected, "row {i}");
        }
        assert_eq!(Refusal::Deleted.message("e1"), "entry 'e1' was deleted");
    }
}
