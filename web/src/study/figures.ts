// The study figures a learner sees, in one home (pure: rows in, figures out): for a scope (every
// deck, a language, a deck) the cards new today and new in all, by state, due now and later
// today, started, and the reviews given today; and where a session of a deck stands today, so
// its counter reads the same after a reload. Home, the deck page, the cards list and the
// statistics all read their figures here, over the same rows, so the same scope shows the same
// number everywhere. Today's figures follow the queue's rule (queue.ts `today` and its burying);
// an answer taken back (a tombstone) never counts.
import type { CardKind, UserCard, UserReview } from '../api/generated/types';
import { endOfLocalDay, isEnabled, isNew, isNewItem, startOfLocalDay, today, type StudyQueue } from './queue';

/** What a figure counts over: every deck of the learner, one language, or one deck. */
export type FigureScope = { kind: 'all' } | { kind: 'language'; languageCode: string } | { kind: 'deck'; deckId: string };

/** Card states as ts-fsrs numbers them. */
const LEARNING = 1;
const REVIEW = 2;
const RELEARNING = 3;

export interface StudyFigures {
  /** New cards a session may start today, within each deck's daily limit (siblings buried to
   * the end of the day included). */
  newToday: number;
  /** New cards in all: the scope's decks' cards never answered (entries left out not counted). */
  newTotal: number;
  /** Started cards by state: in learning steps, relearning after a lapse, in review. */
  learning: number;
  relearning: number;
  review: number;
  /** Cards ever answered (learning + relearning + review). */
  started: number;
  /** Cards to study now: in review and due before the day ends, or in (re)learning and due by
   * now (entries left out not counted). */
  dueNow: number;
  /** Cards in (re)learning due later today (they come back within the day). */
  laterToday: number;
  /** When the first of `laterToday` comes due (null: none). */
  nextLaterToday: number | null;
  /** Answers given today (local day); an answer taken back does not count. */
  reviewsToday: number;
}

type ReviewLike = Pick<UserReview, 'cardId' | 'reviewedAt' | 'deleted'> & Partial<Pick<UserReview, 'kind'>>;

/** The rows a scope's figures are computed from. */
export interface ScopeRows {
  now: number;
  /** The learner's card rows of the scope (tombstones are skipped). */
  cards: Iterable<UserCard>;
  /** Reviews of the scope's cards (tombstones are skipped). */
  reviews: Iterable<ReviewLike>;
  /** userEntries by entryId (absent: studied). */
  enabled: ReadonlyMap<string, boolean>;
  /** The queue (all kinds) of each deck whose new cards count: the deck, or the learner's decks
   * of the scope. */
  queues: readonly StudyQueue[];
}

/** The figures of a scope. */
export function studyFigures(rows: ScopeRows): StudyFigures {
  const { now } = rows;
  const endOfDay = endOfLocalDay(now);
  const out: StudyFigures = {
    newToday: 0,
    newTotal: 0,
    learning: 0,
    relearning: 0,
    review: 0,
    started: 0,
    dueNow: 0,
    laterToday: 0,
    nextLaterToday: null,
    reviewsToday: reviewsToday(rows.reviews, now),
  };
  const started = new Set<string>();
  for (const card of rows.cards) {
    if (card.deleted || isNew(card)) continue;
    started.add(card.id);
    if (card.state === LEARNING) out.learning++;
    else if (card.state === RELEARNING) out.relearning++;
    else if (card.state === REVIEW) out.review++;
    if (!isEnabled(rows.enabled, card.entryId)) continue;
    const when = today(card, now, endOfDay);
    if (when === 'dueNow') out.dueNow++;
    else if (when === 'laterToday') {
      out.laterToday++;
      if (out.nextLaterToday === null || card.due < out.nextLaterToday) out.nextLaterToday = card.due;
    }
  }
  out.started = started.size;
  // A card in two of the scope's decks counts once.
  const newToday = new Set<string>();
  const newTotal = new Set<string>();
  for (const q of rows.queues) {
    for (const item of [...q.fresh, ...q.buried]) {
      if (!isNewItem(item)) continue;
      newToday.add(item.cardId);
      newTotal.add(item.cardId);
    }
    for (const item of q.waiting) newTotal.add(item.cardId);
  }
  out.newToday = newToday.size;
  out.newTotal = newTotal.size;
  return out;
}

/** Answers given today (from local midnight to the end of the day), taken-back ones left out. */
export function reviewsToday(reviews: Iterable<Pick<ReviewLike, 'reviewedAt' | 'deleted'>>, now: number): number {
  const from = startOfLocalDay(now);
  const to = endOfLocalDay(now);
  let n = 0;
  for (const r of reviews) if (!r.deleted && r.reviewedAt >= from && r.reviewedAt < to) n++;
  return n;
}

/** The cards (of `kinds`, all when absent) answered today, by a live review from local midnight
 * to `now`. */
export function answeredToday(reviews: Iterable<ReviewLike>, now: number, kinds?: readonly CardKind[]): Set<string> {
  const from = startOfLocalDay(now);
  const out = new Set<string>();
  for (const r of reviews) {
    if (r.deleted || r.reviewedAt < from || r.reviewedAt > now) continue;
    if (kinds && r.kind !== undefined && !kinds.includes(r.kind)) continue;
    out.add(r.cardId);
  }
  return out;
}

/** The entries with a card (of any kind) answered today: their other cards are buried. */
export function entriesStudiedToday(reviews: Iterable<ReviewLike & Pick<UserReview, 'entryId'>>, now: number): Set<string> {
  const from = startOfLocalDay(now);
  const out = new Set<string>();
  for (const r of reviews) if (!r.deleted && r.reviewedAt >= from && r.reviewedAt <= now) out.add(r.entryId);
  return out;
}

/** Where a study session of a deck stands today: `done` cards answered today of a `total` that is
 * those plus the cards still to show; `inSteps`, cards answered today that come back within the
 * session (learning steps), shown apart. Computed from the stored reviews, so a reload shows the
 * same counter. */
export interface DayProgress {
  done: number;
  total: number;
  inSteps: number;
}

/** The day's progress of a session: `answered` the cards of its scope answered today, `ahead`
 * the cards it still holds (each once) with whether each was answered today already. */
export function dayProgress(answered: ReadonlySet<string>, ahead: readonly { cardId: string }[]): DayProgress {
  let inSteps = 0;
  let fresh = 0;
  const counted = new Set<string>();
  for (const item of ahead) {
    if (counted.has(item.cardId)) continue;
    counted.add(item.cardId);
    if (answered.has(item.cardId)) inSteps++;
    else fresh++;
  }
  return { done: answered.size, total: answered.size + fresh, inSteps };
}

/** The desired retention a scope's decks are studied at: theirs when they agree, else their mean
 * weighted by started cards (each deck at least 1); `fallback` without decks. The simulator of
 * the statistics page starts from it. */
export function scopeRetention(decks: readonly { desiredRetention: number; started: number }[], fallback: number): number {
  if (decks.length === 0) return fallback;
  let sum = 0;
  let weight = 0;
  for (const d of decks) {
    const w = Math.max(1, d.started);
    sum += d.desiredRetention * w;
    weight += w;
  }
  return Math.round((sum / weight) * 100) / 100;
}
