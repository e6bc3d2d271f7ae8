// Whether the local database holds a synced copy yet: before its first complete sync an empty
// list means "not downloaded yet", not "none".
import { useSyncSelector } from '../../app/syncBridge';
import { hasSynced } from '../db';

export { hasSynced };

/** Whether this device still waits for its first complete sync: nothing synced yet, and the sync
 * neither offline nor failed. Lists then show their loading state, not 'none' (which a first
 * visit would otherwise flash before the decks arrive). */
export function useFirstSyncPending(): boolean {
  // A selector, not the whole state: a first sync reports progress many times a second, and a
  // page that re-rendered on each would redraw its whole list each time.
  return useSyncSelector(({ status }) => status !== 'offline' && status !== 'error' && !hasSynced());
}
