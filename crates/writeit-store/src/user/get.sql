SELECT id, email, role, editor_languages, disabled FROM users WHERE id = $1
