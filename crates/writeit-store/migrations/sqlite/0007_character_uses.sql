-- The characters each language's entries use (every grapheme of a live entry's text, recorded
-- when the entry is saved and never removed): a learner who studies a language also gets the
-- characters of other languages' sets its entries use, a kanji stored under `zh` for a Japanese
-- entry (docs/sync.md "Public data by language").
CREATE TABLE character_uses (
    language_code TEXT NOT NULL,
    value         TEXT NOT NULL,
    PRIMARY KEY (language_code, value)
);
-- A newly used value re-stamps that value's characters of other languages (character_use/).
CREATE INDEX characters_by_value ON characters (value);
-- The sync stamp up to which every entry's uses are known to be recorded: an open of the store
-- records those of entries stamped after it (written by an older server during a rolling
-- upgrade, or before this table), then moves it on.
CREATE TABLE character_uses_scanned (stamp BIGINT NOT NULL);
INSERT INTO character_uses_scanned (stamp) VALUES (0);
