// The one grade of written characters (issues 7 and 35): one rule turns a finished character into
// one score (0..1) and one rating, and an entry's grade derives from its characters'. The result
// on screen, the review's `score` and the statistics all show these figures, each once.
//
// A character with stroke data, from what happened on each of its strokes (its StrokeLog):
//   penalties: a stroke shown (whole, after repeated misses, or its start asked for) 1 stroke's
//   worth; each refused attempt (wrong shape, place or order) 0.4; each backwards attempt 0.2.
//   score = 1 − penalties ÷ strokes (at least 0).
//   rating: Again when a stroke was shown and the score is under 0.6, or the score is under 0.4;
//           Hard under 0.8; Easy when every stroke was right first time at ≤ 3 s a stroke;
//           Good otherwise.
// A character without stroke data (written freely): its overlap with the font's glyph is its
//   score; Good from 0.75, Hard from 0.55, else Again (never Easy: the overlap is too coarse).
// An entry: its score is the mean of its characters' scores; its rating is its weakest
//   character's (a word is written only when each of its characters is).
//
// Each stroke's outcome, as the finished character shows it: 'clean' (right first time),
// 'corrected' (refused, then written right by the learner), 'hinted' (written after asking where
// it starts) and 'shown' (shown whole before it was written). Only 'shown' counts as wrong: the
// learner copied it; a corrected stroke was the learner's own.

export type Rating = 1 | 2 | 3 | 4;

/** What happened on one stroke of a character while it was written. */
export interface StrokeLog {
  /** Written right (accepted by the matcher). */
  accepted: boolean;
  /** Refused attempts: wrong shape or place, a later stroke first, drawn backwards. */
  wrongShape: number;
  wrongOrder: number;
  backwards: number;
  /** The learner asked for its start and direction before writing it. */
  asked: boolean;
  /** Shown whole (after repeated misses) before it was written. */
  shown: boolean;
}

export type StrokeOutcome = 'clean' | 'corrected' | 'hinted' | 'shown';

/** What happened while writing: a character's counts (or several characters' summed). */
export interface WritingTally {
  /** Strokes of the characters with stroke data. */
  strokes: number;
  /** Refused attempts: wrong shape or place, and wrong order. */
  misses: number;
  /** Attempts drawn backwards (refused too, but a lighter fault). */
  backwards: number;
  /** Strokes shown (whole, or their start asked for) before they were written. */
  hints: number;
  durationMs: number;
  /** Characters written freely (no stroke data), each with its glyph-overlap score. */
  freeScores: number[];
}

/** A grade: the score (0..1, three decimals) and the card's rating. */
export interface Grade {
  score: number;
  rating: Rating;
}

/** A finished character's grade, with how each of its strokes went (empty for free writing). */
export interface CharacterGrade extends Grade {
  outcomes: StrokeOutcome[];
  durationMs: number;
}

export const EMPTY_TALLY: WritingTally = Object.freeze({ strokes: 0, misses: 0, backwards: 0, hints: 0, durationMs: 0, freeScores: [] }) as WritingTally;

const HINT_COST = 1;
const MISS_COST = 0.4;
const BACKWARDS_COST = 0.2;
/** Fast enough for Easy: average ms per stroke. */
const EASY_MS_PER_STROKE = 3000;

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const unit = (x: number) => Math.max(0, Math.min(1, x));

/** The score (0..1) of a tally: stroke-checked strokes and freely written characters weighted by
 * count (for one character, one of the two). */
export function writingScore(t: WritingTally): number {
  const parts: { weight: number; score: number }[] = [];
  if (t.strokes > 0) {
    const penalty = t.hints * HINT_COST + t.misses * MISS_COST + t.backwards * BACKWARDS_COST;
    parts.push({ weight: t.strokes, score: Math.max(0, 1 - penalty / t.strokes) });
  }
  for (const s of t.freeScores) parts.push({ weight: 1, score: unit(s) });
  const weight = parts.reduce((a, p) => a + p.weight, 0);
  if (weight === 0) return 0;
  return round3(parts.reduce((a, p) => a + p.weight * p.score, 0) / weight);
}

/** The rating of a tally (see the header). */
export function writingRating(t: WritingTally): Rating {
  const score = writingScore(t);
  if (t.strokes === 0) return score >= 0.75 ? 3 : score >= 0.55 ? 2 : 1;
  if ((t.hints > 0 && score < 0.6) || score < 0.4) return 1;
  if (score < 0.8) return 2;
  const clean = t.misses === 0 && t.backwards === 0 && t.hints === 0 && t.freeScores.every((s) => s >= 0.75);
  if (clean && t.durationMs / t.strokes <= EASY_MS_PER_STROKE) return 4;
  return 3;
}

/** How one stroke went (see the header: only 'shown' is wrong). */
export function strokeOutcome(l: StrokeLog): StrokeOutcome {
  if (l.shown) return 'shown';
  if (l.asked) return 'hinted';
  return l.wrongShape + l.wrongOrder + l.backwards > 0 ? 'corrected' : 'clean';
}

/** The counts of one character written with stroke data, from its strokes' logs. */
export function characterTally(log: readonly StrokeLog[], durationMs: number): WritingTally {
  let misses = 0;
  let backwards = 0;
  let hints = 0;
  for (const l of log) {
    misses += l.wrongShape + l.wrongOrder;
    backwards += l.backwards;
    if (l.shown || l.asked) hints++;
  }
  return { strokes: log.length, misses, backwards, hints, durationMs, freeScores: [] };
}

/** The grade of a character written with stroke data. */
export function gradeCharacter(log: readonly StrokeLog[], durationMs: number): CharacterGrade {
  const tally = characterTally(log, durationMs);
  return { score: writingScore(tally), rating: writingRating(tally), outcomes: log.map(strokeOutcome), durationMs };
}

/** The grade of a character written freely: its overlap with the font's glyph (0..1). */
export function gradeFreeCharacter(overlap: number, durationMs: number): CharacterGrade {
  const tally = { ...EMPTY_TALLY, durationMs, freeScores: [overlap] };
  return { score: writingScore(tally), rating: writingRating(tally), outcomes: [], durationMs };
}

/** An entry's grade from its characters': the mean score, the weakest rating. */
export function gradeEntry(characters: readonly Grade[]): Grade {
  if (characters.length === 0) return { score: 0, rating: 1 };
  const score = round3(characters.reduce((a, c) => a + c.score, 0) / characters.length);
  const rating = Math.min(...characters.map((c) => c.rating)) as Rating;
  return { score, rating };
}

/** The strokes (0-based, in writing order) of each outcome, for the finished character's display. */
export function strokesBy(outcomes: readonly StrokeOutcome[], outcome: StrokeOutcome): number[] {
  return outcomes.flatMap((o, i) => (o === outcome ? [i] : []));
}
