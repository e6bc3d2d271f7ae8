SELECT COUNT(*) FROM entries WHERE id = $1
