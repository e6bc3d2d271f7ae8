SELECT id, language_code, value, strokes, source, updated_at, deleted
FROM characters
WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
ORDER BY updated_at, id
LIMIT $4
