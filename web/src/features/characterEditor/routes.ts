// The character pages of the admin area as the router loads them (one chunk, with the writing
// canvas and the matcher): the list and the stroke editor.
export { AdminCharacterPage } from './AdminCharacterPage';
export { AdminCharactersPage } from './AdminCharactersPage';
