// The entry pages as the router loads them (one chunk): /entries, /entries/:entryId and
// /decks/:deckId/entries/:entryId.
export { DeckEntryPage } from './DeckEntryPage';
export { EntriesPage, preload } from './EntriesPage';
export { EntryPage } from './EntryPage';
