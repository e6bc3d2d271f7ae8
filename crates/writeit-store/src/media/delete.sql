DELETE FROM media WHERE id = $1
