INSERT INTO user_cards (user_id, id, entry_id, kind, due, stability, difficulty, elapsed_days,
                        scheduled_days, learning_steps, reps, lapses, state, last_review,
                        updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
ON CONFLICT (user_id, id) DO UPDATE SET
    due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
    elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
    learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
    state = excluded.state, last_review = excluded.last_review,
    updated_at = excluded.updated_at, deleted = excluded.deleted
