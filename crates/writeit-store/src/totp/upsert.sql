INSERT INTO identity_totp (user_id, enrollment_id, secret, display_name, enrolled_at, last_step)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (user_id) DO UPDATE SET enrollment_id = excluded.enrollment_id, secret = excluded.secret,
    display_name = excluded.display_name, enrolled_at = excluded.enrolled_at, last_step = excluded.last_step
