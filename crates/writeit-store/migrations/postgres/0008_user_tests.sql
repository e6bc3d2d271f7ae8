-- A learner's tests (issue 35): each test over a deck with its answers, in the order asked, kept
-- as the test's own history. `answers` is the JSON array of the wire's UserTestAnswer as TEXT,
-- not JSONB: the server never reads inside it, only stores and answers it whole, so JSONB would
-- parse every save (one per answer given) for nothing, and the text is the same bytes on both
-- databases (docs/rpc.md "Tests").
CREATE TABLE user_tests (
    user_id     TEXT NOT NULL,
    id          TEXT COLLATE "C" NOT NULL,
    deck_id     TEXT NOT NULL,
    started_at  BIGINT NOT NULL,
    finished_at BIGINT,
    rescheduled BOOLEAN NOT NULL,
    answers     TEXT NOT NULL DEFAULT '[]',
    updated_at  BIGINT NOT NULL,
    deleted     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_tests_sync ON user_tests (user_id, updated_at, id);
