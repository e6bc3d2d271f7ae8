// A study session in memory (no I/O): the queue of a deck, answering the current card (the card
// replayed at once from its reviews, never waiting on the network), cards in learning coming back
// within the session, undo of the last answer, and the session's tallies; and answerCard, where
// every practice page builds its answers. Its counter is the day's (figures.ts dayProgress): the
// cards of its scope answered today of those plus the cards still ahead, so a reload reads the
// same; cards coming back in learning steps are counted apart. Siblings come last (queue.ts
// burying), and a card never follows one of its siblings when another card can come first.
import { v7 as uuidv7 } from 'uuid';
import type { CardKind, UserCard, UserReview } from '../api/generated/types';
import { answeredToday, dayProgress, type DayProgress } from './figures';
import { sessionOrder, spreadSiblings, startOfLocalDay, type QueueItem, type StudyQueue } from './queue';
import { CardState, nextSchedule, replaySchedule, toUserCard, type Rating, type ReplayReview, type Schedule } from './scheduler';
import { now as serverNow } from '../api/serverClock';

/** Cards in learning due within this much come back before the session ends (Anki's "learn
 * ahead" limit), so a new card's 1m/10m steps are done in one sitting. */
export const LEARN_AHEAD_MS = 20 * 60_000;

/** One answer: the review to record and the card as replayed locally. */
export interface Answer {
  item: QueueItem;
  review: UserReview;
  card: UserCard;
  /** The card before the answer (null: it was new). */
  before: UserCard | null;
  /** Whether the card came back into this session (still in learning). */
  requeued: boolean;
}

export interface Tally {
  /** Answers by rating (1 again … 4 easy). */
  byRating: Record<Rating, number>;
  answered: number;
  /** Sum of the answers' durations (ms). */
  durationMs: number;
}

/** What a card is scheduled with: the deck's desired retention and the learner's FSRS weights
 * (undefined: the defaults). A DeckStudy is one. */
export interface Scheduling {
  desiredRetention: number;
  weights?: readonly number[] | undefined;
}

export interface SessionOptions extends Scheduling {
  /** Reviews of the session's cards already stored, by card id. */
  reviews: ReadonlyMap<string, readonly UserReview[]>;
  /** When the session starts (its day counts the answers already given today); the first
   * queue's moment when absent. */
  now?: number;
  /** The kinds the session studies (all when absent): the day's counter counts these. */
  kinds?: readonly CardKind[] | undefined;
}

/** Where a session stands today (figures.ts DayProgress): `done` of `total`, and `inSteps` cards
 * answered today that come back in learning steps (shown apart). */
export type SessionProgress = DayProgress;

export class StudySession {
  private readonly main: QueueItem[];
  /** The cards the session started with (by identity): the total counts these only. */
  private readonly started: ReadonlySet<QueueItem>;
  /** Cards in learning that come back, sorted by due. */
  private learning: QueueItem[] = [];
  /** An undone card, shown again before anything else. */
  private front: QueueItem | null = null;
  private readonly reviews = new Map<string, UserReview[]>();
  private readonly history: Answer[] = [];
  readonly scheduling: Scheduling;
  /** Cards in the session at its start. */
  readonly total: number;
  /** Cards of the session's kinds answered today (the day's counter). */
  private readonly answeredToday: Set<string>;
  private readonly kinds: readonly CardKind[] | undefined;
  private readonly dayStart: number;

  constructor(queue: StudyQueue, opts: SessionOptions) {
    this.main = spreadSiblings(sessionOrder(queue));
    this.started = new Set(this.main);
    this.total = this.main.length;
    this.scheduling = { desiredRetention: opts.desiredRetention, weights: opts.weights };
    for (const [id, list] of opts.reviews) this.reviews.set(id, [...list]);
    const now = opts.now ?? serverNow();
    this.kinds = opts.kinds;
    this.dayStart = startOfLocalDay(now);
    this.answeredToday = answeredToday([...opts.reviews.values()].flat(), now, opts.kinds);
    // Cards answered today still in their learning steps come back within this session, as they
    // would have without a reload (others in learning later today wait, as Home says).
    for (const item of queue.learning) if (this.answeredToday.has(item.cardId)) this.insertLearning(item);
  }

  /** The card to show at `now`, or null when the session is over: an undone card first, then
   * learning cards once due, then the session's cards, then learning cards due within the
   * learn-ahead limit; of these, the first that is not a sibling of the card just answered. */
  current(now: number): QueueItem | null {
    if (this.front) return this.front;
    const candidates: QueueItem[] = [];
    for (const l of this.learning) {
      if ((l.card?.due ?? 0) > now) break;
      candidates.push(l);
    }
    // The next two: the second stands in when the first is a sibling of the last card (main is
    // spread already, so two are enough unless learning cards came in between).
    candidates.push(...this.main.slice(0, 2));
    if (candidates.length === 0) {
      for (const l of this.learning) {
        if ((l.card?.due ?? 0) > now + LEARN_AHEAD_MS) break;
        candidates.push(l);
      }
    }
    const last = this.history.at(-1)?.item.entryId;
    return candidates.find((c) => c.entryId !== last) ?? candidates[0] ?? null;
  }

  /** The day's counter: cards answered today of those plus the cards ahead, and the cards in
   * learning steps coming back within the session apart. */
  progress(now: number): SessionProgress {
    const ahead = [...(this.front ? [this.front] : []), ...this.main, ...this.learning.filter((i) => (i.card?.due ?? 0) <= now + LEARN_AHEAD_MS)];
    return dayProgress(this.answeredToday, ahead);
  }

  /** Cards still to show (each learning card once). */
  remaining(now: number): number {
    const ahead = this.learning.filter((i) => (i.card?.due ?? 0) <= now + LEARN_AHEAD_MS).length;
    return (this.front ? 1 : 0) + this.main.length + ahead;
  }

  /** Cards in learning that come back after the session (later than the learn-ahead limit). */
  later(now: number): number {
    return this.learning.filter((i) => (i.card?.due ?? 0) > now + LEARN_AHEAD_MS).length;
  }

  /** When the first of `later` comes back (null: none). */
  nextLater(now: number): number | null {
    return this.learning.find((i) => (i.card?.due ?? 0) > now + LEARN_AHEAD_MS)?.card?.due ?? null;
  }

  /** What each rating would make of the current card: exactly what `answer` would record. */
  preview(now: number): Record<Rating, Schedule> | null {
    const item = this.current(now);
    return item ? previewCard(item, this.reviews.get(item.cardId) ?? [], now, this.scheduling) : null;
  }

  /** Answers the current card. Returns what to record, or null when there is no card. */
  answer(rating: Rating, now: number, durationMs: number, extra: Partial<Pick<UserReview, 'score'>> = {}): Answer | null {
    const answer = this.prepare(rating, now, durationMs, extra);
    if (answer) this.accept(answer);
    return answer;
  }

  /** What answering the current card would record, leaving the session as it is: a page records
   * it first and accepts it once stored, so the screen never moves ahead of what is stored. */
  prepare(rating: Rating, now: number, durationMs: number, extra: Partial<Pick<UserReview, 'score'>> = {}): Answer | null {
    const item = this.current(now);
    if (!item) return null;
    const { review, card } = answerCard(item, this.reviews.get(item.cardId) ?? [], rating, now, durationMs, this.scheduling, extra);
    const requeued = card.state === CardState.Learning || card.state === CardState.Relearning;
    return { item, review, card, before: item.card, requeued };
  }

  /** Moves past a prepared answer (it must be of the current card, as prepared). */
  accept(answer: Answer): void {
    const { item, review, card } = answer;
    if (this.front !== item && !this.learning.includes(item) && !this.main.includes(item)) throw new Error('StudySession.accept: not a card of this session');
    this.take(item);
    const list = this.reviews.get(item.cardId) ?? [];
    this.reviews.set(item.cardId, [...list, review]);
    if (review.reviewedAt >= this.dayStart && (!this.kinds || this.kinds.includes(item.kind))) this.answeredToday.add(item.cardId);
    if (answer.requeued) this.insertLearning({ ...item, card });
    this.history.push(answer);
  }

  /** Takes back the last answer: the card is shown again as it was. Returns the undone answer. */
  undo(): Answer | null {
    const last = this.history.pop();
    if (!last) return null;
    const list = this.reviews.get(last.item.cardId) ?? [];
    const kept = list.filter((r) => r.id !== last.review.id);
    this.reviews.set(last.item.cardId, kept);
    // Still answered today only if another of its answers today stands.
    if (!kept.some((r) => !r.deleted && r.reviewedAt >= this.dayStart)) this.answeredToday.delete(last.item.cardId);
    const card = last.item.cardId;
    // Whatever copy of this card is queued now is the answer's result: it goes.
    this.learning = this.learning.filter((i) => i.cardId !== card);
    // A card shown again in front of the one undone goes back where it came from.
    if (this.front && this.front.cardId !== card) {
      if (this.started.has(this.front)) this.main.unshift(this.front);
      else this.insertLearning(this.front);
    }
    this.front = last.item;
    return last;
  }

  /** The answers so far, oldest first. */
  answers(): readonly Answer[] {
    return this.history;
  }

  tally(): Tally {
    const byRating: Record<Rating, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    let durationMs = 0;
    for (const a of this.history) {
      byRating[a.review.rating as Rating]++;
      durationMs += a.review.durationMs;
    }
    return { byRating, answered: this.history.length, durationMs };
  }

  private take(item: QueueItem): void {
    if (this.front === item) {
      this.front = null;
      return;
    }
    const l = this.learning.indexOf(item);
    if (l >= 0) {
      this.learning.splice(l, 1);
      return;
    }
    const m = this.main.indexOf(item);
    if (m >= 0) this.main.splice(m, 1);
  }

  private insertLearning(item: QueueItem): void {
    const due = item.card?.due ?? 0;
    const at = this.learning.findIndex((i) => (i.card?.due ?? 0) > due);
    if (at < 0) this.learning.push(item);
    else this.learning.splice(at, 0, item);
  }
}

/** The card after a new review. When every review of the card is known (their count is the card's
 * reps), it is the replay of all of them, as the server will compute it; when some are missing
 * (not synced yet), a step from the stored card, which the server's answer then corrects. */
function nextCard(item: QueueItem, known: readonly ReplayReview[], review: ReplayReview, scheduling: Scheduling): Schedule {
  if (!item.card || known.length === item.card.reps) {
    const replayed = replaySchedule([...known, review], scheduling.weights);
    if (replayed) return replayed;
  }
  return nextSchedule(item.card, review.reviewedAt, review.rating as Rating, scheduling.desiredRetention, scheduling.weights);
}

/** What each rating would make of a card, given its known reviews. */
export function previewCard(item: QueueItem, known: readonly ReplayReview[], now: number, scheduling: Scheduling): Record<Rating, Schedule> {
  // The id sorts after any real one at the same instant, as a fresh UUIDv7 does.
  const { desiredRetention } = scheduling;
  const at = (rating: Rating) => nextCard(item, known, { id: '\uffff', rating, reviewedAt: now, desiredRetention }, scheduling);
  return { 1: at(1), 2: at(2), 3: at(3), 4: at(4) };
}

/** writeit-core limits.rs REVIEW_DURATION_MAX_MS: a card left open longer counts as this long. */
export const REVIEW_DURATION_MAX_MS = 86_400_000;

/** The wire's durationMs: whole milliseconds in 0..=REVIEW_DURATION_MAX_MS (timers give fractions,
 * and a fraction is refused by the server). */
export function wholeDuration(ms: number): number {
  return Number.isFinite(ms) ? Math.min(REVIEW_DURATION_MAX_MS, Math.max(0, Math.round(ms))) : 0;
}

/** The wire's score: a finite number in 0..=1. */
export function unitScore(score: number): number {
  return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
}

/** Answers a card: the review to record and the card replayed locally. Every practice page builds
 * its answers here, so each one is within the server's rules (study/store.ts records them). */
export function answerCard(
  item: QueueItem,
  known: readonly ReplayReview[],
  rating: Rating,
  now: number,
  durationMs: number,
  scheduling: Scheduling,
  extra: Partial<Pick<UserReview, 'score' | 'id'>> = {},
): { review: UserReview; card: UserCard } {
  const review: UserReview = {
    // A caller that journaled the answer first names it (db/journal.ts), so a replay is the same.
    id: extra.id ?? uuidv7(),
    cardId: item.cardId,
    entryId: item.entryId,
    kind: item.kind,
    rating,
    reviewedAt: Math.round(now),
    durationMs: wholeDuration(durationMs),
    desiredRetention: scheduling.desiredRetention,
    ...(extra.score !== undefined ? { score: unitScore(extra.score) } : {}),
    updatedAt: 0,
    deleted: false,
  };
  const schedule = nextCard(item, known, review, scheduling);
  return { review, card: toUserCard(item.cardId, item.entryId, item.kind, schedule, item.card?.updatedAt ?? 0) };
}
