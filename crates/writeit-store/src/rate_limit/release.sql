UPDATE identity_rate_limits SET hits = hits - 1 WHERE key = $1 AND window_start = $2 AND hits > 0
