SELECT e.id, e.language_code, e.deleted
FROM json_each($1) j
JOIN entries e ON e.id = j.value
