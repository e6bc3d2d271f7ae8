// The deck pages as the router loads them (one chunk): /decks and /decks/:deckId.
export { DeckPage } from './DeckPage';
export { DecksPage, preload } from './DecksPage';
