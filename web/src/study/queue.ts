// Which cards a study session of a deck shows, and in what order (pure: the data comes in, the
// queue goes out). Due cards first, most overdue first; then new cards within the day's limit;
// cards in learning due later today are counted apart. Siblings (the meaning, reading and writing
// cards of one entry answer each other) are buried as Anki buries them: a card whose entry was
// already studied today, or has an earlier card in today's queue, waits at the end of the day's
// queue, shown only when no other card is left. New cards come one card per entry per day, in
// deck order (the entry's meaning card, then its reading card another day, then its writing
// card). Every study figure is derived from this queue's rule (figures.ts), so what Home promises
// is what Start opens.
import type { CardKind, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';

export const CARD_KINDS: readonly CardKind[] = ['meaning', 'reading', 'writing'];
/** New cards a day when the learner's deck sets none (issue 5). */
export const DEFAULT_NEW_PER_DAY = 20;

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
  /** Entries with a card (of any kind) answered today: their other cards wait (burying). */
  studiedToday?: ReadonlySet<string>;
}

export interface StudyQueue {
  /** Due now: cards in review due today (by the day, as Anki counts them) and cards in learning
   * due by `now`, most overdue first; siblings left out (see `buried`). */
  due: QueueItem[];
  /** New cards for today, in introduction order; siblings left out (see `buried`). */
  fresh: QueueItem[];
  /** Siblings of cards studied today or earlier in this queue, due now or new within today's
   * limit: they come last, when no other card is left (due ones first). */
  buried: QueueItem[];
  /** Cards in (re)learning due later today: not in a session started now, they come back. */
  learning: QueueItem[];
  /** New cards left for another day by today's limit (and their siblings). */
  waiting: QueueItem[];
  /** How many: `waiting.length`. */
  newWaiting: number;
}

/** The queue's figures, as Anki's overview shows them, and what a session started now holds. */
export interface StudyCounts {
  /** New cards within today's limit (buried new siblings included: they come at the end). */
  new: number;
  /** Cards in learning due later today (not yet studyable). */
  learning: number;
  /** Cards due now (buried due siblings included). */
  due: number;
  /** The cards a session started now opens with: due now, then new (its fixed total). */
  total: number;
}

/** The figures of a queue; `total` is what StudySession takes as its total. */
export function studyCounts(queue: StudyQueue): StudyCounts {
  const buriedNew = queue.buried.filter(isNewItem).length;
  const fresh = queue.fresh.length + buriedNew;
  const due = queue.due.length + queue.buried.length - buriedNew;
  return { new: fresh, learning: queue.learning.length, due, total: due + fresh };
}

/** The cards of a session started now, in the order it shows them: due, new, then the buried
 * siblings. */
export function sessionOrder(queue: StudyQueue): QueueItem[] {
  return [...queue.due, ...queue.fresh, ...queue.buried];
}

/** When the first card in learning later today becomes due now (null: none): the moment a
 * page showing studyCounts reads them again, so its figures stay those a session would open. */
export function nextLearningDue(queue: StudyQueue): number | null {
  return queue.learning[0]?.card?.due ?? null;
}

/** Card states as ts-fsrs numbers them (scheduler.ts CardState). */
const LEARNING_STATE = 1;
const RELEARNING_STATE = 3;
export const inLearning = (card: Pick<UserCard, 'state'>): boolean => card.state === LEARNING_STATE || card.state === RELEARNING_STATE;

/** Whether an entry is studied: its userEntry says so, or it has none. */
export const isEnabled = (enabled: ReadonlyMap<string, boolean>, entryId: string): boolean => enabled.get(entryId) ?? true;

/** Where a card stands today: never answered ('new'), to study now ('dueNow': in review and due
 * before the day ends, or in learning and due by `now`), in learning and due later today
 * ('laterToday'), or not today. The one rule of "due" for the queue and every figure. */
export type Today = 'new' | 'dueNow' | 'laterToday' | 'notToday';
export function today(card: UserCard | null | undefined, now: number, endOfDay: number): Today {
  if (!card || card.deleted || isNew(card)) return 'new';
  if (inLearning(card)) {
    // Learning steps count in minutes: due now, or later today.
    if (card.due <= now) return 'dueNow';
    return card.due < endOfDay ? 'laterToday' : 'notToday';
  }
  return card.due < endOfDay ? 'dueNow' : 'notToday';
}

/** Builds the queue of a deck. A card row that never had a review (state New, no lastReview)
 * counts as new. */
export function buildQueue(input: QueueInput): StudyQueue {
  const kinds = input.kinds ?? CARD_KINDS;
  const endOfDay = input.endOfDay ?? endOfLocalDay(input.now);
  const studiedToday = input.studiedToday ?? new Set<string>();
  const due: QueueItem[] = [];
  const learning: QueueItem[] = [];
  /** New cards by entry, in deck order, each entry's in kind order. */
  const fresh: QueueItem[][] = [];
  const seen = new Set<string>();
  for (const entry of input.entries) {
    // An entry listed twice in a deck is studied once.
    if (seen.has(entry.id) || !isEnabled(input.enabled, entry.id)) continue;
    seen.add(entry.id);
    const fresher: QueueItem[] = [];
    for (const kind of kinds) {
      const id = cardId(entry.id, kind);
      const card = input.cards.get(id);
      const live = card && !card.deleted ? card : null;
      const item: QueueItem = { cardId: id, entryId: entry.id, kind, card: live };
      const when = today(live, input.now, endOfDay);
      if (when === 'new') fresher.push(item);
      else if (when === 'dueNow') due.push(item);
      else if (when === 'laterToday') learning.push(item);
    }
    if (fresher.length > 0) fresh.push(fresher);
  }
  // Most overdue first; ties by card id, so every device orders a session alike.
  const byDue = (a: QueueItem, b: QueueItem) => (a.card?.due ?? 0) - (b.card?.due ?? 0) || (a.cardId < b.cardId ? -1 : 1);
  due.sort(byDue);
  learning.sort(byDue);

  // Burying: one card per entry a day. Cards in learning steps are never buried (they are being
  // learnt now) but bury their siblings; any other card waits when its entry was studied today or
  // already has a card in the queue.
  const taken = new Set(studiedToday);
  for (const item of [...due, ...learning]) if (item.card && inLearning(item.card)) taken.add(item.entryId);
  const dueNow: QueueItem[] = [];
  const buriedDue: QueueItem[] = [];
  for (const item of due) {
    if (item.card && inLearning(item.card)) dueNow.push(item);
    else if (taken.has(item.entryId)) buriedDue.push(item);
    else {
      taken.add(item.entryId);
      dueNow.push(item);
    }
  }
  // New cards: the first new card of each entry not yet taken, in deck order; then, when the
  // day's limit leaves room, their siblings (buried: at the very end).
  let allowed = Math.max(0, input.newPerDay - input.newToday);
  const firsts: QueueItem[] = [];
  const siblings: QueueItem[] = [];
  for (const cards of fresh) {
    const [first, ...rest] = cards as [QueueItem, ...QueueItem[]];
    if (taken.has(first.entryId)) siblings.push(first, ...rest);
    else {
      firsts.push(first);
      siblings.push(...rest);
    }
  }
  // Siblings kind by kind (every reading card, then every writing card), each in deck order.
  const kindAt = (i: QueueItem) => kinds.indexOf(i.kind);
  siblings.sort((a, b) => kindAt(a) - kindAt(b));
  const freshNow = firsts.slice(0, allowed);
  allowed -= freshNow.length;
  // Siblings of entries whose first card waits for another day wait with it.
  const introduced = new Set(freshNow.map((i) => i.entryId));
  const buriedFresh = siblings.filter((i) => taken.has(i.entryId) || introduced.has(i.entryId)).slice(0, allowed);
  const shown = new Set([...freshNow, ...buriedFresh]);
  const waiting = [...firsts, ...siblings].filter((i) => !shown.has(i));
  return {
    due: dueNow,
    fresh: freshNow,
    buried: [...buriedDue, ...buriedFresh],
    learning,
    waiting,
    newWaiting: waiting.length,
  };
}

/** Whether a queue item is a new card (never answered). */
export const isNewItem = (item: QueueItem): boolean => !item.card || isNew(item.card);

/** Orders `items` so that no card follows a card of the same entry when another order allows
 * it; the order is otherwise kept (buried siblings, shown last, may still be side by side). */
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
