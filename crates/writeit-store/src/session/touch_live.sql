UPDATE identity_sessions SET last_used_at = $3, expires_at = $4
WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > $3
