UPDATE character_uses_scanned SET stamp = $1 WHERE stamp < $1
