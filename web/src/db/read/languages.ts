// Reads of the languages table, and each language's row counts on this device (the admin
// language page; the languages overview counts the server's, features/admin/serverCounts.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Language } from '../../api/generated/types';
import { db } from '../db';
import { compareKeys } from '../order';
import { isLive, present, type Loaded } from './live';

export function useLanguage(code: string | undefined): Loaded<Language> {
  return useLiveQuery(async () => (code ? present(await db.languages.get(code)) : null), [code]);
}

export interface LanguageCounts {
  decks: number;
  entries: number;
  characters: number;
}

/**
 * Rows per table of a language. Entries and characters (tens of thousands) are counted on the
 * index alone, which is instant but includes tombstones (rare); decks are few and counted exactly.
 */
export async function countsOf(code: string): Promise<LanguageCounts> {
  const [decks, entries, characters] = await Promise.all([
    db.decks.where('languageCode').equals(code).filter(isLive).count(),
    db.entries.where('languageCode').equals(code).count(),
    db.characters.where('languageCode').equals(code).count(),
  ]);
  return { decks, entries, characters };
}

export function useCountsOf(code: string): LanguageCounts | undefined {
  return useLiveQuery(() => countsOf(code), [code]);
}

/** The languages `shown` accepts, by code. `key` stands for what `shown` closes over: the read
 * runs again when it changes. */
export function useShownLanguages(shown: (code: string) => boolean, key: string): Language[] | undefined {
  return useLiveQuery(async () => (await db.languages.toArray()).filter((l) => isLive(l) && shown(l.id)).sort((a, b) => compareKeys(a.id, b.id)), [key]);
}
