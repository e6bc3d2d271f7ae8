SELECT id, card_id, entry_id, kind, rating, reviewed_at, duration_ms, score, desired_retention,
       updated_at, deleted, claimed_reviewed_at
FROM user_reviews
WHERE user_id = $1 AND id = $2
