SELECT language_code, text FROM entries WHERE deleted = FALSE
