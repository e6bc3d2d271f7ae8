-- A page of decks as the JSON array the API answers: stamped in ($1, $5], of the
-- languages $6 (a JSON array; NULL: all).
SELECT json_group_array(json_object(
    'id', id, 'languageCode', language_code, 'title', title, 'description', description,
    'entryIds', json(entry_ids), 'position', position,
    'updatedAt', updated_at, 'deleted', json(CASE WHEN deleted THEN 'true' ELSE 'false' END),
    'source', source
) ORDER BY updated_at, id)
FROM (SELECT * FROM decks
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
        AND updated_at <= $5
        AND ($6 IS NULL OR language_code IN (SELECT value FROM json_each($6)))
      ORDER BY updated_at, id LIMIT $4)
