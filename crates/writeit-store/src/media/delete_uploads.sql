DELETE FROM media_uploads WHERE media_id = $1
