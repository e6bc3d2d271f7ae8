UPDATE identity_sessions SET ended_at = $3 WHERE id = $1 AND user_id = $2 AND ended_at IS NULL
