SELECT language_code FROM entries WHERE id = $1
