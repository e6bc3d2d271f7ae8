// An entry's characters, each through its stages (issue 35: teach, then test), as a pure state
// machine over writingSession.ts (one writing state per stage of a character). Three plans:
//   teach  (a new writing card): watch the stroke order → trace over the outline → write from
//          memory (assessed) → trace once more when that failed (rating Again);
//   recall (a card already studied; recall and dictation practice): write from memory (assessed)
//          → trace once more when it failed;
//   trace  (guided practice): trace over the outline (assessed, but only shown: never recorded).
// A character without stroke data goes through the same stages: watching and tracing show the
// font's glyph to copy, and it is written freely and checked against it.
// The entry's grade (grading.ts gradeEntry) comes from the assessed stages alone.
//
//   active ──(the stage's character written)──▶ stageDone ──next──▶ active (what follows)
//   active ──(written, and nothing follows)─────▶ finished
//   watch ──ready──▶ trace;  any ──restart──▶ the first stage of the first character
import { gradeEntry, type Grade } from './grading';
import { startWriting, step, type CharacterResult, type WritingEvent, type WritingMessage, type WritingState } from './writingSession';

export type LessonMode = 'teach' | 'recall' | 'trace';
export type Stage = 'watch' | 'trace' | 'recall' | 'retrace';
export type LessonPhase = 'active' | 'stageDone' | 'finished';

/** Where the lesson goes from a finished stage. */
export interface StageRef {
  index: number;
  stage: Stage;
}

export interface LessonState {
  mode: LessonMode;
  /** The characters to write, with their stroke counts (0: no stroke data, written freely). */
  values: readonly string[];
  strokeCounts: readonly number[];
  missesBeforeHint: number;
  /** The character now. */
  index: number;
  stage: Stage;
  phase: LessonPhase;
  /** Writing the character in this stage (untouched while watching). */
  writing: WritingState;
  /** Per character, in order, the result of its assessed stage. */
  results: CharacterResult[];
  /** stageDone: what the learner goes on to. */
  next: StageRef | null;
}

export type LessonEvent =
  /** Watched: on to tracing. */
  | { type: 'ready' }
  /** A stroke, a check, an undo… of the character being written. */
  | { type: 'write'; event: WritingEvent }
  /** On from a finished stage. */
  | { type: 'next' }
  | { type: 'restart' };

const firstStage = (mode: LessonMode): Stage => (mode === 'teach' ? 'watch' : mode === 'trace' ? 'trace' : 'recall');

/** The stage whose result grades the character. */
export const assessedStage = (mode: LessonMode): Stage => (mode === 'trace' ? 'trace' : 'recall');

/** The stages of `mode` a character goes through when all goes well (retrace comes on failure). */
export const plannedStages = (mode: LessonMode): Stage[] => (mode === 'teach' ? ['watch', 'trace', 'recall'] : [firstStage(mode)]);

/** Whether the canvas shows the model to write over (outline or glyph). */
export const showsModel = (stage: Stage): boolean => stage !== 'recall';

function at(s: Pick<LessonState, 'mode' | 'values' | 'strokeCounts' | 'missesBeforeHint'>, ref: StageRef) {
  return {
    index: ref.index,
    stage: ref.stage,
    phase: 'active' as const,
    writing: startWriting(s.values[ref.index] ?? '', s.strokeCounts[ref.index] ?? 0, s.missesBeforeHint),
    next: null,
  };
}

/** A fresh lesson of `values` (each with its stroke count). */
export function startLesson(mode: LessonMode, values: readonly string[], strokeCounts: readonly number[], missesBeforeHint: number): LessonState {
  const base = { mode, values, strokeCounts, missesBeforeHint };
  return { ...base, ...at(base, { index: 0, stage: firstStage(mode) }), results: [] };
}

/** What follows the current stage once its character is written (null: the lesson is over). */
function following(s: LessonState, result: CharacterResult): StageRef | null {
  // A character failed from memory is traced once more before the lesson goes on.
  if (s.stage === 'recall' && result.grade.rating === 1) return { index: s.index, stage: 'retrace' };
  if (s.mode === 'teach' && s.stage === 'trace') return { index: s.index, stage: 'recall' };
  if (s.index + 1 < s.values.length) return { index: s.index + 1, stage: firstStage(s.mode) };
  return null;
}

export function lessonStep(s: LessonState, e: LessonEvent): LessonState {
  switch (e.type) {
    case 'restart':
      return startLesson(s.mode, s.values, s.strokeCounts, s.missesBeforeHint);
    case 'ready':
      if (s.stage !== 'watch' || s.phase !== 'active') return s;
      return { ...s, ...at(s, { index: s.index, stage: 'trace' }) };
    case 'next':
      if (s.phase !== 'stageDone' || !s.next) return s;
      return { ...s, ...at(s, s.next) };
    case 'write': {
      if (s.stage === 'watch' || s.phase !== 'active' || e.event.type === 'restart') return s;
      const writing = step(s.writing, e.event);
      if (writing === s.writing) return s;
      if (writing.phase !== 'done' || !writing.result) return { ...s, writing };
      const result = writing.result;
      const results = s.stage === assessedStage(s.mode) ? [...s.results, result] : s.results;
      const next = following(s, result);
      return { ...s, writing, results, next, phase: next ? 'stageDone' : 'finished' };
    }
  }
}

/** Where a finished stage leads: the same character from memory or traced again, or the next
 * character (null while no stage is finished). */
export function wayOnKind(s: LessonState): 'recall' | 'retrace' | 'nextCharacter' | null {
  if (s.phase !== 'stageDone' || !s.next) return null;
  if (s.next.index !== s.index) return 'nextCharacter';
  return s.next.stage === 'retrace' ? 'retrace' : 'recall';
}

/** The assessed result of the character now, shown from the moment its assessed stage is written
 * until the learner goes on (and again once a retrace after it is written). */
export function currentResult(s: LessonState): CharacterResult | null {
  if (s.phase === 'active' || s.stage === 'watch' || (s.stage === 'trace' && s.mode === 'teach')) return null;
  return s.results[s.index] ?? null;
}

/** The entry's grade once finished: from the assessed stages alone, with their writing time. */
export function lessonGrade(s: LessonState): (Grade & { durationMs: number }) | null {
  if (s.phase !== 'finished') return null;
  const grades = s.results.map((r) => r.grade);
  return { ...gradeEntry(grades), durationMs: grades.reduce((a, g) => a + g.durationMs, 0) };
}

/** What the learner is told now: the last stroke's feedback while writing, else what the stage
 * asks or, once written, what comes next. */
export function lessonMessage(s: LessonState): WritingMessage {
  const w = s.writing;
  const free = w.strokeCount === 0;
  const total = w.strokeCount;
  if (s.phase === 'finished') return { key: 'writing.finished' };
  if (s.phase === 'stageDone') {
    const way = wayOnKind(s);
    if (way === 'recall') return { key: 'writing.traced' };
    if (way === 'retrace') return { key: 'writing.traceAgain' };
    return { key: 'writing.characterFinished', values: { n: s.index + 1, total: s.values.length } };
  }
  if (s.stage === 'watch') return { key: free ? 'writing.watchFree' : 'writing.watch' };
  if (w.message) return w.message;
  if (free) return { key: s.stage === 'recall' ? 'writing.freeIntro' : 'writing.copyFree' };
  const n = { n: w.done + 1, total };
  if (s.stage === 'recall') return { key: s.mode === 'teach' ? 'writing.fromMemory' : 'writing.strokeOf', values: n };
  return { key: 'writing.traceStroke', values: n };
}
