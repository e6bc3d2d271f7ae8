INSERT INTO media (id, content_type, bytes, created_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (id) DO NOTHING
