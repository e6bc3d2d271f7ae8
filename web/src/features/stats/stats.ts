// Study statistics as pure functions over cards and reviews (no I/O, tested in stats.test.ts):
// the review heatmap by local day, the due forecast, true retention by month, cards by state,
// the streak, and the workload estimate of a desired retention. Days are the learner's local
// calendar days, since "today" on these pages is the learner's day, not UTC's.
import { compareKeys } from '../../db/order';

/** Card states, as ts-fsrs numbers them. */
export const NEW = 0;
export const LEARNING = 1;
export const REVIEW = 2;
export const RELEARNING = 3;
export const CARD_STATES = [NEW, LEARNING, REVIEW, RELEARNING] as const;

/** 1 again … 4 easy. */
export const AGAIN = 1;

/** The local midnight starting the day of `ms`. */
export function dayStart(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The local midnight `n` days after the day of `ms` (DST-safe: built from the calendar date). */
export function addDays(ms: number, n: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n).getTime();
}

/** The end of the learner's today (the next local midnight), the bound of "due today". */
export function endOfToday(now: number): number {
  return addDays(now, 1);
}

/** 'YYYY-MM-DD' of the local day of `ms`. */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Reviews counted by local day key. */
export function countByDay(times: Iterable<number>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of times) {
    const key = dayKey(t);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface HeatmapCell {
  /** Local midnight of the day. */
  day: number;
  count: number;
  /** 0 (none) … 4 (busiest), relative to the busiest day shown. */
  level: 0 | 1 | 2 | 3 | 4;
}

export interface Heatmap {
  /** Columns of 7 days, oldest first; a week's days run from `weekStart`; days after today are null. */
  weeks: (HeatmapCell | null)[][];
  max: number;
  total: number;
  /** Days with at least one review. */
  activeDays: number;
}

/** The level of a day: quartiles of the busiest day, so one huge day does not wash out the rest
 * into level 1 (any review at all is at least level 1). */
export function heatLevel(count: number, max: number): HeatmapCell['level'] {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4))) as HeatmapCell['level'];
}

/** The review calendar of the last `weeks` weeks up to today; `weekStart` 0 = Sunday … 6. */
export function heatmap(reviewTimes: Iterable<number>, now: number, weeks = 26, weekStart = 0): Heatmap {
  const today = dayStart(now);
  const back = (new Date(today).getDay() - weekStart + 7) % 7;
  const first = addDays(today, -back - (weeks - 1) * 7);
  const counts = countByDay(reviewTimes);
  const cols: (HeatmapCell | null)[][] = [];
  let max = 0;
  let total = 0;
  let activeDays = 0;
  for (let w = 0; w < weeks; w++) {
    const col: (HeatmapCell | null)[] = [];
    for (let d = 0; d < 7; d++) {
      const day = addDays(first, w * 7 + d);
      if (day > today) {
        col.push(null);
        continue;
      }
      const count = counts.get(dayKey(day)) ?? 0;
      max = Math.max(max, count);
      total += count;
      if (count > 0) activeDays += 1;
      col.push({ day, count, level: 0 });
    }
    cols.push(col);
  }
  for (const col of cols) for (const cell of col) if (cell) cell.level = heatLevel(cell.count, max);
  return { weeks: cols, max, total, activeDays };
}

/** Consecutive local days with reviews, ending today, or yesterday when today has none yet (the
 * streak is not broken until today ends). */
export function streak(reviewTimes: Iterable<number>, now: number): { days: number; reviewedToday: boolean } {
  const days = new Set<string>();
  for (const t of reviewTimes) days.add(dayKey(t));
  const reviewedToday = days.has(dayKey(now));
  let day = reviewedToday ? dayStart(now) : addDays(now, -1);
  let n = 0;
  while (days.has(dayKey(day))) {
    n += 1;
    day = addDays(day, -1);
  }
  return { days: n, reviewedToday };
}

interface CardLike {
  due: number;
  state: number;
  deleted?: boolean;
}

/** Studied cards (not new) due on each of the next `days` days; day 0 also holds the overdue. */
export function dueForecast(cards: Iterable<CardLike>, now: number, days = 30): number[] {
  const out = new Array<number>(days).fill(0);
  const bounds = Array.from({ length: days }, (_, i) => addDays(now, i + 1));
  for (const c of cards) {
    if (c.deleted || c.state === NEW) continue;
    // bounds are sorted: the first day whose end is after the due time.
    let lo = 0;
    let hi = days;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c.due < bounds[mid]!) hi = mid;
      else lo = mid + 1;
    }
    if (lo < days) out[lo]! += 1;
  }
  return out;
}

/** Cards counted by state [new, learning, review, relearning]. */
export function cardsByState(cards: Iterable<CardLike>): [number, number, number, number] {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (const c of cards) if (!c.deleted && c.state >= 0 && c.state <= 3) out[c.state as 0 | 1 | 2 | 3] += 1;
  return out;
}

interface ReviewLike {
  id: string;
  cardId: string;
  rating: number;
  reviewedAt: number;
  deleted?: boolean;
}

/** Learning steps of DESIGN §4 (1m, 10m) and relearning steps (10m), counted. */
const LEARNING_STEPS = 2;
const RELEARNING_STEPS = 1;

/** The state a card moves to from `state` at learning step `step` on `rating`: ts-fsrs 5's state
 * transitions with DESIGN §4's steps, without the times (which never change the state; checked
 * against ts-fsrs in stats.test.ts). Reviews carry no state, so this is how true retention knows
 * which reviews were of cards in review. */
export function nextState(state: number, step: number, rating: number): { state: number; step: number } {
  const steps = state === RELEARNING ? RELEARNING_STEPS : LEARNING_STEPS;
  switch (state) {
    case NEW:
      return rating === 4 ? { state: REVIEW, step: 0 } : { state: LEARNING, step: rating === 3 ? 1 : 0 };
    case LEARNING:
    case RELEARNING:
      if (rating === AGAIN) return { state, step: 0 };
      if (rating === 2) return { state, step };
      if (rating === 3 && step + 1 < steps) return { state, step: step + 1 };
      return { state: REVIEW, step: 0 };
    default:
      return rating === AGAIN ? { state: RELEARNING, step: 0 } : { state: REVIEW, step: 0 };
  }
}

/** Each review with the state its card was in when answered (replayed in (reviewedAt, id) order
 * per card, as DESIGN §4 orders them). */
export function withStateBefore<R extends ReviewLike>(reviews: Iterable<R>): { review: R; stateBefore: number }[] {
  const sorted = [...reviews]
    .filter((r) => !r.deleted)
    .sort((a, b) => a.reviewedAt - b.reviewedAt || compareKeys(a.id, b.id));
  const cards = new Map<string, { state: number; step: number }>();
  return sorted.map((review) => {
    const before = cards.get(review.cardId) ?? { state: NEW, step: 0 };
    cards.set(review.cardId, nextState(before.state, before.step, review.rating));
    return { review, stateBefore: before.state };
  });
}

export interface MonthRetention {
  /** Local midnight of the month's first day. */
  month: number;
  /** Reviews of cards in review state. */
  reviews: number;
  /** Those not rated Again. */
  passed: number;
  /** passed / reviews, null without reviews. */
  retention: number | null;
}

/** True retention by month for the last `months` months (this one included): the share of reviews
 * of cards in review state that were not Again. Learning steps are left out, as their "pass" says
 * nothing of long-term memory. */
export function retentionByMonth(reviews: Iterable<ReviewLike>, now: number, months = 6): MonthRetention[] {
  const d = new Date(now);
  const starts = Array.from({ length: months }, (_, i) => new Date(d.getFullYear(), d.getMonth() - (months - 1 - i), 1).getTime());
  const out: MonthRetention[] = starts.map((month) => ({ month, reviews: 0, passed: 0, retention: null }));
  const index = new Map(starts.map((s, i) => [s, i]));
  for (const { review, stateBefore } of withStateBefore(reviews)) {
    if (stateBefore !== REVIEW) continue;
    const r = new Date(review.reviewedAt);
    const i = index.get(new Date(r.getFullYear(), r.getMonth(), 1).getTime());
    if (i === undefined) continue;
    out[i]!.reviews += 1;
    if (review.rating !== AGAIN) out[i]!.passed += 1;
  }
  for (const m of out) m.retention = m.reviews > 0 ? m.passed / m.reviews : null;
  return out;
}

/** FSRS-6's default forgetting-curve decay (ts-fsrs 5's w[20]); the curve is
 * R(t) = (1 + FACTOR · t / S)^(−DECAY) with FACTOR = 0.9^(−1/DECAY) − 1. */
export const FSRS_DECAY = 0.1542;

/** The interval FSRS schedules for desired retention `r`, relative to stability: the forgetting
 * curve solved for t, without the constant S / FACTOR (it cancels in ratios). */
export function relativeInterval(r: number, decay = FSRS_DECAY): number {
  return Math.pow(r, -1 / decay) - 1;
}

export const RETENTION_MIN = 0.7;
export const RETENTION_MAX = 0.99;
export const RETENTION_DEFAULT = 0.9;

/** Estimated reviews per day at desired retention `target`, from a forecast made at `current`.
 * The forecast's mean over its days is the workload at `current`; a different retention scales it
 * twice: (1) every interval is S/FACTOR · (R^(−1/DECAY) − 1), so reviews come more or less often by
 * the ratio of those terms; (2) a share 1 − R of reviews are lapses, each adding about one
 * relearning review (the 10-minute step). It ignores new cards and how stability grows with
 * each review, so it is a guide to the change, not a promise. */
export function workloadEstimate(forecast: readonly number[], current: number, target: number, decay = FSRS_DECAY): number {
  if (forecast.length === 0) return 0;
  const base = forecast.reduce((a, b) => a + b, 0) / forecast.length;
  const often = relativeInterval(current, decay) / relativeInterval(target, decay);
  const lapses = (1 + (1 - target)) / (1 + (1 - current));
  return base * often * lapses;
}

/** Clamps a desired retention into 0.70..0.99 (two decimals). */
export function clampRetention(r: number): number {
  if (!Number.isFinite(r)) return RETENTION_DEFAULT;
  return Math.round(Math.min(RETENTION_MAX, Math.max(RETENTION_MIN, r)) * 100) / 100;
}

/** The deck /home's Start opens, of the learner's decks with their figures (queue.ts
 * studyCounts, the same the session is built from): the one with the most cards due now (ties:
 * the first listed); when none has any due, the first with new cards for today; none when no deck
 * has anything to study now (cards in learning later today wait). */
export function nextToStudy<D extends { counts: { due: number; total: number } }>(decks: readonly D[]): D | undefined {
  let best: D | undefined;
  for (const d of decks) if (d.counts.due > 0 && (!best || d.counts.due > best.counts.due)) best = d;
  return best ?? decks.find((d) => d.counts.total > 0);
}
