// A deck's workload: its started cards' reviews from the forecast, and its new cards' as they
// come in.
import { describe, expect, it } from 'vitest';
import { deckWorkload, newCardReviews } from './workload';

describe('newCardReviews', () => {
  it('counts the learning steps and the reviews a new card asks in a window', () => {
    // Good on a new card: the 1-minute step, then the 10-minute step, then days.
    const day = newCardReviews(1, 0.9);
    expect(day).toBeGreaterThanOrEqual(2);
    expect(day).toBeLessThanOrEqual(3);
    const month = newCardReviews(30, 0.9);
    expect(month).toBeGreaterThan(day);
    // A higher retention asks more reviews of the same card.
    expect(newCardReviews(30, 0.97)).toBeGreaterThan(month);
  });
});

describe('deckWorkload', () => {
  const forecast = new Array<number>(30).fill(0);
  it('is the new cards alone for a deck not started, and nothing without new cards', () => {
    const w = deckWorkload(forecast, 0.9, 0.9, 20, 40, undefined);
    expect(w.started).toBe(0);
    // 40 new cards over two days: each asks its steps and a few reviews within the month.
    expect(w.fresh).toBeGreaterThan((40 * 2) / 30);
    expect(w.total).toBe(w.fresh);
    expect(deckWorkload(forecast, 0.9, 0.9, 20, 0).total).toBe(0);
    expect(deckWorkload(forecast, 0.9, 0.9, 0, 40).total).toBe(0);
  });
  it('adds the started cards’ reviews', () => {
    const busy = forecast.map(() => 3);
    expect(deckWorkload(busy, 0.9, 0.9, 0, 0).total).toBeCloseTo(3);
    expect(deckWorkload(busy, 0.9, 0.9, 10, 100).total).toBeGreaterThan(3);
  });
});
