//! A test the learner took over a deck (issue 35): every answer in the order asked, kept as the
//! test's own history. Client-made id; saved whole after every answer, so a later save of the
//! same id replaces the earlier one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::limits::*;
use crate::validate::{self, Checked, Validate};

/// A row of `userTests`; also `saveUserTest`'s input (its `updatedAt` is ignored there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserTest {
    /// UUIDv7 made by the device that started the test.
    pub id: String,
    /// The deck tested.
    pub deck_id: String,
    /// Client clock, ms since the epoch.
    #[ts(type = "number")]
    pub started_at: i64,
    /// Client clock, ms; null while the test is under way.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub finished_at: Option<i64>,
    /// The learner's switch: answers to cards already started also went to the schedule as
    /// reviews (their ids in `answers[i].reviewId`).
    pub rescheduled: bool,
    /// In the order asked.
    pub answers: Vec<UserTestAnswer>,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

/// One answer of a test, as it was shown and judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserTestAnswer {
    pub entry_id: String,
    /// What was asked of the entry.
    pub kind: TestAnswerKind,
    /// How it was asked.
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub answer_type: TestAnswerType,
    /// What was shown: the entry's text, or a statement to judge.
    pub prompt: String,
    /// What the learner answered (empty: nothing).
    pub given: String,
    /// The right answer as it was shown.
    pub expected: String,
    pub verdict: TestVerdict,
    /// Client clock, ms since the epoch.
    #[ts(type = "number")]
    pub answered_at: i64,
    /// The review this answer recorded, when the test was rescheduled and the card was started.
    #[serde(default)]
    #[ts(type = "string | null")]
    pub review_id: Option<String>,
}

/// What a test asks of an entry: its meaning or its reading (writing is not tested).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TestAnswerKind {
    Meaning,
    Reading,
}

/// How a question was put: choose among options, type the answer, or judge a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TestAnswerType {
    Choice,
    Typed,
    TrueFalse,
}

/// How an answer was judged (`near`: a typed answer almost right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TestVerdict {
    Correct,
    Near,
    Wrong,
}

impl UserTest {
    /// Whether `other` records the same test as this row: every field but the server's stamp.
    /// A save that does is a replay, and changes nothing.
    pub fn same_record(&self, other: &UserTest) -> bool {
        UserTest {
            updated_at: 0,
            ..self.clone()
        } == UserTest {
            updated_at: 0,
            ..other.clone()
        }
    }
}

/// A client-clock time: a sane absolute range, never one relative to the server's clock, so a
/// device whose clock is off still keeps its tests.
fn test_time(field: &str, value: i64) -> Checked {
    validate::range_i64(field, value, TEST_TIME_MIN, TEST_TIME_MAX)
}

impl Validate for UserTest {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::uuid("deckId", &self.deck_id)?;
        test_time("startedAt", self.started_at)?;
        if let Some(finished) = self.finished_at {
            test_time("finishedAt", finished)?;
            if finished < self.started_at {
                return Err(validate::error(
                    "finishedAt",
                    crate::ErrorReason::OutOfRange,
                    "must not be before startedAt",
                ));
            }
        }
        validate::array_len("answers", &self.answers, TEST_ANSWERS_MAX)?;
        for (i, a) in self.answers.iter().enumerate() {
            a.validate_at(&format!("answers[{i}]"))?;
        }
        Ok(())
    }
}

impl UserTestAnswer {
    /// Checks the answer, naming its fields under `at` (`answers[3].given`).
    fn validate_at(&self, at: &str) -> Checked {
        let field = |name: &str| format!("{at}.{name}");
        validate::uuid(&field("entryId"), &self.entry_id)?;
        validate::text(&field("prompt"), &self.prompt, TEST_TEXT_MAX)?;
        validate::text(&field("given"), &self.given, TEST_TEXT_MAX)?;
        validate::text(&field("expected"), &self.expected, TEST_TEXT_MAX)?;
        test_time(&field("answeredAt"), self.answered_at)?;
        if let Some(review) = &self.review_id {
            validate::uuid(&field("reviewId"), review)?;
        }
        Ok(())
    }
}

/// `saveUserTest`'s output: the row as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveUserTestOutput {
    pub test: UserTest,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorReason::{self, *};

    const ID: &str = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b";
    const DECK: &str = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6c";
    const ENTRY: &str = "0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6d";
    const T0: i64 = 1_767_225_600_000; // 2026-01-01

    fn answer() -> UserTestAnswer {
        UserTestAnswer {
            entry_id: ENTRY.into(),
            kind: TestAnswerKind::Meaning,
            answer_type: TestAnswerType::Typed,
            prompt: "학교".into(),
            given: "school".into(),
            expected: "school".into(),
            verdict: TestVerdict::Correct,
            answered_at: T0 + 5_000,
            review_id: None,
        }
    }

    fn test() -> UserTest {
        UserTest {
            id: ID.into(),
            deck_id: DECK.into(),
            started_at: T0,
            finished_at: None,
            rescheduled: false,
            answers: vec![answer(), answer()],
            updated_at: 0,
            deleted: false,
        }
    }

    #[test]
    fn the_wire_shape_is_camel_case_with_nulls() {
        let json = serde_json::to_value(test()).unwrap();
        assert_eq!(json["deckId"], DECK);
        assert_eq!(json["finishedAt"], serde_json::Value::Null);
        assert_eq!(json["answers"][0]["type"], "typed");
        assert_eq!(json["answers"][0]["reviewId"], serde_json::Value::Null);
        let mut t = test();
        t.answers[0].answer_type = TestAnswerType::TrueFalse;
        let back: UserTest = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, t);
        assert!(serde_json::to_string(&t)
            .unwrap()
            .contains(r#""type":"trueFalse""#));
    }

    #[test]
    fn a_valid_test_passes_at_its_limits() {
        assert_eq!(test().validate(), Ok(()));
        let mut t = test();
        t.started_at = TEST_TIME_MIN;
        t.finished_at = Some(TEST_TIME_MAX);
        t.rescheduled = true;
        let mut a = answer();
        a.prompt = "가".repeat(TEST_TEXT_MAX);
        a.given = String::new();
        a.expected = "x".repeat(TEST_TEXT_MAX);
        a.answered_at = TEST_TIME_MIN;
        a.review_id = Some(ID.into());
        t.answers = vec![a; TEST_ANSWERS_MAX];
        assert_eq!(t.validate(), Ok(()));
        // A device clock a year ahead of the server is still a clock the test keeps.
        let mut ahead = test();
        ahead.started_at = T0 + 365 * 86_400_000;
        ahead.finished_at = Some(ahead.started_at);
        assert_eq!(ahead.validate(), Ok(()));
    }

    #[test]
    fn refusals_name_the_field() {
        type Case = (fn(&mut UserTest), &'static str, ErrorReason);
        let cases: [Case; 14] = [
            (|t| t.id = "x".into(), "id", InvalidFormat),
            (|t| t.deck_id = "".into(), "deckId", InvalidFormat),
            (
                |t| t.started_at = TEST_TIME_MIN - 1,
                "startedAt",
                OutOfRange,
            ),
            (
                |t| t.started_at = TEST_TIME_MAX + 1,
                "startedAt",
                OutOfRange,
            ),
            (|t| t.finished_at = Some(T0 - 1), "finishedAt", OutOfRange),
            (|t| t.finished_at = Some(i64::MAX), "finishedAt", OutOfRange),
            (
                |t| t.answers = vec![answer(); TEST_ANSWERS_MAX + 1],
                "answers",
                TooMany,
            ),
            (
                |t| t.answers[1].entry_id = "nope".into(),
                "answers[1].entryId",
                InvalidFormat,
            ),
            (
                |t| t.answers[1].prompt = "a".repeat(TEST_TEXT_MAX + 1),
                "answers[1].prompt",
                TooLong,
            ),
            (
                |t| t.answers[0].given = "a".repeat(TEST_TEXT_MAX + 1),
                "answers[0].given",
                TooLong,
            ),
            (
                |t| t.answers[0].expected = "a\u{0}".into(),
                "answers[0].expected",
                InvalidFormat,
            ),
            (
                |t| t.answers[1].answered_at = 0,
                "answers[1].answeredAt",
                OutOfRange,
            ),
            (
                |t| t.answers[1].answered_at = -5,
                "answers[1].answeredAt",
                OutOfRange,
            ),
            (
                |t| t.answers[1].review_id = Some("r".into()),
                "answers[1].reviewId",
                InvalidFormat,
            ),
        ];
        for (break_it, field, reason) in cases {
            let mut t = test();
            break_it(&mut t);
            let e = t.validate().unwrap_err();
            assert_eq!(e.field.as_deref(), Some(field), "{}", e.message);
            assert_eq!(e.reason, Some(reason), "{}", e.message);
            assert!(
                e.message.starts_with(&format!("{field}: ")),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn unknown_kinds_types_and_verdicts_do_not_parse() {
        let mut json = serde_json::to_value(test()).unwrap();
        for (field, value) in [("kind", "writing"), ("type", "essay"), ("verdict", "maybe")] {
            let mut bad = json.clone();
            bad["answers"][0][field] = value.into();
            assert!(serde_json::from_value::<UserTest>(bad).is_err(), "{field}");
        }
        // Server fields and the nullable ones may be left out.
        let o = json.as_object_mut().unwrap();
        for key in ["updatedAt", "deleted", "finishedAt"] {
            o.remove(key);
        }
        json["answers"][0]
            .as_object_mut()
            .unwrap()
            .remove("reviewId");
        let t: UserTest = serde_json::from_value(json).unwrap();
        assert_eq!(t, test());
    }

    #[test]
    fn the_same_record_ignores_only_the_stamp() {
        let a = test();
        let mut b = test();
        b.updated_at = 42;
        assert!(a.same_record(&b));
        b.deleted = true;
        assert!(!a.same_record(&b));
        let mut c = test();
        c.answers[1].verdict = TestVerdict::Near;
        assert!(!a.same_record(&c));
    }
}
