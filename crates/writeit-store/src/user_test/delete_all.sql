DELETE FROM user_tests WHERE user_id = $1
