UPDATE users SET email = $2, email_verified = $3, display_name = $4, password_hash = $5,
    password_updated_at = $6, updated_at = $7
WHERE id = $1
