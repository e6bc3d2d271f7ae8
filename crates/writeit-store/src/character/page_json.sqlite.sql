-- A page of characters as the JSON array the API answers: stamped in ($1, $5], of the
-- languages $6 (a JSON array; NULL: all), with the characters their entries use (character_use/).
SELECT json_group_array(json_object(
    'id', id, 'languageCode', language_code, 'value', value, 'strokes', json(strokes),
    'source', source, 'leniency', leniency, 'alternatives', json(alternatives),
    'updatedAt', updated_at, 'deleted', json(CASE WHEN deleted THEN 'true' ELSE 'false' END)
) ORDER BY updated_at, id)
FROM (SELECT * FROM characters
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
        AND updated_at <= $5
        AND ($6 IS NULL OR language_code IN (SELECT value FROM json_each($6))
             OR value IN (SELECT u.value FROM character_uses u
                          WHERE u.language_code IN (SELECT value FROM json_each($6))))
      ORDER BY updated_at, id LIMIT $4)
