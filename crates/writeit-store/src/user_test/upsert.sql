INSERT INTO user_tests (user_id, id, deck_id, started_at, finished_at, rescheduled, answers,
                        updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (user_id, id) DO UPDATE SET
    deck_id = excluded.deck_id, started_at = excluded.started_at,
    finished_at = excluded.finished_at, rescheduled = excluded.rescheduled,
    answers = excluded.answers, updated_at = excluded.updated_at, deleted = excluded.deleted
