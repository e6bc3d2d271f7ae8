// The app's own wrapper of ts-fsrs against the golden vectors the server's port is held to
// (crates/writeit-core/tests/data/fsrs_golden.json, made by ts-fsrs through tools/fsrs-golden):
// for every weight set (defaults, fitted, random, at and beyond the bounds) the same reviews give
// the same card on both sides, so devices and the server converge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FSRS_SETTINGS,
  nextSchedule,
  previewSchedules,
  replayInOrder,
  replaySchedule,
  type Rating,
  type ReplayReview,
  type Schedule,
} from './scheduler';

interface GoldenCard {
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | null;
}
interface GoldenLog {
  steps: { reviewed_at: number; rating: Rating; desired_retention: number; card: GoldenCard }[];
}
interface GoldenSet {
  name: string;
  /** The weights given to ts-fsrs; null: none (its defaults). */
  w: number[] | null;
  used_w: number[];
  logs: GoldenLog[];
}
interface Golden {
  ts_fsrs_version: string;
  settings: typeof FSRS_SETTINGS;
  sets: GoldenSet[];
}

const golden = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'crates', 'writeit-core', 'tests', 'data', 'fsrs_golden.json'), 'utf8'),
) as Golden;

const schedule = (c: GoldenCard): Schedule => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsed_days,
  scheduledDays: c.scheduled_days,
  learningSteps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.last_review,
});

// Ids in step order: equal times keep their order, as the generator applied them.
const reviewsOf = (log: GoldenLog): ReplayReview[] =>
  log.steps.map((s, i) => ({
    id: `r${String(i).padStart(3, '0')}`,
    rating: s.rating,
    reviewedAt: s.reviewed_at,
    desiredRetention: s.desired_retention,
  }));

const weightsOf = (set: GoldenSet): number[] | undefined => set.w ?? undefined;

describe('the golden vectors', () => {
  it('were made with the settings and the ts-fsrs version the app uses', () => {
    expect(golden.ts_fsrs_version).toBe('5.4.2');
    expect(golden.settings).toEqual({ ...FSRS_SETTINGS });
    expect(golden.sets[0]?.w).toBeNull();
    expect(golden.sets[0]?.logs.length).toBeGreaterThan(100);
    expect(golden.sets.length).toBeGreaterThanOrEqual(10);
  });
});

describe.each(golden.sets.map((set) => [set.name, set] as const))('weights %s', (_, set) => {
  const w = weightsOf(set);

  // Exact: the wrapper runs the very ts-fsrs the vectors came from.
  it('rebuilds every prefix of every log to the golden card', () => {
    let checked = 0;
    let sortedLogs = 0;
    for (const [li, log] of set.logs.entries()) {
      const reviews = reviewsOf(log);
      for (const [i, step] of log.steps.entries()) {
        // The vectors apply reviews in log order (some logs go back in time within a UTC day).
        expect(replayInOrder(reviews.slice(0, i + 1), w), `log ${li} step ${i}`).toEqual(schedule(step.card));
        checked++;
      }
      // A log in time order: the sorting replay (the server's rebuild) lands on the same card.
      if (reviews.every((r, i) => i === 0 || (reviews[i - 1]?.reviewedAt ?? 0) < r.reviewedAt)) {
        expect(replaySchedule([...reviews].reverse(), w), `log ${li} sorted`).toEqual(replayInOrder(reviews, w));
        sortedLogs++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(sortedLogs).toBeGreaterThan(set.logs.length / 2);
  });

  it('steps every log one review at a time to the golden cards, previews included', () => {
    for (const [li, log] of set.logs.entries()) {
      let card: Schedule | null = null;
      for (const [i, step] of log.steps.entries()) {
        const want = schedule(step.card);
        const preview = previewSchedules(card, step.reviewed_at, step.desired_retention, w);
        expect(preview[step.rating], `log ${li} step ${i} preview`).toEqual(want);
        card = nextSchedule(card, step.reviewed_at, step.rating, step.desired_retention, w);
        expect(card, `log ${li} step ${i}`).toEqual(want);
      }
    }
  });
});

describe('weights that cannot be scheduled with', () => {
  const defaults = golden.sets[0];
  const fitted = golden.sets.find((s) => s.name.startsWith('fitted'))?.w;
  if (!defaults || !fitted) throw new Error('no defaults or fitted set');
  const log = defaults.logs.find((l) => l.steps.length >= 6);
  if (!log) throw new Error('no long log');
  const want = schedule(log.steps[log.steps.length - 1]!.card);

  // As the server's weights_or_default: anything but 21 finite numbers is the defaults.
  it.each([
    ['none', undefined],
    ['empty', []],
    ['20 weights', fitted.slice(0, 20)],
    ['22 weights', [...fitted, 0.5]],
    ['a NaN', [...fitted.slice(0, 20), Number.NaN]],
    ['an infinity', [Number.POSITIVE_INFINITY, ...fitted.slice(1)]],
  ])('%s schedule as the defaults', (_, weights) => {
    expect(replayInOrder(reviewsOf(log), weights)).toEqual(want);
  });

  it('while fitted weights give another card', () => {
    expect(replayInOrder(reviewsOf(log), fitted)).not.toEqual(want);
  });
});
