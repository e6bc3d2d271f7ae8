UPDATE users SET role = $2, editor_languages = $3, updated_at = $4 WHERE email = $1
