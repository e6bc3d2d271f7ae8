-- A value newly used by `$2`'s entries: its characters of other languages take this write's stamp,
-- so the next delta sync of a learner of `$2` pulls them (docs/sync.md).
UPDATE characters SET updated_at = $1 WHERE value = $3 AND language_code <> $2
