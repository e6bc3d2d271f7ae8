UPDATE identity_refresh_tokens SET revoked_at = $2 WHERE family = $1 AND revoked_at IS NULL
