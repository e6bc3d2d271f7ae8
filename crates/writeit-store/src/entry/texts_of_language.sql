SELECT id, text
FROM entries
WHERE language_code = $1 AND deleted = FALSE
ORDER BY id
