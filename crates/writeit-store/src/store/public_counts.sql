SELECT (SELECT COUNT(*) FROM languages), (SELECT COUNT(*) FROM decks),
       (SELECT COUNT(*) FROM entries), (SELECT COUNT(*) FROM characters)
