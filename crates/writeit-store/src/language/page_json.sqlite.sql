-- A page of languages as the JSON array the API answers. gridType mirrors writeit_core::entity::grid_type.
SELECT json_group_array(json_object(
    'id', id, 'name', name, 'nativeName', native_name,
    'rtl', json(CASE WHEN rtl THEN 'true' ELSE 'false' END),
    'gridType', CASE WHEN id IN ('ar', 'en', 'el', 'he', 'ru') THEN 'letter' ELSE 'character' END,
    'updatedAt', updated_at, 'deleted', json(CASE WHEN deleted THEN 'true' ELSE 'false' END)
) ORDER BY updated_at, id)
FROM (SELECT * FROM languages
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
        AND updated_at <= $5
      ORDER BY updated_at, id LIMIT $4)
