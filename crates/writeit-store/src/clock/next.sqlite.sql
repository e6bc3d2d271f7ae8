UPDATE sync_clock SET stamp = MAX(stamp + 1, $1) WHERE id = 1 RETURNING stamp
