-- WriteIt schema, SQLite dialect. Times are ms since the epoch; JSON arrays are stored as TEXT.

-- The sync clock: every write transaction takes the next stamp here, holding the write lock until
-- commit, so stamps are commit-ordered (docs/sync.md).
CREATE TABLE sync_clock (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    stamp INTEGER NOT NULL
);
INSERT INTO sync_clock (id, stamp) VALUES (1, 0);

CREATE TABLE users (
    id               TEXT PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE,
    role             TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'editor', 'admin')),
    editor_languages TEXT NOT NULL DEFAULT '[]',
    disabled         INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);

CREATE TABLE languages (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    native_name TEXT NOT NULL,
    rtl         INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    deleted     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX languages_sync ON languages (updated_at, id);

CREATE TABLE decks (
    id            TEXT PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    title         TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    entry_ids     TEXT NOT NULL DEFAULT '[]',
    position      INTEGER NOT NULL DEFAULT 0,
    updated_at    INTEGER NOT NULL,
    deleted       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX decks_sync ON decks (updated_at, id);

CREATE TABLE entries (
    id            TEXT PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    text          TEXT NOT NULL,
    reading       TEXT NOT NULL DEFAULT '',
    meanings      TEXT NOT NULL DEFAULT '[]',
    notes         TEXT NOT NULL DEFAULT '',
    examples      TEXT NOT NULL DEFAULT '[]',
    audio_url     TEXT,
    updated_at    INTEGER NOT NULL,
    deleted       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX entries_sync ON entries (updated_at, id);
CREATE INDEX entries_language ON entries (language_code, text);

CREATE TABLE characters (
    id            TEXT PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    value         TEXT NOT NULL,
    strokes       TEXT NOT NULL DEFAULT '[]',
    source        TEXT NOT NULL DEFAULT '',
    updated_at    INTEGER NOT NULL,
    deleted       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX characters_sync ON characters (updated_at, id);
CREATE INDEX characters_value ON characters (language_code, value);

CREATE TABLE user_entries (
    user_id    TEXT NOT NULL,
    id         TEXT NOT NULL,
    enabled    INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_entries_sync ON user_entries (user_id, updated_at, id);

CREATE TABLE user_decks (
    user_id           TEXT NOT NULL,
    id                TEXT NOT NULL,
    new_per_day       INTEGER NOT NULL,
    desired_retention REAL NOT NULL,
    updated_at        INTEGER NOT NULL,
    deleted           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_decks_sync ON user_decks (user_id, updated_at, id);

CREATE TABLE user_cards (
    user_id        TEXT NOT NULL,
    id             TEXT NOT NULL,
    entry_id       TEXT NOT NULL,
    kind           TEXT NOT NULL,
    due            INTEGER NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL,
    elapsed_days   INTEGER NOT NULL,
    scheduled_days INTEGER NOT NULL,
    learning_steps INTEGER NOT NULL,
    reps           INTEGER NOT NULL,
    lapses         INTEGER NOT NULL,
    state          INTEGER NOT NULL,
    last_review    INTEGER,
    updated_at     INTEGER NOT NULL,
    deleted        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_cards_sync ON user_cards (user_id, updated_at, id);

CREATE TABLE user_reviews (
    user_id           TEXT NOT NULL,
    id                TEXT NOT NULL,
    card_id           TEXT NOT NULL,
    entry_id          TEXT NOT NULL,
    kind              TEXT NOT NULL,
    rating            INTEGER NOT NULL,
    reviewed_at       INTEGER NOT NULL,
    duration_ms       INTEGER NOT NULL,
    score             REAL,
    desired_retention REAL,
    updated_at        INTEGER NOT NULL,
    deleted           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_reviews_sync ON user_reviews (user_id, updated_at, id);
CREATE INDEX user_reviews_card ON user_reviews (user_id, card_id, reviewed_at, id);
