// Whether the local database holds a synced copy yet: before its first complete sync an empty
// list means "not downloaded yet", not "none".
import { useSyncSelector } from '../../app/syncBridge';
import { hasSynced } from '../db';
import { readLanguageState } from '../languages';
import { safeLocalStorage } from '../../app/safeLocalStorage';

export { hasSynced };

/** Whether this device still waits for its first complete sync: nothing synced yet, and the sync
 * neither offline nor failed. Lists then show their loading state, not 'none' (which a first
 * visit would otherwise flash before the decks arrive). */
export function useFirstSyncPending(): boolean {
  // A selector, not the whole state: a first sync reports progress many times a second, and a
  // page that re-rendered on each would redraw its whole list each time.
  return useSyncSelector(({ status }) => status !== 'offline' && status !== 'error' && !hasSynced());
}

/** Whether language `code`'s public rows are here: 'ready' (joined, or a device not yet upgraded:
 * it holds every language), 'downloading' (being added, or not yet: a sync will), 'waiting' (not
 * here, and the sync offline or failing). Lists of that language show this instead of "none". */
export type LanguageDownload = 'ready' | 'downloading' | 'waiting';

export function useLanguageDownload(code: string): LanguageDownload {
  return useSyncSelector((s) => {
    if (!code || languageHere(code)) return 'ready';
    return s.status === 'offline' || s.status === 'error' ? 'waiting' : 'downloading';
  });
}

function languageHere(code: string): boolean {
  const storage = safeLocalStorage();
  if (!storage) return true;
  const state = readLanguageState(storage);
  return state ? state.held[code]?.joined === true : hasSynced(storage);
}
