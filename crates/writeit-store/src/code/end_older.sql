UPDATE identity_codes SET used_at = $4
WHERE kind = $1 AND used_at IS NULL AND (user_id = $2 OR (user_id IS NULL AND email = $3))
