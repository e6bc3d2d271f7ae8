DELETE FROM user_entries WHERE user_id = $1
