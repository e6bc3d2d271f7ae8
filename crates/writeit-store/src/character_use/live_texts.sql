SELECT language_code, text FROM entries
WHERE deleted = FALSE AND updated_at > $1 AND updated_at <= $2
