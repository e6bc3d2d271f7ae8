SELECT id, enabled, updated_at, deleted
FROM user_entries
WHERE user_id = $1 AND updated_at > $2 AND (updated_at, id) > ($3, $4)
  AND updated_at <= $6
ORDER BY updated_at, id
LIMIT $5
