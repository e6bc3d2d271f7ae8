UPDATE identity_totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2
