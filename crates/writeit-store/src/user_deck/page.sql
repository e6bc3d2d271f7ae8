SELECT u.id, u.new_per_day, u.desired_retention, u.updated_at, u.deleted, d.language_code
FROM user_decks u LEFT JOIN decks d ON d.id = u.id
WHERE u.user_id = $1 AND u.updated_at > $2 AND (u.updated_at, u.id) > ($3, $4)
  AND u.updated_at <= $6
ORDER BY u.updated_at, u.id
LIMIT $5
