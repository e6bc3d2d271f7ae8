SELECT deleted FROM entries WHERE id = $1
