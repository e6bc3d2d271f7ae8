INSERT INTO identity_rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN identity_rate_limits.window_start <= $3 THEN 1
                ELSE identity_rate_limits.hits + 1 END,
    window_start = CASE WHEN identity_rate_limits.window_start <= $3 THEN $2
                        ELSE identity_rate_limits.window_start END
RETURNING hits, window_start
