DELETE FROM user_decks WHERE user_id = $1
