UPDATE identity_refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL
