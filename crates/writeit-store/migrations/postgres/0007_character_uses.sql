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
