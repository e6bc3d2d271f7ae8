UPDATE user_reviews SET deleted = TRUE, updated_at = $3
WHERE user_id = $1 AND id = $2
