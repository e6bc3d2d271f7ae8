import { describe, expect, it } from 'vitest';
import type { InkPoint } from '../../canvas/ink';
import { currentResult, lessonGrade, lessonMessage, lessonStep, startLesson, wayOnKind, type LessonEvent, type LessonMode, type LessonState } from './lesson';
import type { WritingEvent } from './writingSession';

const ink: InkPoint[] = [
  { x: 100, y: 100, pressure: 0.5, t: 0 },
  { x: 100, y: 900, pressure: 0.5, t: 100 },
];
const w = (event: WritingEvent): LessonEvent => ({ type: 'write', event });
const ok = (at = 1000) => w({ type: 'stroke', points: ink, at, verdict: 'accepted', orders: [[0]] });
const miss = w({ type: 'stroke', points: ink, at: 1000, verdict: 'wrong-shape', orders: [[0]] });
/** Three misses: the stroke is shown whole; then written: Again. */
const fail = [miss, miss, miss, ok()];
const ready: LessonEvent = { type: 'ready' };
const next: LessonEvent = { type: 'next' };
const run = (s: LessonState, events: readonly LessonEvent[]) => events.reduce(lessonStep, s);

/** 一 (1 stroke) and 二 (written as 1 stroke here too, for brevity). */
const start = (mode: LessonMode, values = ['一', '二']) => startLesson(mode, values, values.map(() => 1), 3);
const where = (s: LessonState) => `${s.index}:${s.stage}:${s.phase}`;

describe('the stages of a lesson', () => {
  it.each<{ name: string; mode: LessonMode; events: LessonEvent[]; at: string; results: number }>([
    { name: 'teach opens on watching', mode: 'teach', events: [], at: '0:watch:active', results: 0 },
    { name: 'a stroke while watching is ignored', mode: 'teach', events: [ok()], at: '0:watch:active', results: 0 },
    { name: 'ready: on to tracing', mode: 'teach', events: [ready], at: '0:trace:active', results: 0 },
    { name: 'traced: waits to write from memory', mode: 'teach', events: [ready, ok()], at: '0:trace:stageDone', results: 0 },
    { name: 'then from memory, on an empty grid', mode: 'teach', events: [ready, ok(), next], at: '0:recall:active', results: 0 },
    { name: 'written from memory: the result is kept', mode: 'teach', events: [ready, ok(), next, ok()], at: '0:recall:stageDone', results: 1 },
    { name: 'the next character starts by watching', mode: 'teach', events: [ready, ok(), next, ok(), next], at: '1:watch:active', results: 1 },
    { name: 'the last character from memory finishes', mode: 'teach', events: [ready, ok(), next, ok(), next, ready, ok(), next, ok()], at: '1:recall:finished', results: 2 },
    { name: 'failed from memory: traced once more', mode: 'teach', events: [ready, ok(), next, ...fail], at: '0:recall:stageDone', results: 1 },
    { name: '…on the outline', mode: 'teach', events: [ready, ok(), next, ...fail, next], at: '0:retrace:active', results: 1 },
    { name: '…then on to the next character', mode: 'teach', events: [ready, ok(), next, ...fail, next, ok(), next], at: '1:watch:active', results: 1 },
    { name: 'the last one failed: retraced before finishing', mode: 'teach', events: [ready, ok(), next, ok(), next, ready, ok(), next, ...fail, next, ok()], at: '1:retrace:finished', results: 2 },
    { name: 'next while writing does nothing', mode: 'teach', events: [ready, next], at: '0:trace:active', results: 0 },
    { name: 'recall: from memory at once', mode: 'recall', events: [], at: '0:recall:active', results: 0 },
    { name: 'recall: failed, traced once more', mode: 'recall', events: [...fail, next], at: '0:retrace:active', results: 1 },
    { name: 'recall: ready does nothing', mode: 'recall', events: [ready], at: '0:recall:active', results: 0 },
    { name: 'trace (guided practice): tracing is assessed', mode: 'trace', events: [ok()], at: '0:trace:stageDone', results: 1 },
    { name: 'trace: never retraced', mode: 'trace', events: [...fail], at: '0:trace:stageDone', results: 1 },
    { name: 'restart goes back to the start', mode: 'teach', events: [ready, ok(), next, ok(), { type: 'restart' }], at: '0:watch:active', results: 0 },
  ])('$name', ({ mode, events, at, results }) => {
    const s = run(start(mode), events);
    expect(where(s)).toBe(at);
    expect(s.results).toHaveLength(results);
  });

  it('grades the entry from the memory stage alone', () => {
    // Traced with misses (not graded), then clean from memory; the second character failed.
    const s = run(start('teach'), [ready, miss, ok(), next, ok(2000), next, ready, ok(), next, ...fail, next, ok()]);
    expect(s.phase).toBe('finished');
    expect(s.results.map((r) => [r.value, r.grade.score, r.grade.rating])).toEqual([
      ['一', 1, 4],
      ['二', 0, 1],
    ]);
    expect(lessonGrade(s)).toMatchObject({ score: 0.5, rating: 1 });
    expect(lessonGrade(run(start('teach'), [ready]))).toBeNull();
  });

  it('shows the assessed result once written, not while tracing', () => {
    const traced = run(start('teach', ['一']), [ready, ok()]);
    expect(traced.writing.result).not.toBeNull();
    expect(currentResult(traced)).toBeNull();
    const written = run(traced, [next, ...fail]);
    expect(currentResult(written)?.grade.rating).toBe(1);
    expect(currentResult(run(written, [next]))).toBeNull();
    expect(currentResult(run(written, [next, ok()]))?.grade.rating).toBe(1);
  });

  it('tells the learner what each stage asks, then what comes next', () => {
    const s = start('teach');
    const steps: [LessonEvent[], string][] = [
      [[], 'writing.watch'],
      [[ready], 'writing.traceStroke'],
      [[ready, miss], 'writing.wrongShape'],
      [[ready, ok()], 'writing.traced'],
      [[ready, ok(), next], 'writing.fromMemory'],
      [[ready, ok(), next, ...fail], 'writing.traceAgain'],
      [[ready, ok(), next, ok()], 'writing.characterFinished'],
      [[ready, ok(), next, ok(), next, ready, ok(), next, ok()], 'writing.finished'],
    ];
    for (const [events, key] of steps) expect(lessonMessage(run(s, events)).key, key).toBe(key);
    expect(lessonMessage(start('recall')).key).toBe('writing.strokeOf');
    // Recall of two characters: the first written leads to the next character, not "traced".
    expect(lessonMessage(run(start('recall'), [ok()])).key).toBe('writing.characterFinished');
    expect(wayOnKind(run(start('recall'), [ok()]))).toBe('nextCharacter');
    expect(wayOnKind(run(start('recall'), fail))).toBe('retrace');
    expect(wayOnKind(run(start('teach'), [ready, ok()]))).toBe('recall');
    expect(lessonMessage(run(start('trace'), [ok()])).key).toBe('writing.characterFinished');
    expect(lessonMessage(startLesson('teach', ['x'], [0], 3)).key).toBe('writing.watchFree');
    expect(lessonMessage(run(startLesson('teach', ['x'], [0], 3), [ready])).key).toBe('writing.copyFree');
  });

  it('a free character is watched, copied, then written from memory', () => {
    const free = (at: number) => w({ type: 'freeStroke', points: ink, at });
    const check = (score: number) => w({ type: 'freeChecked', score, at: 5000 });
    const s = run(startLesson('teach', ['x'], [0], 3), [ready, free(1000), check(0.9), next, free(2000), check(0.8)]);
    expect(where(s)).toBe('0:recall:finished');
    expect(lessonGrade(s)).toMatchObject({ score: 0.8, rating: 3 });
  });
});
