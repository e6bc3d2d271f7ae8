SELECT l.id,
       (SELECT COUNT(*) FROM decks d WHERE d.language_code = l.id AND d.deleted = FALSE),
       (SELECT COUNT(*) FROM entries e WHERE e.language_code = l.id AND e.deleted = FALSE),
       (SELECT COUNT(*) FROM characters c WHERE c.language_code = l.id AND c.deleted = FALSE)
FROM languages l
WHERE l.deleted = FALSE
ORDER BY l.id
