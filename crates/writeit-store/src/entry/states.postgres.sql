SELECT e.id, e.language_code, e.deleted
FROM jsonb_array_elements_text($1::jsonb) AS j (id)
JOIN entries e ON e.id = j.id
