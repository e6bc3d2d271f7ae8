INSERT INTO user_decks (user_id, id, new_per_day, desired_retention, updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (user_id, id) DO UPDATE SET
    new_per_day = excluded.new_per_day, desired_retention = excluded.desired_retention,
    updated_at = excluded.updated_at, deleted = excluded.deleted
