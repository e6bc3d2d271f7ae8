UPDATE identity_sessions SET ended_at = $2
WHERE id = (SELECT family FROM identity_refresh_tokens WHERE token_hash = $1) AND ended_at IS NULL
