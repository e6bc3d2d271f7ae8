// Whether the local database holds a synced copy yet: before its first complete sync an empty
// list means "not downloaded yet", not "none".
import { useSyncSelector } from '../../app/syncBridge';
import { hasSynced } from '../db';
import { readLanguageState } from '../languages';
import { safeLocalStorage } from '../../app/safeLocalStorage';
import { languageCodeStore } from '../../app/languageCode';

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
 * it holds every language), 'downloading' (studied and being added, or about to be), 'waiting'
 * (so, but the sync offline or failing), 'absent' (not studied here: nothing will download it).
 * Lists of that language show this instead of "none". */
export type LanguageDownload = 'ready' | 'downloading' | 'waiting' | 'absent';

export function useLanguageDownload(code: string): LanguageDownload {
  return useSyncSelector((s) => {
    const here = code ? languageHere(code) : 'joined';
    if (here === 'joined') return 'ready';
    if (here === 'absent') return 'absent';
    return s.status === 'offline' || s.status === 'error' ? 'waiting' : 'downloading';
  });
}

/** Where `code` stands here, as far as local storage tells (a followed deck's language not held
 * yet reads as absent until the sync starts adding it). */
function languageHere(code: string): 'joined' | 'coming' | 'absent' {
  const storage = safeLocalStorage();
  if (!storage) return 'joined';
  const state = readLanguageState(storage);
  if (!state) return hasSynced(storage) ? 'joined' : 'coming';
  const hold = state.held[code];
  if (hold?.joined) return 'joined';
  return hold || code === languageCodeStore.get() || state.keep.includes(code) ? 'coming' : 'absent';
}
