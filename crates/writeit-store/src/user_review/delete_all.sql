DELETE FROM user_reviews WHERE user_id = $1
