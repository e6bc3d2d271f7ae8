UPDATE users SET valid_since = $2, token_generation = token_generation + 1 WHERE id = $1
RETURNING token_generation
