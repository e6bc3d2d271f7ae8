SELECT id, card_id, entry_id, kind, rating, reviewed_at, duration_ms, score, desired_retention,
       updated_at, deleted
FROM user_reviews
WHERE user_id = $1 AND deleted = FALSE
ORDER BY card_id, reviewed_at, id
