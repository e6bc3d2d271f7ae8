SELECT id, email FROM users WHERE email_skeleton IS NULL ORDER BY created_at, id
