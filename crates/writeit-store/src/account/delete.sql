DELETE FROM users WHERE id = $1
