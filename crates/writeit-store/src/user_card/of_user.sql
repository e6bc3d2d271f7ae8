SELECT id, entry_id, kind, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps,
       reps, lapses, state, last_review, updated_at, deleted
FROM user_cards
WHERE user_id = $1 AND deleted = FALSE
