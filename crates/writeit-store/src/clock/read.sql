SELECT stamp FROM sync_clock WHERE id = 1
