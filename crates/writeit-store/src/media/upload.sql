INSERT INTO media_uploads (user_id, media_id, bytes, uploaded_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (user_id, media_id) DO UPDATE SET uploaded_at = excluded.uploaded_at
