SELECT content_type, bytes FROM media WHERE id = $1
