SELECT COUNT(*) FROM user_reviews WHERE user_id = $1 AND deleted = FALSE
