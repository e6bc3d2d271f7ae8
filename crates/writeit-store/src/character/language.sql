SELECT language_code FROM characters WHERE id = $1
