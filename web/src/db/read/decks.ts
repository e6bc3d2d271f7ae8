// Reads of the decks table: one deck, a language's decks in position order (its first page
// through the [languageCode+position] index, so a large catalogue paints its first decks without
// reading them all), every deck, the decks holding an entry. Tombstones are left out (live.ts).
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck } from '../../api/generated/types';
import { db } from '../db';
import { compareKeys } from '../order';
import { isLive, present, type Loaded } from './live';

/** Position, then id: the order of the language+position index, so the first page and the whole
 * list agree. */
export const byPosition = (a: Deck, b: Deck) => a.position - b.position || compareKeys(a.id, b.id);

/** Language, then position: every language's decks in one list. */
export const byLanguageThenPosition = (a: Deck, b: Deck) => compareKeys(a.languageCode, b.languageCode) || a.position - b.position;

/** The languages of `decks` other than `languageCode`, each once, in the decks' order (tombstones
 * and misses skipped). */
export function otherLanguagesOf(decks: readonly (Deck | undefined)[], languageCode: string): string[] {
  return [...new Set(decks.filter((d): d is Deck => isLive(d) && d.languageCode !== languageCode).map((d) => d.languageCode))];
}

export function useDeck(id: string | undefined): Loaded<Deck> {
  return useLiveQuery(async () => (id ? present(await db.decks.get(id)) : null), [id]);
}

/** Reads one deck (null when absent or deleted). */
export async function readDeck(id: string): Promise<Deck | null> {
  return present(await db.decks.get(id));
}

/** Reads the decks of a language in position order. */
export async function readDecksOfLanguage(languageCode: string): Promise<Deck[]> {
  return (await db.decks.where('languageCode').equals(languageCode).toArray()).filter(isLive).sort(byPosition);
}

/** The decks of a language in position order (none read while `languageCode` is undefined);
 * `initial` (read ahead, for this language) until the query has answered. */
export function useDecksOfLanguage(languageCode: string | undefined, initial?: Deck[]): Deck[] | undefined {
  return useLiveQuery(async () => (languageCode === undefined ? undefined : readDecksOfLanguage(languageCode)), [languageCode], initial);
}

function firstDecks(languageCode: string, limit: number): Promise<Deck[]> {
  return db.decks
    .where('[languageCode+position]')
    .between([languageCode, Dexie.minKey], [languageCode, Dexie.maxKey])
    .filter(isLive)
    .limit(limit)
    .toArray();
}

/** First pages read before the first render (preloadFirstDecks), by language/limit. */
const preloadedDecks = new Map<string, Deck[]>();

/** Reads the first `limit` decks of a language ahead of the first render. */
export async function preloadFirstDecks(languageCode: string, limit: number): Promise<void> {
  preloadedDecks.set(`${languageCode}/${limit}`, await firstDecks(languageCode, limit));
}

/** The decks of a language in position order: the first `firstPage` at once, then all of them;
 * `complete` says which. */
export function useDecksFirstPageThenAll(
  languageCode: string,
  firstPage: number,
): { decks: Deck[]; complete: boolean } | undefined {
  const first = useLiveQuery(
    () => firstDecks(languageCode, firstPage),
    [languageCode, firstPage],
    // What the page's preload read, so the first render already lists decks.
    preloadedDecks.get(`${languageCode}/${firstPage}`),
  );
  const ready = first !== undefined;
  const all = useLiveQuery(async () => (ready ? readDecksOfLanguage(languageCode) : undefined), [languageCode, ready]);
  if (all) return { decks: all, complete: true };
  return first ? { decks: first, complete: first.length < firstPage } : undefined;
}

/** Every language's decks, by language then position (none read until `enabled`). */
export function useAllDecks(enabled: boolean): Deck[] | undefined {
  return useLiveQuery(async () => (enabled ? (await db.decks.toArray()).filter(isLive).sort(byLanguageThenPosition) : undefined), [enabled]);
}

/** The decks (of every language) holding the entry. */
export function useDecksHolding(entryId: string | undefined): Deck[] | undefined {
  return useLiveQuery(async () => (entryId ? await db.decks.filter((d) => isLive(d) && d.entryIds.includes(entryId)).toArray() : []), [entryId]);
}

/** The decks of one language holding the entry. */
export function useDecksOfLanguageHolding(languageCode: string, entryId: string): Deck[] | undefined {
  return useLiveQuery(
    () => db.decks.where('languageCode').equals(languageCode).filter((d) => isLive(d) && d.entryIds.includes(entryId)).toArray(),
    [entryId, languageCode],
  );
}

/** The languages of the learner's decks (`mine`, their user decks) other than `languageCode`. */
export function useOtherDeckLanguages(mine: readonly { deckId: string }[], languageCode: string): string[] | undefined {
  return useLiveQuery(async () => otherLanguagesOf(await db.decks.bulkGet(mine.map((d) => d.deckId)), languageCode), [mine, languageCode]);
}
