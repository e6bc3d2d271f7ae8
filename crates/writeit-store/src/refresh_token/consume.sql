UPDATE identity_refresh_tokens SET used_at = $2
WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL
RETURNING family, user_id, expires_at
