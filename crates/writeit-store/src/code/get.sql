SELECT kind, user_id, email, payload, expires_at FROM identity_codes
WHERE code_hash = $1 AND used_at IS NULL
