// Reads of the learner's entry settings (userEntries, keyed by entryId): which entries they
// turned off. An entry without a live user entry is enabled.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { liveRows } from './live';

/** Which of `entryIds` the learner disabled (user entries with enabled = false). */
export function useDisabledEntries(entryIds: readonly string[] | undefined): Set<string> | undefined {
  return useLiveQuery(async () => {
    if (!entryIds) return undefined;
    const rows = await db.userEntries.bulkGet([...entryIds]);
    return new Set(liveRows(rows).filter((r) => !r.enabled).map((r) => r.entryId));
  }, [entryIds]);
}
