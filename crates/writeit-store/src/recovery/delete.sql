DELETE FROM identity_recovery_codes WHERE user_id = $1
