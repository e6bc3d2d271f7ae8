DELETE FROM identity_rate_limits WHERE window_start < $1
