// The recent changes of the public tables (admin overview): the newest stamped decks, entries
// and characters, tombstones included (a deletion is a change), merged newest first.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Character, Deck, Entry } from '../../api/generated/types';
import { db } from '../db';

/** One recently written row of a public table. */
export interface Change {
  kind: 'deck' | 'entry' | 'character';
  id: string;
  languageCode: string;
  label: string;
  updatedAt: number;
  deleted: boolean;
}

/** The `limit` newest of the three lists, as changes, newest first. */
export function mergeChanges(decks: readonly Deck[], entries: readonly Entry[], characters: readonly Character[], limit: number): Change[] {
  const all: Change[] = [
    ...decks.map((r) => ({ kind: 'deck' as const, id: r.id, languageCode: r.languageCode, label: r.title, updatedAt: r.updatedAt, deleted: r.deleted })),
    ...entries.map((r) => ({ kind: 'entry' as const, id: r.id, languageCode: r.languageCode, label: r.text, updatedAt: r.updatedAt, deleted: r.deleted })),
    ...characters.map((r) => ({ kind: 'character' as const, id: r.id, languageCode: r.languageCode, label: r.value, updatedAt: r.updatedAt, deleted: r.deleted })),
  ];
  return all.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
}

/** The `limit` most recently stamped decks, entries and characters of the languages `shown`
 * accepts, newest first: three reads backwards along the updatedAt index, merged. */
export async function recentChanges(shown: (languageCode: string) => boolean, limit: number): Promise<Change[]> {
  const [decks, entries, characters] = await Promise.all([
    db.decks.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
    db.entries.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
    db.characters.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
  ]);
  return mergeChanges(decks, entries, characters, limit);
}

/** `recentChanges`, live. `key` stands for what `shown` closes over. */
export function useRecentChanges(shown: (languageCode: string) => boolean, limit: number, key: string): Change[] | undefined {
  return useLiveQuery(() => recentChanges(shown, limit), [key, limit]);
}
