// Reads of the entries table: one entry, a deck's entries, some entries by id, and a search within
// a language (the whole list in text order: entryList.ts). Tombstones are left out (live.ts)
// except where a function says otherwise.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck, Entry } from '../../api/generated/types';
import { db } from '../db';
import { isLive, liveRows, present, type Loaded } from './live';

export function useEntry(id: string | undefined): Loaded<Entry> {
  return useLiveQuery(async () => (id ? present(await db.entries.get(id)) : null), [id]);
}

/** A deck's entries in the deck's order (missing ones skipped). */
export function useDeckEntries(deck: Loaded<Deck>): Entry[] | undefined {
  return useLiveQuery(async () => (deck ? liveRows(await db.entries.bulkGet(deck.entryIds)) : []), [deck]);
}

/** The entries of `ids` by id, tombstones included (a deck editor still lists a deleted entry
 * its deck holds). */
export function useEntriesById(ids: readonly string[]): Map<string, Entry> | undefined {
  return useLiveQuery(async () => {
    const rows = await db.entries.bulkGet([...ids]);
    return new Map(rows.filter((e): e is Entry => !!e).map((e) => [e.id, e]));
  }, [ids]);
}

/** The first `limit` live entries of a language that `match` accepts (none when null), read
 * along the language index and stopping at the limit (a common query reads a few rows, a rare
 * one scans the language). The read runs again when `match` changes: memoize it. */
export function useEntriesMatching(languageCode: string, match: ((entry: Entry) => boolean) | null, limit: number): Entry[] | undefined {
  return useLiveQuery(
    async () => (match ? db.entries.where('languageCode').equals(languageCode).filter((e) => isLive(e) && match(e)).limit(limit).toArray() : []),
    [languageCode, match, limit],
  );
}
