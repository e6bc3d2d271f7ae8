SELECT 1 FROM media_uploads WHERE user_id = $1 AND media_id = $2
