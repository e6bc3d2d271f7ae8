SELECT id, email, email_verified, display_name, password_hash, role, editor_languages, disabled, valid_since, created_at, last_login_at, password_updated_at, token_generation
FROM users WHERE email = $1
