SELECT language_code FROM decks WHERE id = $1 AND deleted = FALSE
