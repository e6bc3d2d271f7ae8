// The practice pages as the router loads them (one chunk with the study engine and ts-fsrs): review
// and test of a deck, reading practice of an entry. Writing practice lives in features/writing.
export { DeckReviewPage } from './ReviewPage';
export { DeckTestPage } from './TestPage';
export { ReadingPage } from './ReadingPage';
