SELECT COUNT(*) FROM identity_recovery_codes WHERE user_id = $1 AND used_at IS NULL
