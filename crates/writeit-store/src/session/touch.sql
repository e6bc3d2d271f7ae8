UPDATE identity_sessions SET last_used_at = $2, expires_at = $3
WHERE id = $1 AND ended_at IS NULL
