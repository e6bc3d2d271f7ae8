-- WriteIt schema, PostgreSQL dialect. Times are ms since the epoch; JSON arrays are stored as TEXT.

-- The sync clock: every write transaction takes the next stamp here, holding the write lock until
-- commit, so stamps are commit-ordered (docs/sync.md).
CREATE TABLE sync_clock (
    id    SMALLINT PRIMARY KEY CHECK (id = 1),
    stamp BIGINT NOT NULL
);
INSERT INTO sync_clock (id, stamp) VALUES (1, 0);

CREATE TABLE users (
    id               TEXT COLLATE "C" PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE,
    role             TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'editor', 'admin')),
    editor_languages TEXT NOT NULL DEFAULT '[]',
    disabled         BOOLEAN NOT NULL DEFAULT FALSE,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);

CREATE TABLE languages (
    id          TEXT COLLATE "C" PRIMARY KEY,
    name        TEXT NOT NULL,
    native_name TEXT NOT NULL,
    rtl         BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at  BIGINT NOT NULL,
    deleted     BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX languages_sync ON languages (updated_at, id);

CREATE TABLE decks (
    id            TEXT COLLATE "C" PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    title         TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    entry_ids     TEXT NOT NULL DEFAULT '[]',
    position      BIGINT NOT NULL DEFAULT 0,
    updated_at    BIGINT NOT NULL,
    deleted       BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX decks_sync ON decks (updated_at, id);

CREATE TABLE entries (
    id            TEXT COLLATE "C" PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    text          TEXT NOT NULL,
    reading       TEXT NOT NULL DEFAULT '',
    meanings      TEXT NOT NULL DEFAULT '[]',
    notes         TEXT NOT NULL DEFAULT '',
    examples      TEXT NOT NULL DEFAULT '[]',
    audio_url     TEXT,
    updated_at    BIGINT NOT NULL,
    deleted       BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX entries_sync ON entries (updated_at, id);
CREATE INDEX entries_language ON entries (language_code, text);

CREATE TABLE characters (
    id            TEXT COLLATE "C" PRIMARY KEY,
    language_code TEXT NOT NULL REFERENCES languages (id),
    value         TEXT NOT NULL,
    strokes       TEXT NOT NULL DEFAULT '[]',
    source        TEXT NOT NULL DEFAULT '',
    updated_at    BIGINT NOT NULL,
    deleted       BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX characters_sync ON characters (updated_at, id);
CREATE INDEX characters_value ON characters (language_code, value);

CREATE TABLE user_entries (
    user_id    TEXT NOT NULL,
    id         TEXT COLLATE "C" NOT NULL,
    enabled    BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted    BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_entries_sync ON user_entries (user_id, updated_at, id);

CREATE TABLE user_decks (
    user_id           TEXT NOT NULL,
    id                TEXT COLLATE "C" NOT NULL,
    new_per_day       BIGINT NOT NULL,
    desired_retention DOUBLE PRECISION NOT NULL,
    updated_at        BIGINT NOT NULL,
    deleted           BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_decks_sync ON user_decks (user_id, updated_at, id);

CREATE TABLE user_cards (
    user_id        TEXT NOT NULL,
    id             TEXT COLLATE "C" NOT NULL,
    entry_id       TEXT NOT NULL,
    kind           TEXT NOT NULL,
    due            BIGINT NOT NULL,
    stability      DOUBLE PRECISION NOT NULL,
    difficulty     DOUBLE PRECISION NOT NULL,
    elapsed_days   BIGINT NOT NULL,
    scheduled_days BIGINT NOT NULL,
    learning_steps BIGINT NOT NULL,
    reps           BIGINT NOT NULL,
    lapses         BIGINT NOT NULL,
    state          BIGINT NOT NULL,
    last_review    BIGINT,
    updated_at     BIGINT NOT NULL,
    deleted        BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_cards_sync ON user_cards (user_id, updated_at, id);

CREATE TABLE user_reviews (
    user_id           TEXT NOT NULL,
    id                TEXT COLLATE "C" NOT NULL,
    card_id           TEXT NOT NULL,
    entry_id          TEXT NOT NULL,
    kind              TEXT NOT NULL,
    rating            BIGINT NOT NULL,
    reviewed_at       BIGINT NOT NULL,
    duration_ms       BIGINT NOT NULL,
    score             DOUBLE PRECISION,
    desired_retention DOUBLE PRECISION,
    updated_at        BIGINT NOT NULL,
    deleted           BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX user_reviews_sync ON user_reviews (user_id, updated_at, id);
CREATE INDEX user_reviews_card ON user_reviews (user_id, card_id, reviewed_at, id);
