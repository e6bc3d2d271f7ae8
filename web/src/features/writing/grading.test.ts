import { describe, expect, it } from 'vitest';
import { EMPTY_TALLY, writingRating, writingScore, type WritingTally } from './grading';

const tally = (t: Partial<WritingTally>): WritingTally => ({ ...EMPTY_TALLY, freeScores: [], ...t });

describe('writing grades', () => {
  it('gives a clean, quick entry Easy and a clean slow one Good', () => {
    expect(writingScore(tally({ strokes: 6, durationMs: 9000 }))).toBe(1);
    expect(writingRating(tally({ strokes: 6, durationMs: 9000 }))).toBe(4);
    expect(writingRating(tally({ strokes: 6, durationMs: 60_000 }))).toBe(3);
  });

  it('costs more for hints than misses, and least for backwards strokes', () => {
    const hint = writingScore(tally({ strokes: 10, hints: 1 }));
    const miss = writingScore(tally({ strokes: 10, misses: 1 }));
    const back = writingScore(tally({ strokes: 10, backwards: 1 }));
    expect(hint).toBeLessThan(miss);
    expect(miss).toBeLessThan(back);
    expect(back).toBeLessThan(1);
  });

  it('maps scores to Again, Hard and Good', () => {
    expect(writingRating(tally({ strokes: 3, hints: 2 }))).toBe(1);
    expect(writingRating(tally({ strokes: 5, misses: 3 }))).toBe(2); // 1 - 1.2/5 = 0.76
    expect(writingRating(tally({ strokes: 10, misses: 1, durationMs: 1000 }))).toBe(3); // 0.96, not clean
    expect(writingScore(tally({ strokes: 2, misses: 9 }))).toBe(0);
  });

  it('grades free writing by its overlap with the glyph, mixed by weight', () => {
    expect(writingRating(tally({ freeScores: [0.8] }))).toBe(3);
    expect(writingRating(tally({ freeScores: [0.6] }))).toBe(2);
    expect(writingRating(tally({ freeScores: [0.3] }))).toBe(1);
    expect(writingScore(tally({ strokes: 3, freeScores: [0] }))).toBe(0.75);
  });
});
