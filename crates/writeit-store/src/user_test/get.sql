SELECT id, deck_id, started_at, finished_at, rescheduled, answers, updated_at, deleted
FROM user_tests
WHERE user_id = $1 AND id = $2
