SELECT language_code FROM entries WHERE id = $1 AND deleted = FALSE
