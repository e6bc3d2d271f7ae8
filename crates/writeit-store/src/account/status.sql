SELECT disabled, role, editor_languages, valid_since, token_generation FROM users WHERE id = $1
