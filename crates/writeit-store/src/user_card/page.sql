SELECT id, entry_id, kind, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps,
       reps, lapses, state, last_review, updated_at, deleted
FROM user_cards
WHERE user_id = $1 AND updated_at > $2 AND (updated_at, id) > ($3, $4)
  AND updated_at <= $6
ORDER BY updated_at, id
LIMIT $5
