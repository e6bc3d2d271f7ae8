UPDATE identity_refresh_tokens SET revoked_at = $2
WHERE family = (SELECT family FROM identity_refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL
