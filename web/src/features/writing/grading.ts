// Grading a written entry (issue 7): its score (0..1, kept on the review) and the writing card's
// rating, from misses, hints, strokes drawn backwards and time. The mapping, per stroke written:
//   a hint costs 1 stroke's worth, a wrong shape, place or order 0.4, a backwards stroke 0.2;
//   score = 1 − penalties ÷ strokes (at least 0).
//   rating: Again when a hint was needed and the score is under 0.6, or the score is under 0.4;
//           Hard under 0.8; Easy for a clean entry at ≤ 3 s a stroke; Good otherwise.
// Free writing (no stroke data) is scored by its overlap with the font's glyph instead:
//   Good from 0.75, Hard from 0.55, else Again.

/** What happened while writing an entry. */
export interface WritingTally {
  /** Strokes expected over all characters with stroke data. */
  strokes: number;
  /** Refused strokes: wrong shape or place, and wrong order. */
  misses: number;
  /** Strokes drawn backwards (refused too, but a lighter fault). */
  backwards: number;
  /** Strokes shown after repeated misses. */
  hints: number;
  durationMs: number;
  /** Characters written freely (no stroke data), each with its glyph-overlap score. */
  freeScores: number[];
}

export const EMPTY_TALLY: WritingTally = Object.freeze({ strokes: 0, misses: 0, backwards: 0, hints: 0, durationMs: 0, freeScores: [] }) as WritingTally;

export type Rating = 1 | 2 | 3 | 4;

const HINT_COST = 1;
const MISS_COST = 0.4;
const BACKWARDS_COST = 0.2;
/** Fast enough for Easy: average ms per stroke. */
const EASY_MS_PER_STROKE = 3000;

/** The entry's score, 0..1: stroke-checked characters and freely written ones weighted by count. */
export function writingScore(t: WritingTally): number {
  const parts: { weight: number; score: number }[] = [];
  if (t.strokes > 0) {
    const penalty = t.hints * HINT_COST + t.misses * MISS_COST + t.backwards * BACKWARDS_COST;
    parts.push({ weight: t.strokes, score: Math.max(0, 1 - penalty / t.strokes) });
  }
  for (const s of t.freeScores) parts.push({ weight: 1, score: Math.max(0, Math.min(1, s)) });
  const weight = parts.reduce((a, p) => a + p.weight, 0);
  if (weight === 0) return 0;
  return Math.round((parts.reduce((a, p) => a + p.weight * p.score, 0) / weight) * 1000) / 1000;
}

/** The writing card's rating for the entry. */
export function writingRating(t: WritingTally): Rating {
  const score = writingScore(t);
  if (t.strokes === 0) return score >= 0.75 ? 3 : score >= 0.55 ? 2 : 1;
  if ((t.hints > 0 && score < 0.6) || score < 0.4) return 1;
  if (score < 0.8) return 2;
  const clean = t.misses === 0 && t.backwards === 0 && t.hints === 0 && t.freeScores.every((s) => s >= 0.75);
  if (clean && t.durationMs / t.strokes <= EASY_MS_PER_STROKE) return 4;
  return 3;
}
