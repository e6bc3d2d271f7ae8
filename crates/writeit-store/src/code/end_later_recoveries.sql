UPDATE identity_codes SET used_at = $3
WHERE user_id = $1 AND kind = 'RECOVER_EMAIL' AND used_at IS NULL AND expires_at > $2
