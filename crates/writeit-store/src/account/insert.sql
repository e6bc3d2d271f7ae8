INSERT INTO users (id, email, email_verified, display_name, password_hash, role, editor_languages, disabled, valid_since, created_at, updated_at, password_updated_at, email_skeleton)
VALUES ($1, $2, $3, $4, $5, 'user', '[]', FALSE, 0, $6, $6, $7, $8)
