SELECT id, card_id, entry_id, kind, rating, reviewed_at, duration_ms, score, desired_retention,
       updated_at, deleted
FROM user_reviews
WHERE user_id = $1 AND updated_at > $2 AND (updated_at, id) > ($3, $4)
  AND updated_at <= $6
ORDER BY updated_at, id
LIMIT $5
