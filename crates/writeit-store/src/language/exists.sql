SELECT COUNT(*) FROM languages WHERE id = $1 AND deleted = FALSE
