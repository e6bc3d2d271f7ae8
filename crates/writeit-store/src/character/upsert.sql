INSERT INTO characters (id, language_code, value, strokes, source, updated_at, deleted, leniency, alternatives)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (id) DO UPDATE SET
    language_code = excluded.language_code, value = excluded.value, strokes = excluded.strokes,
    source = excluded.source, updated_at = excluded.updated_at, deleted = excluded.deleted,
    leniency = excluded.leniency, alternatives = excluded.alternatives
