// The client's replay against the golden vectors the server's port is held to
// (crates/writeit-core/tests/data/fsrs_golden.json, made by ts-fsrs through tools/fsrs-golden):
// the same reviews give the same card on both sides, so devices and the server converge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FSRS_SETTINGS,
  emptySchedule,
  nextSchedule,
  previewSchedules,
  replayInOrder,
  replaySchedule, type Rating,
  type ReplayReview,
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
interface Golden {
  ts_fsrs_version: string;
  settings: typeof FSRS_SETTINGS;
  logs: { steps: { reviewed_at: number; rating: number; desired_retention: number; card: GoldenCard }[] }[];
}

const golden = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'crates', 'writeit-core', 'tests', 'data', 'fsrs_golden.json'), 'utf8'),
) as Golden;

describe('local replay against the golden vectors', () => {
  it('uses the settings and the ts-fsrs version the vectors were made with', () => {
    expect(golden.ts_fsrs_version).toBe('5.4.2');
    expect(golden.settings).toEqual({ ...FSRS_SETTINGS });
    expect(golden.logs.length).toBeGreaterThan(100);
  });

  it('rebuilds every prefix of every log to the golden card', () => {
    let checked = 0;
    let sortedLogs = 0;
    for (const [li, log] of golden.logs.entries()) {
      // Ids in step order: equal times keep their order, as the generator applied them.
      const reviews: ReplayReview[] = log.steps.map((s, i) => ({
        id: `r${String(i).padStart(3, '0')}`,
        rating: s.rating,
        reviewedAt: s.reviewed_at,
        desiredRetention: s.desired_retention,
      }));
      for (const [i, step] of log.steps.entries()) {
        // The vectors apply reviews in log order (some logs go back in time within a UTC day).
        const card = replayInOrder(reviews.slice(0, i + 1));
        const want = step.card;
        const where = `log ${li} step ${i}`;
        expect(card, where).not.toBeNull();
        if (!card) continue;
        expect(
          [card.due, card.state, card.reps, card.lapses, card.elapsedDays, card.scheduledDays, card.learningSteps, card.lastReview],
          where,
        ).toEqual([want.due, want.state, want.reps, want.lapses, want.elapsed_days, want.scheduled_days, want.learning_steps, want.last_review]);
        expect(Math.abs(card.stability - want.stability), where).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(card.difficulty - want.difficulty), where).toBeLessThanOrEqual(1e-9);
        checked++;
      }
      // A log in time order: the sorting replay (the server's rebuild) lands on the same card.
      if (reviews.every((r, i) => i === 0 || (reviews[i - 1]?.reviewedAt ?? 0) < r.reviewedAt)) {
        expect(replaySchedule([...reviews].reverse()), `log ${li} sorted`).toEqual(replayInOrder(reviews));
        sortedLogs++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(sortedLogs).toBeGreaterThan(100);
  });

  it('gives the same card whatever order the reviews arrive in (two devices)', () => {
    const log = golden.logs.find((l) => l.steps.length >= 6);
    if (!log) throw new Error('no long log');
    const reviews: ReplayReview[] = log.steps.map((s, i) => ({
      id: `r${String(i).padStart(3, '0')}`,
      rating: s.rating,
      reviewedAt: s.reviewed_at,
      desiredRetention: s.desired_retention,
    }));
    const shuffled = [...reviews].reverse();
    expect(replaySchedule(shuffled)).toEqual(replaySchedule(reviews));
    expect(replaySchedule([])).toBeNull();
  });
});

describe('stepping and previews', () => {
  const t0 = Date.UTC(2024, 2, 10, 12);
  it('steps a card one review at a time exactly as the replay does', () => {
    const ratings: Rating[] = [3, 3, 1, 2, 4, 3];
    let card = null;
    const reviews: ReplayReview[] = [];
    let t = t0;
    for (const [i, rating] of ratings.entries()) {
      card = nextSchedule(card, t, rating, 0.85);
      reviews.push({ id: `x${i}`, rating, reviewedAt: t, desiredRetention: 0.85 });
      expect(replaySchedule(reviews)).toEqual(card);
      t = Math.max(card.due, t + 1000);
    }
  });

  it('previews the four ratings of a new card with the learning steps of DESIGN §4', () => {
    const p = previewSchedules(null, t0);
    expect(p[1].due - t0).toBe(60_000); // 1m
    expect(p[3].due - t0).toBe(600_000); // 10m
    expect(p[4].state).toBe(2); // easy graduates at once
    expect(emptySchedule(t0).state).toBe(0);
  });
});
