SELECT id, user_agent, created_at, last_used_at FROM identity_sessions
WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2
ORDER BY last_used_at DESC, id
