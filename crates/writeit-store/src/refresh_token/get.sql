SELECT family, used_at, revoked_at FROM identity_refresh_tokens WHERE token_hash = $1
