UPDATE users SET disabled = $2, updated_at = $3 WHERE email = $1 RETURNING id
