-- A page of decks as the JSON array the API answers: stamped in ($1, $5], of the
-- languages $6 (a JSON array; NULL: all).
SELECT COALESCE(json_agg(json_build_object(
    'id', id, 'languageCode', language_code, 'title', title, 'description', description,
    'entryIds', entry_ids::json, 'position', position,
    'updatedAt', updated_at, 'deleted', deleted,
    'source', source
) ORDER BY updated_at, id), '[]'::json)::text
FROM (SELECT * FROM decks
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
        AND updated_at <= $5
        AND ($6::text IS NULL OR language_code IN (SELECT json_array_elements_text($6::json)))
      ORDER BY updated_at, id LIMIT $4) AS page
