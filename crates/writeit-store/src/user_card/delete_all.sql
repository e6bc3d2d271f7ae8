DELETE FROM user_cards WHERE user_id = $1
