// Which cards a study session of a deck shows, and in what order (pure: the data comes in, the
// queue goes out). Due cards first, most overdue first; then new cards within the day's limit;
// cards in learning due later today are counted apart. Home's figures (studyCounts) and the
// session Start opens are both read from one buildQueue, so what Home promises is what opens.
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
  /** The end of the learner's day (next local midnight); derived from `now` when absent. */
  endOfDay?: number;
}

export interface StudyQueue {
  /** Due now: cards in review due today (by the day, as Anki counts them) and cards in learning
   * due by `now`, most overdue first. */
  due: QueueItem[];
  /** New cards for today, in introduction order. */
  fresh: QueueItem[];
  /** Cards in (re)learning due later today: not in a session started now, they come back. */
  learning: QueueItem[];
  /** New cards left unstudied by today's limit. */
  newWaiting: number;
}

/** What Home shows of a queue, as Anki's overview does, and what a session started now holds. */
export interface StudyCounts {
  /** New cards within today's limit. */
  new: number;
  /** Cards in learning due later today (not yet studyable). */
  learning: number;
  /** Cards due now. */
  due: number;
  /** The cards a session started now opens with: due now, then new (its fixed total). */
  total: number;
}

/** Home's figures of a queue; `total` is what StudySession takes as its total. */
export function studyCounts(queue: StudyQueue): StudyCounts {
  return { new: queue.fresh.length, learning: queue.learning.length, due: queue.due.length, total: queue.due.length + queue.fresh.length };
}

/** When the first card in learning later today becomes due now (null: none): the moment a
 * page showing studyCounts reads them again, so its figures stay those a session would open. */
export function nextLearningDue(queue: StudyQueue): number | null {
  return queue.learning[0]?.card?.due ?? null;
}

/** Card states as ts-fsrs numbers them (scheduler.ts CardState). */
const LEARNING_STATE = 1;
const RELEARNING_STATE = 3;
const inLearning = (card: UserCard): boolean => card.state === LEARNING_STATE || card.state === RELEARNING_STATE;

/** Whether an entry is studied: its userEntry says so, or it has none. */
export const isEnabled = (enabled: ReadonlyMap<string, boolean>, entryId: string): boolean => enabled.get(entryId) ?? true;

/** Builds the queue of a deck. A card row that never had a review (state New, no lastReview)
 * counts as new. */
export function buildQueue(input: QueueInput): StudyQueue {
  const kinds = input.kinds ?? CARD_KINDS;
  const endOfDay = input.endOfDay ?? endOfLocalDay(input.now);
  const due: QueueItem[] = [];
  const learning: QueueItem[] = [];
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
      else if (inLearning(live)) {
        // Learning steps count in minutes: due now, or later today.
        if (live.due <= input.now) due.push(item);
        else if (live.due < endOfDay) learning.push(item);
      } else if (live.due < endOfDay) due.push(item);
    }
  }
  // Most overdue first; ties by card id, so every device orders a session alike.
  due.sort((a, b) => (a.card?.due ?? 0) - (b.card?.due ?? 0) || (a.cardId < b.cardId ? -1 : 1));
  learning.sort((a, b) => (a.card?.due ?? 0) - (b.card?.due ?? 0) || (a.cardId < b.cardId ? -1 : 1));
  fresh.sort((a, b) => a.group - b.group || a.kind - b.kind || a.position - b.position);
  const allowed = Math.max(0, input.newPerDay - input.newToday);
  return {
    due,
    fresh: fresh.slice(0, allowed).map((f) => f.item),
    learning,
    newWaiting: Math.max(0, fresh.length - allowed),
  };
}

/** Orders `items` so that no card follows a card of the same entry (its sibling: the meaning,
 * reading and writing cards of one entry answer each other), when another order allows it; the
 * order is otherwise kept. Anki buries siblings for the day; here they stay in today's session,
 * apart. */
export function spreadSiblings<T extends { entryId: string }>(items: readonly T[]): T[] {
  const rest = [...items];
  const out: T[] = [];
  while (rest.length > 0) {
    const last = out.at(-1)?.entryId;
    let at = rest.findIndex((i) => i.entryId !== last);
    if (at < 0) at = 0;
    out.push(rest.splice(at, 1)[0]!);
  }
  return out;
}

/** The next local midnight after `now`: the end of the learner's day (DST-safe: built from the
 * calendar date). */
export function endOfLocalDay(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
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
