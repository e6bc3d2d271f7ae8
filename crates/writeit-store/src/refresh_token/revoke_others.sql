UPDATE identity_refresh_tokens SET revoked_at = $3
WHERE user_id = $1 AND family <> $2 AND revoked_at IS NULL
