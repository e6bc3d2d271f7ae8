// The admin pages as the router loads them (one chunk): the gated layout, the languages
// overview and dashboard, decks and entries (characters: features/characterEditor; the deck editor, with @dnd-kit, in a
// chunk of its own). `preload` reads the entries list's first rows before its first render.
import { lazy } from 'react';
import { matchPath } from 'react-router';
import { preloadFirstEntries } from '../../db/read/entryList';

export { GatedAdminLayout } from './AdminGate';
export { AdminHomePage } from './AdminHomePage';
export { AdminLanguagePage } from './AdminLanguagePage';
export { AdminDecksPage } from './AdminDecksPage';
export { AdminEntriesPage } from './AdminEntriesPage';
export { AdminEntryPage } from './EntryEditor';

/** The deck editor brings @dnd-kit: it loads when a deck is opened, not with every admin page. */
export const AdminDeckPage = lazy(() => import('./DeckEditor').then((m) => ({ default: m.AdminDeckPage })));

/** Before the first render of /admin/{code}/entries: its first rows, so the first paint lists them. */
export async function preload(pathname: string): Promise<void> {
  const code = matchPath('/admin/:languageCode/entries', pathname)?.params.languageCode;
  if (code) await preloadFirstEntries(code);
}
