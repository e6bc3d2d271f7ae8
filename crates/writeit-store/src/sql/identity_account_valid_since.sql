UPDATE users SET valid_since = $2 WHERE id = $1
