INSERT INTO identity_codes (code_hash, kind, user_id, email, payload, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
