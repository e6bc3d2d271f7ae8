INSERT INTO users (id, email, role, editor_languages, disabled, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $6)
ON CONFLICT (id) DO UPDATE SET
    email = excluded.email, role = excluded.role, editor_languages = excluded.editor_languages,
    disabled = excluded.disabled, updated_at = excluded.updated_at
