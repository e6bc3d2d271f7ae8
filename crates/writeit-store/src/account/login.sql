UPDATE users SET last_login_at = $2 WHERE id = $1
