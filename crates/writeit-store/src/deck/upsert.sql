INSERT INTO decks (id, language_code, title, description, entry_ids, position, updated_at, deleted,
                   source)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (id) DO UPDATE SET
    language_code = excluded.language_code, title = excluded.title,
    description = excluded.description, entry_ids = excluded.entry_ids,
    position = excluded.position, updated_at = excluded.updated_at, deleted = excluded.deleted,
    source = excluded.source
