SELECT id, name, native_name, rtl, updated_at, deleted
FROM languages
WHERE updated_at > $1 AND (updated_at, id) > ($2, $3)
ORDER BY updated_at, id
LIMIT $4
