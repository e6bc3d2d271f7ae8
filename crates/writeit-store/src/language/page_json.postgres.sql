-- A page of languages as the JSON array the API answers. gridType mirrors writeit_core::entity::grid_type.
SELECT COALESCE(json_agg(json_build_object(
    'id', id, 'name', name, 'nativeName', native_name,
    'rtl', rtl,
    'gridType', CASE WHEN id IN ('ar', 'en', 'el', 'he', 'ru') THEN 'letter' ELSE 'character' END,
    'updatedAt', updated_at, 'deleted', deleted
) ORDER BY updated_at, id), '[]'::json)::text
FROM (SELECT * FROM languages
      WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
        AND updated_at <= $5
      ORDER BY updated_at, id LIMIT $4) AS page
