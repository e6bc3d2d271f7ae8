DELETE FROM user_parameters WHERE user_id = $1
