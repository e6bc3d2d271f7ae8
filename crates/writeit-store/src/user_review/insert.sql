INSERT INTO user_reviews (user_id, id, card_id, entry_id, kind, rating, reviewed_at, duration_ms,
                          score, desired_retention, updated_at, deleted, claimed_reviewed_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
