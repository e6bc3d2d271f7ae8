INSERT INTO user_entries (user_id, id, enabled, updated_at, deleted)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (user_id, id) DO UPDATE SET
    enabled = excluded.enabled, updated_at = excluded.updated_at, deleted = excluded.deleted
