// Shared data hooks over the local database (live queries; deleted rows are hidden).
import { useEffect, useState } from 'react';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck, Entry, UserCard, UserDeck } from '../../api/generated/types';
import { useSyncSelector } from '../../app/syncBridge';
import { db, hasSynced } from '../../db/db';
import { useI18n } from '../../i18n/I18nContext';
import { endOfToday } from '../stats/stats';
import { compareKeys } from '../../db/order';

/** `undefined` while loading, `null` when absent (or deleted), else the row. */
export type Loaded<T> = T | null | undefined;

function present<T extends { deleted: boolean }>(row: T | undefined): T | null {
  return row && !row.deleted ? row : null;
}

export function useDeck(id: string | undefined): Loaded<Deck> {
  return useLiveQuery(async () => (id ? present(await db.decks.get(id)) : null), [id]);
}

export function useEntry(id: string | undefined): Loaded<Entry> {
  return useLiveQuery(async () => (id ? present(await db.entries.get(id)) : null), [id]);
}

/** A deck's entries in the deck's order (missing ones skipped). */
export function useDeckEntries(deck: Loaded<Deck>): Entry[] | undefined {
  return useLiveQuery(async () => {
    if (!deck) return [];
    const rows = await db.entries.bulkGet(deck.entryIds);
    return rows.filter((e): e is Entry => !!e && !e.deleted);
  }, [deck]);
}

/** Position, then id: the order of the language+position index, so the first page and the whole
 * list agree. */
const byPosition = (a: Deck, b: Deck) => a.position - b.position || compareKeys(a.id, b.id);

/** Reads the decks of a language in position order. */
export async function readDecksOfLanguage(languageCode: string): Promise<Deck[]> {
  return (await db.decks.where('languageCode').equals(languageCode).toArray()).filter((d) => !d.deleted).sort(byPosition);
}

/** The decks of a language in position order; `initial` (read ahead, for this language) until
 * the query has answered. */
export function useDecksOfLanguage(languageCode: string, initial?: Deck[]): Deck[] | undefined {
  return useLiveQuery(() => readDecksOfLanguage(languageCode), [languageCode], initial);
}

function firstDecks(languageCode: string, limit: number): Promise<Deck[]> {
  return db.decks
    .where('[languageCode+position]')
    .between([languageCode, Dexie.minKey], [languageCode, Dexie.maxKey])
    .filter((d) => !d.deleted)
    .limit(limit)
    .toArray();
}

/** First pages read before the first render (preloadFirstDecks), by language/limit. */
const preloadedDecks = new Map<string, Deck[]>();

/** Reads the first `limit` decks of a language ahead of the first render. */
export async function preloadFirstDecks(languageCode: string, limit: number): Promise<void> {
  preloadedDecks.set(`${languageCode}/${limit}`, await firstDecks(languageCode, limit));
}

/** The decks of a language in position order: the first `firstPage` at once (read through the
 * language+position index, so a large catalogue paints its first decks without reading them all),
 * then all of them; `complete` says which. */
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
  const all = useLiveQuery(
    async () =>
      ready
        ? (await db.decks.where('languageCode').equals(languageCode).toArray()).filter((d) => !d.deleted).sort(byPosition)
        : undefined,
    [languageCode, ready],
  );
  if (all) return { decks: all, complete: true };
  return first ? { decks: first, complete: first.length < firstPage } : undefined;
}

/** Cards due at `now` (due <= now), counted by entry id. */
export function useDueCountsByEntry(now: number): Map<string, number> | undefined {
  return useLiveQuery(async () => {
    const due = await db.userCards.where('due').belowOrEqual(now).toArray();
    const counts = new Map<string, number>();
    for (const card of due) {
      if (card.deleted) continue;
      counts.set(card.entryId, (counts.get(card.entryId) ?? 0) + 1);
    }
    return counts;
  }, [now]);
}

/** Number of due cards among a deck's entries. */
export function dueInDeck(deck: Deck, dueByEntry: Map<string, number> | undefined): number {
  // Nothing due (a guest, or all reviewed): no need to look up every entry of every deck (the
  // catalogue's 511 decks hold 50,000 entries: 13 ms on /home).
  if (!dueByEntry || dueByEntry.size === 0) return 0;
  let total = 0;
  for (const id of deck.entryIds) total += dueByEntry.get(id) ?? 0;
  return total;
}

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Sets the document title to `title · app name`. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useI18n();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

/** The learner's settings for a deck: `null` when the deck is not among their decks. */
export function useUserDeck(deckId: string | undefined): Loaded<UserDeck> {
  return useLiveQuery(async () => (deckId ? present(await db.userDecks.get(deckId)) : null), [deckId]);
}

/** Reads the learner's decks (their user decks, removed ones left out). */
export async function readMyDecks(): Promise<UserDeck[]> {
  return (await db.userDecks.toArray()).filter((d) => !d.deleted);
}

/** The learner's decks (their user decks, removed ones left out); `initial` (read ahead) until
 * the query has answered. */
export function useMyDecks(initial?: UserDeck[]): UserDeck[] | undefined {
  return useLiveQuery(readMyDecks, [], initial);
}

/** Which of `entryIds` the learner disabled (user entries with enabled = false); an entry without
 * a user entry is enabled. */
export function useDisabledEntries(entryIds: readonly string[] | undefined): Set<string> | undefined {
  return useLiveQuery(async () => {
    if (!entryIds) return undefined;
    const rows = await db.userEntries.bulkGet([...entryIds]);
    return new Set(rows.filter((r) => r && !r.deleted && !r.enabled).map((r) => r!.entryId));
  }, [entryIds]);
}

/** The learner's cards of the given entries (all cards when `entryIds` is null). */
export function useCardsOf(entryIds: readonly string[] | null | undefined): UserCard[] | undefined {
  return useLiveQuery(async () => {
    if (entryIds === undefined) return undefined;
    const cards = entryIds === null ? await db.userCards.toArray() : await db.userCards.where('entryId').anyOf([...entryIds]).toArray();
    return cards.filter((c) => !c.deleted);
  }, [entryIds]);
}

/** When the learner reviewed, every review (index keys only: cheap even for many reviews). For the
 * streak: an answer taken back later still counts, since the learner did study that day. */
export function useReviewTimes(): number[] | undefined {
  return useLiveQuery(async () => (await db.userReviews.orderBy('reviewedAt').keys()) as number[], []);
}

/** The end of the learner's today (next local midnight), the bound of "due today"; it changes
 * once a day, so queries keyed on it do not re-run every minute. */
export function useEndOfToday(): number {
  return endOfToday(useNow());
}

/** Whether this device still waits for its first complete sync: nothing synced yet, and the sync
 * neither offline nor failed. An empty list then means 'not downloaded yet', so lists show their
 * loading state, not 'none' (which a first visit would otherwise flash before the decks arrive). */
export function useFirstSyncPending(): boolean {
  // A selector, not the whole state: a first sync reports progress many times a second, and a
  // page that re-rendered on each would redraw its whole list each time.
  return useSyncSelector(({ status }) => status !== 'offline' && status !== 'error' && !hasSynced());
}
