UPDATE identity_codes SET used_at = $2
WHERE code_hash = $1 AND used_at IS NULL
RETURNING kind, user_id, email, payload, expires_at
