SELECT id, language_code, title, description, entry_ids, position, updated_at, deleted, source
FROM decks WHERE id = $1
