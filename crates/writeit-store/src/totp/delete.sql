DELETE FROM identity_totp WHERE user_id = $1
