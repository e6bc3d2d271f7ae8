INSERT INTO identity_sessions (id, user_id, user_agent, created_at, last_used_at, expires_at)
VALUES ($1, $2, $3, $4, $4, $5)
