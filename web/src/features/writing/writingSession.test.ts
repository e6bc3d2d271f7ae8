import { describe, expect, it } from 'vitest';
import type { InkPoint } from '../../canvas/ink';
import { grade, isFree, lastResult, startWriting, step, type WritingEvent, type WritingState } from './writingSession';

const ink = (x: number, t = 100): InkPoint[] => [
  { x, y: 100, pressure: 0.5, t: 0 },
  { x, y: 900, pressure: 0.5, t },
];
const ok = (x = 100, score = 0.9): WritingEvent => ({ type: 'stroke', points: ink(x), at: 1000, verdict: 'accepted', score, orders: [[0, 1]] });
const bad = (verdict: 'wrong-order' | 'backwards' | 'wrong-shape'): WritingEvent => ({ type: 'stroke', points: ink(500), at: 1000, verdict, score: 0.2, orders: [[0, 1]] });
const run = (s: WritingState, events: readonly WritingEvent[]) => events.reduce(step, s);

/** 二 (2 strokes) then a character without stroke data. */
const two = () => startWriting(['二', 'x'], [2, 0], 3);

describe('writing session transitions', () => {
  it.each<{ name: string; events: WritingEvent[]; expect: Partial<WritingState> & { free?: boolean } }>([
    { name: 'an accepted stroke counts', events: [ok()], expect: { phase: 'writing', index: 0, done: 1, misses: 0 } },
    { name: 'a character finished waits on its result', events: [ok(), ok(300)], expect: { phase: 'characterDone', index: 0, done: 2 } },
    { name: 'next goes on to the next character', events: [ok(), ok(300), { type: 'next' }], expect: { phase: 'writing', index: 1, done: 0, drawn: [], free: true } },
    { name: 'next while writing does nothing', events: [ok(), { type: 'next' }], expect: { phase: 'writing', index: 0, done: 1 } },
    { name: 'a refused stroke is a miss', events: [bad('wrong-shape')], expect: { done: 0, misses: 1, shown: null } },
    { name: 'three misses show the stroke whole', events: [bad('wrong-shape'), bad('wrong-order'), bad('backwards')], expect: { misses: 3, shown: 0 } },
    { name: 'undo takes back the last stroke', events: [ok(), { type: 'undo' }], expect: { done: 0, drawn: [], orders: null } },
    { name: 'clear takes back every stroke', events: [ok(), { type: 'clear' }], expect: { done: 0, drawn: [] } },
    { name: 'the hint shows the next stroke only', events: [ok(), { type: 'hint' }], expect: { nextHint: 1, shown: null } },
    { name: 'strokes after the end are ignored', events: [ok(), ok(300), ok(500)], expect: { phase: 'characterDone', done: 2 } },
    { name: 'restart starts over', events: [ok(), ok(300), { type: 'next' }, { type: 'restart' }], expect: { phase: 'writing', index: 0, done: 0, results: [] } },
  ])('$name', ({ events, expect: want }) => {
    const s = run(two(), events);
    const { free, ...fields } = want;
    expect(s).toMatchObject(fields);
    if (free !== undefined) expect(isFree(s)).toBe(free);
  });

  it.each<{ name: string; events: WritingEvent[]; tally: { strokes: number; misses: number; backwards: number; hints: number } }>([
    { name: 'clean', events: [ok(), ok(300)], tally: { strokes: 2, misses: 0, backwards: 0, hints: 0 } },
    { name: 'misses and backwards apart', events: [bad('wrong-shape'), bad('backwards'), ok(), ok(300)], tally: { strokes: 2, misses: 1, backwards: 1, hints: 0 } },
    { name: 'shown after three misses: one hint', events: [bad('wrong-shape'), bad('wrong-shape'), bad('wrong-shape'), bad('wrong-shape'), ok(), ok(300)], tally: { strokes: 2, misses: 4, backwards: 0, hints: 1 } },
    { name: 'asked hint then shown: one hint', events: [{ type: 'hint' }, { type: 'hint' }, bad('wrong-shape'), bad('wrong-shape'), bad('wrong-shape'), ok(), ok(300)], tally: { strokes: 2, misses: 3, backwards: 0, hints: 1 } },
    { name: 'undo uncounts the stroke', events: [ok(), { type: 'undo' }], tally: { strokes: 0, misses: 0, backwards: 0, hints: 0 } },
  ])('tally: $name', ({ events, tally }) => {
    expect(run(two(), events).tally).toMatchObject(tally);
  });

  it('keeps the finished character with its ink, score and wrong strokes', () => {
    const s = run(two(), [bad('wrong-order'), ok(100, 1), ok(300, 1)]);
    const r = lastResult(s);
    expect(r?.value).toBe('二');
    expect(r?.ink).toHaveLength(2);
    expect(r?.score.wrong).toEqual([0]);
    expect(r?.score.order).toBe(0.5);
    expect(r?.score.overall).toBe(0.9);
    expect(s.message).toEqual({ key: 'writing.strokeOk', values: { n: 2, total: 2 } });
    expect(lastResult(step(s, { type: 'next' }))).toBeNull();
  });

  it('a free character is checked against its glyph and ends the entry', () => {
    let s = run(two(), [ok(), ok(300), { type: 'next' }]);
    expect(step(s, { type: 'freeChecked', score: 0.8 })).toBe(s); // nothing drawn yet
    s = run(s, [{ type: 'freeStroke', points: ink(200), at: 2000 }, { type: 'stroke', points: ink(1), at: 2000, verdict: 'accepted', score: 1, orders: [] }]);
    expect(s.freeInk).toHaveLength(1);
    expect(s.done).toBe(0);
    s = step(s, { type: 'freeChecked', score: 0.8 });
    expect(s.phase).toBe('finished');
    expect(s.message).toEqual({ key: 'writing.finished' });
    expect(s.tally.freeScores).toEqual([0.8]);
    expect(lastResult(s)?.score).toMatchObject({ overall: 0.8, order: null });
    expect(step(s, { type: 'undo' })).toBe(s);
  });

  it('grades from the first stroke to now', () => {
    const s = run(startWriting(['一'], [1], 3), [{ type: 'stroke', points: ink(100, 400), at: 10_400, verdict: 'accepted', score: 1, orders: [[0]] }]);
    expect(s.phase).toBe('finished');
    expect(s.startedAt).toBe(10_000);
    const g = grade(s, 11_000);
    expect(g.tally.durationMs).toBe(1000);
    expect(g.score).toBe(1);
    expect(g.rating).toBe(4);
  });

  it('a refused stroke names the stroke expected, for the canvas to flash', () => {
    const s = run(two(), [ok(), bad('wrong-shape')]);
    expect(s.feedback).toMatchObject({ kind: 'wrong', expected: 1 });
    expect(s.message).toEqual({ key: 'writing.wrongShape' });
    expect(run(two(), [bad('wrong-order')]).message).toEqual({ key: 'writing.wrongOrder', values: { n: 1 } });
  });
});
