// Which cards a study session of a deck shows, and in what order (pure: the data comes in, the
// queue goes out). Due cards first, most overdue first; then new cards within the day's limit.
import type { CardKind, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';

export const CARD_KINDS: readonly CardKind[] = ['meaning', 'reading', 'writing'];
/** New cards a day when the learner's deck sets none (issue 5). */
export const DEFAULT_NEW_PER_DAY = 20;
/** New cards are introduced a few entries at a time, kind by kind: the meaning cards of five
 * entries, then their reading cards, then their writing cards. So two cards of one entry are
 * never back to back (the second would be answered by the first one's back). */
export const NEW_GROUP = 5;

/** One card of the session. `card` null: never studied (made when first answered). */
export interface QueueItem {
  cardId: string;
  entryId: string;
  kind: CardKind;
  card: UserCard | null;
}

export interface QueueInput {
  /** The deck's entries in deck order. */
  entries: readonly Entry[];
  /** userEntries by entryId; an entry without one counts as enabled. */
  enabled: ReadonlyMap<string, boolean>;
  /** The learner's cards by card id. */
  cards: ReadonlyMap<string, UserCard>;
  now: number;
  /** New cards a day (the user deck's, else 20). */
  newPerDay: number;
  /** New cards of this deck already introduced today (see newCardsIntroducedToday). */
  newToday: number;
  /** The kinds studied (all three by default). */
  kinds?: readonly CardKind[];
}

export interface StudyQueue {
  /** Due cards, most overdue first. */
  due: QueueItem[];
  /** New cards for today, in introduction order. */
  fresh: QueueItem[];
  /** New cards left unstudied by today's limit. */
  newWaiting: number;
}

/** Whether an entry is studied: its userEntry says so, or it has none. */
export const isEnabled = (enabled: ReadonlyMap<string, boolean>, entryId: string): boolean => enabled.get(entryId) ?? true;

/** Builds the queue of a deck. A card row that never had a review (state New, no lastReview)
 * counts as new. */
export function buildQueue(input: QueueInput): StudyQueue {
  const kinds = input.kinds ?? CARD_KINDS;
  const due: QueueItem[] = [];
  const fresh: { item: QueueItem; group: number; kind: number; position: number }[] = [];
  const seen = new Set<string>();
  for (const [position, entry] of input.entries.entries()) {
    // An entry listed twice in a deck is studied once.
    if (seen.has(entry.id) || !isEnabled(input.enabled, entry.id)) continue;
    seen.add(entry.id);
    for (const [k, kind] of kinds.entries()) {
      const id = cardId(entry.id, kind);
      const card = input.cards.get(id);
      const live = card && !card.deleted ? card : null;
      const item: QueueItem = { cardId: id, entryId: entry.id, kind, card: live };
      if (!live || isNew(live)) fresh.push({ item, group: Math.floor(position / NEW_GROUP), kind: k, position });
      else if (live.due <= input.now) due.push(item);
    }
  }
  // Most overdue first; ties by card id, so every device orders a session alike.
  due.sort((a, b) => (a.card?.due ?? 0) - (b.card?.due ?? 0) || (a.cardId < b.cardId ? -1 : 1));
  fresh.sort((a, b) => a.group - b.group || a.kind - b.kind || a.position - b.position);
  const allowed = Math.max(0, input.newPerDay - input.newToday);
  return {
    due,
    fresh: fresh.slice(0, allowed).map((f) => f.item),
    newWaiting: Math.max(0, fresh.length - allowed),
  };
}

/** A card that was made but never answered. */
export const isNew = (card: Pick<UserCard, 'state' | 'lastReview'>): boolean => card.state === 0 && card.lastReview === null;

/** Local midnight of the day `now` falls in (the learner's day, for the new-card limit). */
export function startOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** How many of `cardIds` had their first review today (at or after local midnight): the new cards
 * already introduced today, counted from the reviews so every device agrees once synced. */
export function newCardsIntroducedToday(
  reviews: Iterable<Pick<UserReview, 'cardId' | 'reviewedAt' | 'deleted'>>,
  cardIds: ReadonlySet<string>,
  now: number,
): number {
  const first = new Map<string, number>();
  for (const r of reviews) {
    if (r.deleted || !cardIds.has(r.cardId)) continue;
    const t = first.get(r.cardId);
    if (t === undefined || r.reviewedAt < t) first.set(r.cardId, r.reviewedAt);
  }
  const midnight = startOfLocalDay(now);
  let count = 0;
  for (const t of first.values()) if (t >= midnight && t <= now) count++;
  return count;
}
