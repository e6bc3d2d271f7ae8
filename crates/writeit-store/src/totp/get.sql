SELECT enrollment_id, secret, display_name, enrolled_at, last_step FROM identity_totp WHERE user_id = $1
