INSERT INTO identity_refresh_tokens (token_hash, family, user_id, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5)
