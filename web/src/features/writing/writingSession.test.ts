import { describe, expect, it } from 'vitest';
import type { InkPoint } from '../../canvas/ink';
import { isFree, startWriting, step, type WritingEvent, type WritingState } from './writingSession';

const ink = (x: number, t = 100): InkPoint[] => [
  { x, y: 100, pressure: 0.5, t: 0 },
  { x, y: 900, pressure: 0.5, t },
];
const ok = (x = 100, at = 1000): WritingEvent => ({ type: 'stroke', points: ink(x), at, verdict: 'accepted', orders: [[0, 1]] });
const bad = (verdict: 'wrong-order' | 'backwards' | 'wrong-shape'): WritingEvent => ({ type: 'stroke', points: ink(500), at: 1000, verdict, orders: [[0, 1]] });
const run = (s: WritingState, events: readonly WritingEvent[]) => events.reduce(step, s);

/** 二: two strokes. */
const two = () => startWriting('二', 2, 3);

describe('writing one character', () => {
  it.each<{ name: string; events: WritingEvent[]; expect: Partial<WritingState> }>([
    { name: 'an accepted stroke counts', events: [ok()], expect: { phase: 'writing', done: 1, misses: 0 } },
    { name: 'the last stroke finishes it', events: [ok(), ok(300)], expect: { phase: 'done', done: 2, message: null } },
    { name: 'a refused stroke is a miss', events: [bad('wrong-shape')], expect: { done: 0, misses: 1, shown: null } },
    { name: 'three misses show the stroke whole', events: [bad('wrong-shape'), bad('wrong-order'), bad('backwards')], expect: { misses: 3, shown: 0 } },
    { name: 'undo takes back the last stroke', events: [ok(), { type: 'undo' }], expect: { done: 0, drawn: [], orders: null } },
    { name: 'clear takes back every stroke', events: [ok(), { type: 'clear' }], expect: { done: 0, drawn: [] } },
    { name: 'the hint shows the next stroke only', events: [ok(), { type: 'hint' }], expect: { nextHint: 1, shown: null } },
    { name: 'strokes after the end are ignored', events: [ok(), ok(300), ok(500)], expect: { phase: 'done', done: 2 } },
    { name: 'restart starts over', events: [ok(), ok(300), { type: 'restart' }], expect: { phase: 'writing', done: 0, result: null } },
  ])('$name', ({ events, expect: want }) => {
    expect(run(two(), events)).toMatchObject(want);
  });

  it.each<{ name: string; events: WritingEvent[]; outcomes: string[]; score: number; rating: number }>([
    { name: 'clean and quick', events: [ok(), ok(300, 2000)], outcomes: ['clean', 'clean'], score: 1, rating: 4 },
    // One wrong stroke then the right one: one score, one rating, the stroke corrected (not wrong).
    { name: 'one wrong stroke then the right one', events: [bad('wrong-shape'), ok(), ok(300)], outcomes: ['corrected', 'clean'], score: 0.8, rating: 3 },
    { name: 'backwards then right', events: [ok(), bad('backwards'), ok(300)], outcomes: ['clean', 'corrected'], score: 0.9, rating: 3 },
    { name: 'asked where it starts', events: [{ type: 'hint' }, { type: 'hint' }, ok(), ok(300)], outcomes: ['hinted', 'clean'], score: 0.5, rating: 1 },
    {
      name: 'shown whole after three misses',
      events: [bad('wrong-shape'), bad('wrong-shape'), bad('wrong-shape'), ok(), ok(300)],
      outcomes: ['shown', 'clean'],
      score: 0,
      rating: 1,
    },
    { name: 'undo keeps the misses', events: [bad('wrong-order'), ok(), { type: 'undo' }, ok(), ok(300)], outcomes: ['corrected', 'clean'], score: 0.8, rating: 3 },
  ])('grades: $name', ({ events, outcomes, score, rating }) => {
    const s = run(two(), events);
    expect(s.phase).toBe('done');
    expect(s.result?.grade).toMatchObject({ outcomes, score, rating });
    expect(s.result?.ink).toHaveLength(2);
  });

  it('times the character from its first stroke to its last', () => {
    const s = run(startWriting('一', 1, 3), [{ type: 'stroke', points: ink(100, 400), at: 10_400, verdict: 'accepted', orders: [[0]] }]);
    expect(s.startedAt).toBe(10_000);
    expect(s.result?.grade.durationMs).toBe(400);
  });

  it('a free character is checked against its glyph', () => {
    let s = startWriting('x', 0, 3);
    expect(isFree(s)).toBe(true);
    expect(step(s, { type: 'freeChecked', score: 0.8, at: 3000 })).toBe(s); // nothing drawn yet
    s = run(s, [{ type: 'freeStroke', points: ink(200), at: 2000 }, ok()]);
    expect(s.freeInk).toHaveLength(1);
    expect(s.done).toBe(0);
    s = step(s, { type: 'freeChecked', score: 0.8, at: 3000 });
    expect(s.phase).toBe('done');
    expect(s.result?.grade).toMatchObject({ score: 0.8, rating: 3, outcomes: [] });
    expect(step(s, { type: 'undo' })).toBe(s);
  });

  it('a refused stroke names the stroke expected, for the canvas to flash', () => {
    const s = run(two(), [ok(), bad('wrong-shape')]);
    expect(s.feedback).toMatchObject({ kind: 'wrong', expected: 1 });
    expect(s.message).toEqual({ key: 'writing.wrongShape' });
    expect(run(two(), [bad('wrong-order')]).message).toEqual({ key: 'writing.wrongOrder', values: { n: 1 } });
    expect(run(two(), [ok()]).message).toEqual({ key: 'writing.strokeOk', values: { n: 1, total: 2 } });
  });
});
