SELECT hits, window_start FROM identity_rate_limits WHERE key = $1 AND window_start > $2
