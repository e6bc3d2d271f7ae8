SELECT id, language_code, text, reading, meanings, notes, examples, audio_url, updated_at, deleted
FROM entries
WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
ORDER BY updated_at, id
LIMIT $4
