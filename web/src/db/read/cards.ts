// Reads of the learner's cards (userCards): the cards of some entries, every card soonest due
// first with its entry, the due counts per entry behind each deck's "due" figure, and whether a
// card is started (writing practice records a review only then). Tombstones are left out (live.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { CardKind, Deck, Entry, UserCard } from '../../api/generated/types';
import { cardId } from '../cardId';
import { db } from '../db';
import { endOfLocalDay, isEnabled, today } from '../../study/queue';
import { isLive } from './live';

/** Cards due now, counted by entry id: the one rule of "due now" (study/queue.ts `today`), of
 * studied entries only, as every figure counts them. */
export function useDueCountsByEntry(now: number): Map<string, number> | undefined {
  return useLiveQuery(async () => {
    const endOfDay = endOfLocalDay(now);
    const [due, userEntries] = await Promise.all([db.userCards.where('due').below(endOfDay).toArray(), db.userEntries.toArray()]);
    const enabled = new Map<string, boolean>();
    for (const u of userEntries) if (isLive(u)) enabled.set(u.entryId, u.enabled);
    const counts = new Map<string, number>();
    for (const card of due) {
      if (!isLive(card) || !isEnabled(enabled, card.entryId) || today(card, now, endOfDay) !== 'dueNow') continue;
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

/** The learner's cards of the given entries (all cards when `entryIds` is null). */
export function useCardsOf(entryIds: readonly string[] | null | undefined): UserCard[] | undefined {
  return useLiveQuery(async () => {
    if (entryIds === undefined) return undefined;
    const cards = entryIds === null ? await db.userCards.toArray() : await db.userCards.where('entryId').anyOf([...entryIds]).toArray();
    return cards.filter(isLive);
  }, [entryIds]);
}

/** A card with its entry (undefined when the entry is not here; a deleted entry is kept, so its
 * card still shows what it was). */
export interface CardWithEntry {
  card: UserCard;
  entry: Entry | undefined;
}

/** Every card of the learner, soonest due first, with its entry. */
export function useCardsWithEntries(): CardWithEntry[] | undefined {
  return useLiveQuery(async () => {
    const cards = (await db.userCards.orderBy('due').toArray()).filter(isLive);
    const entries = await db.entries.bulkGet([...new Set(cards.map((c) => c.entryId))]);
    const byId = new Map(entries.filter((e): e is Entry => !!e).map((e) => [e.id, e]));
    return cards.map((card) => ({ card, entry: byId.get(card.entryId) }));
  }, []);
}

/** Whether the learner has started the `kind` card of an entry: it is there and has been answered
 * (a review's "new" card is one never answered). */
export async function cardStarted(entryId: string, kind: CardKind): Promise<boolean> {
  const card = await db.userCards.get(cardId(entryId, kind));
  return isLive(card) && !(card.state === 0 && card.lastReview === null);
}

/** cardStarted, live (undefined while reading): known before an answer is given, so the answer is
 * recorded in its own event handler (db/journal.ts). */
export function useCardStarted(entryId: string, kind: CardKind): boolean | undefined {
  return useLiveQuery(() => cardStarted(entryId, kind), [entryId, kind]);
}
