// The FSRS scheduler on the client (DESIGN §4): ts-fsrs 5.4.2 with the app's settings, the
// conversion between its cards and our UserCard rows, and the replay of a card from its reviews —
// the same replay the server runs (writeit-core/src/card.rs), so both end with the same card.
import { createEmptyCard, fsrs, type Card, type FSRS, type Grade } from 'ts-fsrs';
import type { CardKind, UserCard, UserReview } from '../api/generated/types';
import { compareKeys } from '../db/order';
import { DEFAULT_RETENTION } from './defaults';

/** Desired retention when the user deck sets none (DESIGN §4; study/defaults.ts). */
export { DEFAULT_RETENTION };

/** DESIGN §4; must match the port's constants and tools/fsrs-golden's SETTINGS. */
export const FSRS_SETTINGS = Object.freeze({
  learning_steps: ['1m', '10m'] as const,
  relearning_steps: ['10m'] as const,
  enable_fuzz: true,
  enable_short_term: true,
  maximum_interval: 36500,
});

/** 1 again … 4 easy. */
export type Rating = 1 | 2 | 3 | 4;
export const RATINGS: readonly Rating[] = [1, 2, 3, 4];

/** The FSRS state of a card (ts-fsrs's State). */
export const CardState = { New: 0, Learning: 1, Review: 2, Relearning: 3 } as const;

/** A card's scheduling fields, without the row's identity. */
export type Schedule = Pick<
  UserCard,
  'due' | 'stability' | 'difficulty' | 'elapsedDays' | 'scheduledDays' | 'learningSteps' | 'reps' | 'lapses' | 'state' | 'lastReview'
>;

/** What a replay needs of a review. */
export type ReplayReview = Pick<UserReview, 'id' | 'rating' | 'reviewedAt'> & { desiredRetention?: number };

/** How many schedulers to keep: a device holds one learner's weights and a few retentions. */
const SCHEDULER_CACHE = 32;
const schedulers = new Map<string, FSRS>();

/** Weights to schedule with: exactly 21 finite numbers, else ts-fsrs's defaults (undefined), as
 * the server's `weights_or_default`. ts-fsrs clips them to its bounds, as the port does. */
function usableWeights(weights: readonly number[] | undefined): readonly number[] | undefined {
  return weights && weights.length === 21 && weights.every(Number.isFinite) ? weights : undefined;
}

/** One scheduler per (weights, desired retention): they are immutable and building one costs a
 * little. Out of range retention falls back to the default, as the server's port does. The cache
 * forgets the oldest scheduler once full (weights change only when a fit lands). */
function scheduler(desiredRetention: number | undefined, weights?: readonly number[]): FSRS {
  const r =
    desiredRetention !== undefined && Number.isFinite(desiredRetention) && desiredRetention > 0 && desiredRetention <= 1
      ? desiredRetention
      : DEFAULT_RETENTION;
  const w = usableWeights(weights);
  // String(number) round-trips, so equal keys mean equal weights.
  const key = `${w ? w.join(',') : 'default'}|${r}`;
  let f = schedulers.get(key);
  if (!f) {
    f = fsrs({
      ...FSRS_SETTINGS,
      learning_steps: [...FSRS_SETTINGS.learning_steps],
      relearning_steps: [...FSRS_SETTINGS.relearning_steps],
      request_retention: r,
      ...(w ? { w: [...w] } : {}),
    });
    if (schedulers.size >= SCHEDULER_CACHE) {
      const oldest = schedulers.keys().next().value;
      if (oldest !== undefined) schedulers.delete(oldest);
    }
    schedulers.set(key, f);
  }
  return f;
}

function toSchedule(card: Card): Schedule {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? card.last_review.getTime() : null,
  };
}

function toFsrs(s: Schedule): Card {
  return {
    due: new Date(s.due),
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsedDays,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state,
    ...(s.lastReview !== null ? { last_review: new Date(s.lastReview) } : {}),
  };
}

/** A new card (never reviewed), as ts-fsrs makes it at `now`. */
export function emptySchedule(now: number): Schedule {
  return toSchedule(createEmptyCard(new Date(now)));
}

/** The card after answering `rating` at `now`. `card` null: a new card, created at `now` (the
 * replay creates it at the first review's time, so this agrees with it). `weights`: the learner's
 * fitted ones; none, or not 21 finite numbers: the defaults. */
export function nextSchedule(
  card: Schedule | null,
  now: number,
  rating: Rating,
  desiredRetention?: number,
  weights?: readonly number[],
): Schedule {
  const from = card ? toFsrs(card) : createEmptyCard(new Date(now));
  return toSchedule(scheduler(desiredRetention, weights).next(from, new Date(now), rating as Grade).card);
}

/** The card each rating would give, to show the next intervals before answering. */
export function previewSchedules(
  card: Schedule | null,
  now: number,
  desiredRetention?: number,
  weights?: readonly number[],
): Record<Rating, Schedule> {
  return {
    1: nextSchedule(card, now, 1, desiredRetention, weights),
    2: nextSchedule(card, now, 2, desiredRetention, weights),
    3: nextSchedule(card, now, 3, desiredRetention, weights),
    4: nextSchedule(card, now, 4, desiredRetention, weights),
  };
}

/** Replay order, as the server's (reviewedAt, id). */
export function byReplayOrder(a: ReplayReview, b: ReplayReview): number {
  return a.reviewedAt - b.reviewedAt || compareKeys(a.id, b.id);
}

const isRating = (r: number): r is Rating => r === 1 || r === 2 || r === 3 || r === 4;

/** The card rebuilt from all its reviews (any order), as the server does it: an empty card created
 * at the first review's time, then every review in (reviewedAt, id) order with its own desired
 * retention and the learner's current `weights` (defaults when none). Null when there is no
 * review. */
export function replaySchedule(reviews: readonly ReplayReview[], weights?: readonly number[]): Schedule | null {
  return replayInOrder([...reviews].sort(byReplayOrder), weights);
}

/** The replay over reviews taken in the order given (writeit-core's `fsrs::replay`). */
export function replayInOrder(reviews: readonly ReplayReview[], weights?: readonly number[]): Schedule | null {
  const valid = reviews.filter((r) => isRating(r.rating));
  const first = valid[0];
  if (!first) return null;
  let card: Card = createEmptyCard(new Date(first.reviewedAt));
  for (const r of valid) {
    const f = scheduler(r.desiredRetention ?? DEFAULT_RETENTION, weights);
    card = f.next(card, new Date(r.reviewedAt), r.rating as Grade).card;
  }
  return toSchedule(card);
}

/** The UserCard row of a replayed card (`updatedAt` is the server's business: kept as known). */
/** The card once its every review was taken back: new again and deleted, as the server makes it
 * (writeit-core card::tombstone); the next answer makes it anew. */
export function cardTombstone(id: string, entryId: string, kind: CardKind, updatedAt = 0): UserCard {
  return {
    id,
    entryId,
    kind,
    due: 0,
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    lastReview: null,
    updatedAt,
    deleted: true,
  };
}

export function toUserCard(
  id: string,
  entryId: string,
  kind: CardKind,
  schedule: Schedule,
  updatedAt = 0,
): UserCard {
  return { id, entryId, kind, ...schedule, updatedAt, deleted: false };
}
