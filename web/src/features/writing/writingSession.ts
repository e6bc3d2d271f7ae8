// The state machine of writing one character on the canvas (no I/O, no React): strokes judged by
// the caller (the matcher) come in as events, and out come what the canvas shows (the strokes
// done, the stroke shown after misses, the next-stroke hint, the last stroke's feedback), the
// message, and once the character is written, its result: the learner's own ink with its one
// grade (grading.ts) and how each stroke went. A character without stroke data is written freely
// and checked against the font's glyph. lesson.ts runs one of these per stage of each character.
//
//   writing ──(last stroke accepted, or free writing checked)──▶ done
//   any ──restart──▶ writing (nothing drawn)
import type { InkPoint } from '../../canvas/ink';
import type { MessageKey } from '../../i18n/translate';
import { gradeCharacter, gradeFreeCharacter, type CharacterGrade, type StrokeLog } from './grading';

/** A verdict of the matcher (canvas/matcher.ts), as judgeInOrders answers it. */
export type StrokeVerdict = 'accepted' | 'wrong-order' | 'backwards' | 'wrong-shape';

export type Phase = 'writing' | 'done';

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

/** A character written to the end: what stays on screen over the model, and its grade. */
export interface CharacterResult {
  value: string;
  /** The learner's strokes as drawn (accepted ones; free writing: everything drawn). */
  ink: InkPoint[][];
  grade: CharacterGrade;
}

export interface WritingState {
  value: string;
  /** Strokes of the character (0: no stroke data, written freely). */
  strokeCount: number;
  missesBeforeHint: number;
  phase: Phase;
  /** Strokes accepted so far. */
  done: number;
  /** Refused strokes in a row on the current stroke. */
  misses: number;
  /** The stroke shown whole after repeated misses (animated along its outline), or null. */
  shown: number | null;
  /** The stroke whose start and direction the hint shows, or null. */
  nextHint: number | null;
  feedback: WritingFeedback | null;
  /** Feedback on the last stroke (null: none, the page says what the stage asks). */
  message: WritingMessage | null;
  /** The learner's accepted strokes (the matcher fits their size and placement). */
  drawn: InkPoint[][];
  /** Free writing: the strokes drawn so far. */
  freeInk: InkPoint[][];
  /** Stroke orders still possible (null: every order the character accepts). */
  orders: number[][] | null;
  /** What happened on each stroke. */
  log: StrokeLog[];
  result: CharacterResult | null;
  /** When the first stroke began and the last one ended (ms), 0 before. */
  startedAt: number;
  endedAt: number;
  seq: number;
}

export type WritingEvent =
  | { type: 'stroke'; points: InkPoint[]; at: number; verdict: StrokeVerdict; orders: number[][] }
  /** A stroke of a character without stroke data (kept as ink). */
  | { type: 'freeStroke'; points: InkPoint[]; at: number }
  /** Free writing checked: its overlap with the font's glyph (0..1). */
  | { type: 'freeChecked'; score: number; at: number }
  | { type: 'undo' }
  | { type: 'clear' }
  /** The learner asks for the next stroke's start and direction. */
  | { type: 'hint' }
  | { type: 'restart' };

const emptyLog = (n: number): StrokeLog[] =>
  Array.from({ length: n }, () => ({ accepted: false, wrongShape: 0, wrongOrder: 0, backwards: 0, asked: false, shown: false }));

/** A fresh state for writing `value` (with its stroke count; 0 for free writing). */
export function startWriting(value: string, strokeCount: number, missesBeforeHint: number): WritingState {
  return {
    value,
    strokeCount,
    missesBeforeHint,
    phase: 'writing',
    done: 0,
    misses: 0,
    shown: null,
    nextHint: null,
    feedback: null,
    message: null,
    drawn: [],
    freeInk: [],
    orders: null,
    log: emptyLog(strokeCount),
    result: null,
    startedAt: 0,
    endedAt: 0,
    seq: 0,
  };
}

/** Whether the character is written freely (no stroke data). */
export const isFree = (s: WritingState): boolean => s.strokeCount === 0;

/** The state after `event`. Events that do not apply in the current phase change nothing. */
export function step(s: WritingState, e: WritingEvent): WritingState {
  if (e.type === 'restart') return startWriting(s.value, s.strokeCount, s.missesBeforeHint);
  if (s.phase !== 'writing') return s;
  switch (e.type) {
    case 'stroke':
      return isFree(s) ? s : judged(s, e);
    case 'freeStroke':
      if (!isFree(s)) return s;
      return { ...started(s, e.at, e.points), freeInk: [...s.freeInk, e.points], feedback: null, message: null };
    case 'freeChecked': {
      if (!isFree(s) || s.freeInk.length === 0) return s;
      const grade = gradeFreeCharacter(e.score, Math.max(0, e.at - s.startedAt));
      return { ...s, phase: 'done', endedAt: e.at, message: null, result: { value: s.value, ink: s.freeInk, grade } };
    }
    case 'undo':
      if (isFree(s)) return { ...s, freeInk: s.freeInk.slice(0, -1), feedback: null };
      if (s.done === 0) return { ...s, feedback: null };
      return {
        ...s,
        done: s.done - 1,
        drawn: s.drawn.slice(0, -1),
        // Which orders the remaining strokes allow is worked out again from the start.
        orders: s.done - 1 === 0 ? null : s.orders,
        log: s.log.map((l, i) => (i === s.done - 1 ? { ...l, accepted: false } : l)),
        feedback: null,
        message: null,
        nextHint: null,
      };
    case 'clear':
      return {
        ...s,
        done: 0,
        drawn: [],
        freeInk: [],
        orders: null,
        log: s.log.map((l) => ({ ...l, accepted: false })),
        feedback: null,
        message: null,
        shown: null,
        nextHint: null,
      };
    case 'hint':
      if (isFree(s)) return s;
      return { ...s, nextHint: s.done, log: s.log.map((l, i) => (i === s.done ? { ...l, asked: true } : l)) };
  }
}

function started(s: WritingState, at: number, points: readonly InkPoint[]): WritingState {
  if (s.startedAt !== 0) return s;
  return { ...s, startedAt: at - (points[points.length - 1]?.t ?? 0) };
}

function judged(s0: WritingState, e: Extract<WritingEvent, { type: 'stroke' }>): WritingState {
  const s = started(s0, e.at, e.points);
  const seq = s.seq + 1;
  if (e.verdict === 'accepted') {
    const done = s.done + 1;
    const drawn = [...s.drawn, e.points];
    const log = s.log.map((l, i) => (i === s.done ? { ...l, accepted: true } : l));
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
      feedback: { kind: 'accepted', points: e.points, expected: null, key: seq },
      message: { key: 'writing.strokeOk', values: { n: done, total: s.strokeCount } },
    };
    if (done < s.strokeCount) return next;
    // Written to the end: the stage says what comes next, not "stroke n of n".
    const grade = gradeCharacter(log, Math.max(0, e.at - s.startedAt));
    return { ...next, phase: 'done', endedAt: e.at, message: null, result: { value: s.value, ink: drawn, grade } };
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
          shown: l.shown || showWhole,
        },
  );
  return {
    ...s,
    seq,
    misses,
    log,
    shown: showWhole ? s.done : s.shown,
    feedback: { kind: 'wrong', points: e.points, expected: s.done, key: seq },
    message:
      e.verdict === 'wrong-order'
        ? { key: 'writing.wrongOrder', values: { n: s.done + 1 } }
        : backwards
          ? { key: 'writing.backwards' }
          : { key: 'writing.wrongShape' },
  };
}
