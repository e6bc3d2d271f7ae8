-- A page of characters as the JSON array the API answers.
SELECT json_group_array(json_object(
    'id', id, 'languageCode', language_code, 'value', value, 'strokes', json(strokes),
    'source', source, 'leniency', leniency, 'alternatives', json(alternatives),
    'updatedAt', updated_at, 'deleted', json(CASE WHEN deleted THEN 'true' ELSE 'false' END)
) ORDER BY updated_at, id)
FROM (SELECT * FROM characters
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
      ORDER BY updated_at, id LIMIT $4)
