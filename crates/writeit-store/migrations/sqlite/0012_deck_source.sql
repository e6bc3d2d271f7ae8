-- Decks name where their words come from and the licence (shipped and imported decks; NULL for
-- decks made in the app).
ALTER TABLE decks ADD COLUMN source TEXT;
