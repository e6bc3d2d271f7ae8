DELETE FROM identity_codes WHERE expires_at < $1
