// The client's scheduler one review at a time against its replay, and its previews. Its cards
// against ts-fsrs's own, for every weight set, are in scheduler.golden.test.ts.
import { describe, expect, it } from 'vitest';
import { emptySchedule, nextSchedule, previewSchedules, replaySchedule, type Rating, type ReplayReview } from './scheduler';

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
    expect(replaySchedule([...reviews].reverse())).toEqual(card);
    expect(replaySchedule([])).toBeNull();
  });

  it('previews the four ratings of a new card with the learning steps of DESIGN §4', () => {
    const p = previewSchedules(null, t0);
    expect(p[1].due - t0).toBe(60_000); // 1m
    expect(p[3].due - t0).toBe(600_000); // 10m
    expect(p[4].state).toBe(2); // easy graduates at once
    expect(emptySchedule(t0).state).toBe(0);
  });
});
