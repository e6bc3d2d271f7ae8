// The state machine of writing one entry, character by character (no I/O, no React): strokes
// judged by the caller (the matcher) come in as events, and out come what the canvas shows (the
// strokes done, the hint, the last stroke's feedback), the message, the tally that grades the
// entry (grading.ts) and, for every finished character, the learner's own ink with its score
// (shape, order, direction) and the strokes that went wrong. Both writing practice and the writing
// cards of a review (inline, and a deck's writing session) run on it.
//
//   writing ──(last stroke of a character that is not the last)──▶ characterDone ──next──▶ writing
//   writing ──(last stroke of the last character)──────────────▶ finished
//   any ──restart──▶ writing (character 1, nothing drawn)
import type { InkPoint } from '../../canvas/ink';
import { characterScore, freeCharacterScore, type CharacterScore, type StrokeLog } from '../../canvas/glyphScore';
import type { MessageKey } from '../../i18n/translate';
import { EMPTY_TALLY, writingRating, writingScore, type Rating, type WritingTally } from './grading';

/** A verdict of the matcher (canvas/matcher.ts), as judgeInOrders answers it. */
export type StrokeVerdict = 'accepted' | 'wrong-order' | 'backwards' | 'wrong-shape';

export type Phase = 'writing' | 'characterDone' | 'finished';

/** A message for the learner: an i18n key and its values (translated by the page). */
export interface WritingMessage {
  key: MessageKey;
  values?: Record<string, number>;
}

/** The last stroke as the feedback layer shows it. */
export interface WritingFeedback {
  kind: 'accepted' | 'wrong';
  points: readonly InkPoint[];
  /** A refused stroke: the stroke expected instead (flashed on the model), or null. */
  expected: number | null;
  /** Changes with every stroke, so the same shape twice still flashes. */
  key: number;
}

/** A character written to the end: what stays on screen over the model. */
export interface CharacterResult {
  value: string;
  /** The learner's strokes as drawn (accepted ones; free writing: everything drawn). */
  ink: InkPoint[][];
  score: CharacterScore;
}

export interface WritingState {
  /** The characters to write, with their stroke counts (0: no stroke data, written freely). */
  values: readonly string[];
  strokeCounts: readonly number[];
  missesBeforeHint: number;
  phase: Phase;
  index: number;
  /** Strokes of the current character accepted so far. */
  done: number;
  /** Refused strokes in a row on the current stroke. */
  misses: number;
  /** The stroke shown whole after repeated misses (animated along its outline), or null. */
  shown: number | null;
  /** The stroke whose start and direction the hint shows, or null. */
  nextHint: number | null;
  feedback: WritingFeedback | null;
  message: WritingMessage | null;
  /** The learner's accepted strokes of the current character (the matcher fits their size and
   * placement; they stay on screen when it is finished). */
  drawn: InkPoint[][];
  /** Free writing: the strokes drawn so far. */
  freeInk: InkPoint[][];
  /** Stroke orders still possible (null: every order the character accepts). */
  orders: number[][] | null;
  /** What happened on each stroke of the current character. */
  log: StrokeLog[];
  tally: WritingTally;
  results: CharacterResult[];
  /** When the first stroke began (ms), 0 before it. */
  startedAt: number;
  seq: number;
}

export type WritingEvent =
  | { type: 'stroke'; points: InkPoint[]; at: number; verdict: StrokeVerdict; score: number; orders: number[][] }
  /** A stroke of a character without stroke data (kept as ink). */
  | { type: 'freeStroke'; points: InkPoint[]; at: number }
  /** Free writing checked: its overlap with the font's glyph (0..1). */
  | { type: 'freeChecked'; score: number }
  | { type: 'undo' }
  | { type: 'clear' }
  /** The learner asks for the next stroke's start and direction. */
  | { type: 'hint' }
  /** On from a finished character to the next one. */
  | { type: 'next' }
  | { type: 'restart' };

const emptyLog = (n: number): StrokeLog[] => Array.from({ length: n }, () => ({ score: null, wrongShape: 0, wrongOrder: 0, backwards: 0, hinted: false }));

/** A fresh state for writing `values` (each with its stroke count). */
export function startWriting(values: readonly string[], strokeCounts: readonly number[], missesBeforeHint: number): WritingState {
  return {
    values,
    strokeCounts,
    missesBeforeHint,
    ...characterStart(strokeCounts, 0),
    tally: { ...EMPTY_TALLY, freeScores: [] },
    results: [],
    startedAt: 0,
    seq: 0,
  };
}

/** What writing character `index` starts with: the one home of a character's fresh state, for
 * the first character and for each next one. */
function characterStart(strokeCounts: readonly number[], index: number) {
  return {
    phase: 'writing' as const,
    index,
    done: 0,
    misses: 0,
    shown: null,
    nextHint: null,
    feedback: null,
    message: null,
    drawn: [],
    freeInk: [],
    orders: null,
    log: emptyLog(strokeCounts[index] ?? 0),
  };
}

/** Whether the current character is written freely (no stroke data). */
export const isFree = (s: WritingState): boolean => (s.strokeCounts[s.index] ?? 0) === 0;

/** Strokes of the current character. */
export const strokeTotal = (s: WritingState): number => s.strokeCounts[s.index] ?? 0;

/** The character just finished (shown over the model), if the state is past one. */
export function lastResult(s: WritingState): CharacterResult | null {
  return s.phase === 'writing' ? null : (s.results.at(-1) ?? null);
}

/** The state after `event`. Events that do not apply in the current phase change nothing. */
export function step(s: WritingState, e: WritingEvent): WritingState {
  switch (e.type) {
    case 'restart':
      return startWriting(s.values, s.strokeCounts, s.missesBeforeHint);
    case 'next':
      if (s.phase !== 'characterDone') return s;
      return { ...s, ...characterStart(s.strokeCounts, s.index + 1) };
    case 'stroke':
      return s.phase === 'writing' && !isFree(s) ? judged(s, e) : s;
    case 'freeStroke':
      if (s.phase !== 'writing' || !isFree(s)) return s;
      return { ...started(s, e.at, e.points), freeInk: [...s.freeInk, e.points], feedback: null };
    case 'freeChecked': {
      if (s.phase !== 'writing' || !isFree(s) || s.freeInk.length === 0) return s;
      const tally = { ...s.tally, freeScores: [...s.tally.freeScores, e.score] };
      const result = { value: s.values[s.index] ?? '', ink: s.freeInk, score: freeCharacterScore(e.score) };
      return characterFinished({ ...s, tally }, result, { key: 'writing.freeScore', values: { percent: Math.round(e.score * 100) } });
    }
    case 'undo':
      if (s.phase !== 'writing') return s;
      if (isFree(s)) return { ...s, freeInk: s.freeInk.slice(0, -1), feedback: null };
      if (s.done === 0) return { ...s, feedback: null };
      return {
        ...s,
        done: s.done - 1,
        drawn: s.drawn.slice(0, -1),
        // Which orders the remaining strokes allow is worked out again from the start.
        orders: s.done - 1 === 0 ? null : s.orders,
        log: s.log.map((l, i) => (i === s.done - 1 ? { ...l, score: null } : l)),
        tally: { ...s.tally, strokes: Math.max(0, s.tally.strokes - 1) },
        feedback: null,
        nextHint: null,
      };
    case 'clear':
      if (s.phase !== 'writing') return s;
      return {
        ...s,
        done: 0,
        drawn: [],
        freeInk: [],
        orders: null,
        log: s.log.map((l) => ({ ...l, score: null })),
        tally: { ...s.tally, strokes: Math.max(0, s.tally.strokes - s.done) },
        feedback: null,
        shown: null,
        nextHint: null,
      };
    case 'hint': {
      if (s.phase !== 'writing' || isFree(s) || s.done >= strokeTotal(s)) return s;
      const already = s.shown === s.done || s.nextHint === s.done;
      return {
        ...s,
        nextHint: s.done,
        log: s.log.map((l, i) => (i === s.done ? { ...l, hinted: true } : l)),
        tally: already ? s.tally : { ...s.tally, hints: s.tally.hints + 1 },
      };
    }
  }
}

function started(s: WritingState, at: number, points: readonly InkPoint[]): WritingState {
  if (s.startedAt !== 0) return s;
  return { ...s, startedAt: at - (points[points.length - 1]?.t ?? 0) };
}

function judged(s0: WritingState, e: Extract<WritingEvent, { type: 'stroke' }>): WritingState {
  const s = started(s0, e.at, e.points);
  const seq = s.seq + 1;
  const total = strokeTotal(s);
  if (e.verdict === 'accepted') {
    const done = s.done + 1;
    const drawn = [...s.drawn, e.points];
    const log = s.log.map((l, i) => (i === s.done ? { ...l, score: e.score } : l));
    const next: WritingState = {
      ...s,
      seq,
      done,
      drawn,
      orders: e.orders,
      log,
      misses: 0,
      shown: null,
      nextHint: null,
      tally: { ...s.tally, strokes: s.tally.strokes + 1 },
      feedback: { kind: 'accepted', points: e.points, expected: null, key: seq },
      message: { key: 'writing.strokeOk', values: { n: done, total } },
    };
    if (done < total) return next;
    return characterFinished(next, { value: s.values[s.index] ?? '', ink: drawn, score: characterScore(log) }, next.message);
  }
  const misses = s.misses + 1;
  const showWhole = misses >= s.missesBeforeHint && s.shown === null;
  const backwards = e.verdict === 'backwards';
  const log = s.log.map((l, i) =>
    i !== s.done
      ? l
      : {
          ...l,
          wrongShape: l.wrongShape + (e.verdict === 'wrong-shape' ? 1 : 0),
          wrongOrder: l.wrongOrder + (e.verdict === 'wrong-order' ? 1 : 0),
          backwards: l.backwards + (backwards ? 1 : 0),
          hinted: l.hinted || showWhole,
        },
  );
  // A stroke already hinted by its start is not counted twice when it is then shown whole.
  const countHint = showWhole && s.nextHint !== s.done;
  return {
    ...s,
    seq,
    misses,
    log,
    shown: showWhole ? s.done : s.shown,
    tally: {
      ...s.tally,
      misses: s.tally.misses + (backwards ? 0 : 1),
      backwards: s.tally.backwards + (backwards ? 1 : 0),
      hints: s.tally.hints + (countHint ? 1 : 0),
    },
    feedback: { kind: 'wrong', points: e.points, expected: s.done, key: seq },
    message:
      e.verdict === 'wrong-order'
        ? { key: 'writing.wrongOrder', values: { n: s.done + 1 } }
        : backwards
          ? { key: 'writing.backwards' }
          : { key: 'writing.wrongShape' },
  };
}

/** A character written to the end: its result kept; the entry finished after the last one. */
function characterFinished(s: WritingState, result: CharacterResult, message: WritingMessage | null): WritingState {
  const results = [...s.results, result];
  const last = s.index + 1 >= s.values.length;
  return {
    ...s,
    results,
    phase: last ? 'finished' : 'characterDone',
    shown: null,
    nextHint: null,
    message: last ? { key: 'writing.finished' } : message,
  };
}

/** The entry's grade once finished: the tally with its duration, the score and the card's rating. */
export function grade(s: WritingState, now: number): { tally: WritingTally; score: number; rating: Rating } {
  const tally = { ...s.tally, durationMs: Math.max(0, now - (s.startedAt || now)) };
  return { tally, score: writingScore(tally), rating: writingRating(tally) };
}
