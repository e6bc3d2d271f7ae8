INSERT INTO identity_recovery_codes (user_id, code_hash) VALUES ($1, $2)
