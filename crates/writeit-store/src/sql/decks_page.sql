SELECT id, language_code, title, description, entry_ids, position, updated_at, deleted
FROM decks
WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
ORDER BY updated_at, id
LIMIT $4
