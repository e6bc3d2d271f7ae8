-- A page of decks as the JSON array the API answers.
SELECT json_group_array(json_object(
    'id', id, 'languageCode', language_code, 'title', title, 'description', description,
    'entryIds', json(entry_ids), 'position', position,
    'updatedAt', updated_at, 'deleted', json(CASE WHEN deleted THEN 'true' ELSE 'false' END)
) ORDER BY updated_at, id)
FROM (SELECT * FROM decks
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
      ORDER BY updated_at, id LIMIT $4)
