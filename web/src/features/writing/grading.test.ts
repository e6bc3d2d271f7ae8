import { describe, expect, it } from 'vitest';
import {
  EMPTY_TALLY,
  gradeCharacter,
  gradeEntry,
  gradeFreeCharacter,
  strokeOutcome,
  writingRating,
  writingScore,
  type StrokeLog,
  type WritingTally,
} from './grading';

const tally = (t: Partial<WritingTally>): WritingTally => ({ ...EMPTY_TALLY, freeScores: [], ...t });
const clean: StrokeLog = { accepted: true, wrongShape: 0, wrongOrder: 0, backwards: 0, asked: false, shown: false };

describe('the one grade of a character', () => {
  it.each<{ name: string; log: StrokeLog[]; ms: number; score: number; rating: number; outcomes: string[] }>([
    { name: 'clean and quick: Easy', log: [clean, clean], ms: 4000, score: 1, rating: 4, outcomes: ['clean', 'clean'] },
    { name: 'clean but slow: Good', log: [clean, clean], ms: 60_000, score: 1, rating: 3, outcomes: ['clean', 'clean'] },
    // The case: one wrong stroke then the right one is one score and one rating.
    { name: 'ㄱ: one wrong stroke then the right one', log: [{ ...clean, wrongShape: 1 }], ms: 2000, score: 0.6, rating: 2, outcomes: ['corrected'] },
    { name: '大: one wrong stroke then the right one', log: [clean, { ...clean, wrongShape: 1 }, clean], ms: 3000, score: 0.867, rating: 3, outcomes: ['clean', 'corrected', 'clean'] },
    { name: 'a later stroke first, then the right one', log: [{ ...clean, wrongOrder: 1 }, clean], ms: 2000, score: 0.8, rating: 3, outcomes: ['corrected', 'clean'] },
    { name: 'backwards, then right', log: [clean, { ...clean, backwards: 1 }], ms: 2000, score: 0.9, rating: 3, outcomes: ['clean', 'corrected'] },
    { name: 'its start asked for', log: [{ ...clean, asked: true }, clean, clean, clean], ms: 2000, score: 0.75, rating: 2, outcomes: ['hinted', 'clean', 'clean', 'clean'] },
    { name: 'shown whole after three misses', log: [{ ...clean, wrongShape: 3, shown: true }], ms: 9000, score: 0, rating: 1, outcomes: ['shown'] },
    { name: 'one shown among ten: Hard', log: [{ ...clean, shown: true }, ...Array.from({ length: 9 }, () => clean)], ms: 9000, score: 0.9, rating: 3, outcomes: ['shown', ...Array.from({ length: 9 }, () => 'clean')] },
    { name: 'shown and missed: Again under 0.6', log: [{ ...clean, wrongShape: 3, shown: true }, clean, clean, clean], ms: 9000, score: 0.45, rating: 1, outcomes: ['shown', 'clean', 'clean', 'clean'] },
  ])('$name', ({ log, ms, score, rating, outcomes }) => {
    const g = gradeCharacter(log, ms);
    expect(g.score).toBeCloseTo(score, 3);
    expect(g.rating).toBe(rating);
    expect(g.outcomes).toEqual(outcomes);
    expect(g.durationMs).toBe(ms);
  });

  it('counts a stroke shown after its start was asked for once', () => {
    expect(gradeCharacter([{ ...clean, asked: true, shown: true, wrongShape: 3 }, clean], 1000).score).toBe(0);
    expect(strokeOutcome({ ...clean, asked: true, shown: true })).toBe('shown');
  });

  it('grades free writing by its overlap with the glyph, never Easy', () => {
    expect(gradeFreeCharacter(0.8, 500)).toMatchObject({ score: 0.8, rating: 3, outcomes: [] });
    expect(gradeFreeCharacter(1, 500).rating).toBe(3);
    expect(gradeFreeCharacter(0.6, 500).rating).toBe(2);
    expect(gradeFreeCharacter(0.3, 500).rating).toBe(1);
  });

  it('an entry: the mean score, the weakest rating', () => {
    expect(gradeEntry([{ score: 1, rating: 4 }, { score: 0.6, rating: 2 }])).toEqual({ score: 0.8, rating: 2 });
    expect(gradeEntry([{ score: 0.867, rating: 3 }])).toEqual({ score: 0.867, rating: 3 });
    expect(gradeEntry([])).toEqual({ score: 0, rating: 1 });
  });

  it('one character graded alone is its tally graded by the same rule', () => {
    const log = [{ ...clean, wrongShape: 1 }, { ...clean, backwards: 2 }, clean];
    const g = gradeCharacter(log, 3000);
    const t = tally({ strokes: 3, misses: 1, backwards: 2, durationMs: 3000 });
    expect([g.score, g.rating]).toEqual([writingScore(t), writingRating(t)]);
  });

  it('costs more for hints than misses, and least for backwards strokes', () => {
    const hint = writingScore(tally({ strokes: 10, hints: 1 }));
    const miss = writingScore(tally({ strokes: 10, misses: 1 }));
    const back = writingScore(tally({ strokes: 10, backwards: 1 }));
    expect(hint).toBeLessThan(miss);
    expect(miss).toBeLessThan(back);
    expect(back).toBeLessThan(1);
    expect(writingScore(tally({ strokes: 2, misses: 9 }))).toBe(0);
    expect(writingScore(tally({ strokes: 3, freeScores: [0] }))).toBe(0.75);
  });
});
