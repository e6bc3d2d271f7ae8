-- A learner's tests (issue 35): each test over a deck with its answers, in the order asked, kept
-- as the test's own history. `answers` is the JSON array of the wire's UserTestAnswer: the server
-- never reads inside it, only stores and answers it whole (docs/rpc.md "Tests").
CREATE TABLE user_tests (
    user_id     TEXT NOT NULL,
    id          TEXT NOT NULL,
    deck_id     TEXT NOT NULL,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER,
    rescheduled INTEGER NOT NULL,
    answers     TEXT NOT NULL DEFAULT '[]',
    updated_at  INTEGER NOT NULL,
    deleted     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_tests_sync ON user_tests (user_id, updated_at, id);
