SELECT disabled, role, editor_languages, valid_since FROM users WHERE id = $1
