SELECT id FROM identity_sessions WHERE user_id = $1 AND ended_at >= $2 ORDER BY id
