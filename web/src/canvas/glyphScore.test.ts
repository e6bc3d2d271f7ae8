import { describe, expect, it } from 'vitest';
import { centred, characterScore, dilate, freeCharacterScore, overlapScore } from './glyphScore';

const SIZE = 16;
function maskFrom(cells: [number, number][]): Uint8Array {
  const m = new Uint8Array(SIZE * SIZE);
  for (const [x, y] of cells) m[y * SIZE + x] = 1;
  return m;
}
const line = (y: number, x0: number, x1: number): [number, number][] => Array.from({ length: x1 - x0 + 1 }, (_, i) => [x0 + i, y]);

describe('glyph overlap', () => {
  it('scores the same shape 1 and disjoint shapes 0', () => {
    const bar = maskFrom(line(8, 2, 13));
    expect(overlapScore(bar, bar, SIZE, 0)).toBe(1);
    const far = maskFrom([[0, 0]]);
    expect(overlapScore(far, maskFrom([[15, 15]]), SIZE, 2)).toBe(0);
    expect(overlapScore(new Uint8Array(SIZE * SIZE), bar, SIZE)).toBe(0);
  });

  it('forgives a small offset but not a different shape', () => {
    const bar = maskFrom(line(8, 2, 13));
    const shifted = maskFrom(line(9, 3, 14));
    expect(overlapScore(shifted, bar, SIZE, 1)).toBe(1);
    const vertical = maskFrom(Array.from({ length: 12 }, (_, i) => [8, 2 + i] as [number, number]));
    expect(overlapScore(vertical, bar, SIZE, 1)).toBeLessThan(0.4);
  });

  it('dilates by a square neighbourhood and centres ink', () => {
    expect(dilate(maskFrom([[5, 5]]), SIZE, 1).reduce((a, b) => a + b, 0)).toBe(9);
    const corner = centred(maskFrom([[0, 0], [1, 0]]), SIZE);
    expect([corner[8 * SIZE + 7], corner[8 * SIZE + 8]]).toEqual([1, 1]);
  });
});

describe('characterScore', () => {
  const clean = { score: 0.9, wrongShape: 0, wrongOrder: 0, backwards: 0, hinted: false };
  it.each([
    { name: 'clean strokes', log: [clean, clean], overall: 0.94, shape: 0.9, order: 1, direction: 1, wrong: [] },
    { name: 'one wrong shape', log: [clean, { ...clean, wrongShape: 1 }], overall: 0.865, shape: 0.775, order: 1, direction: 1, wrong: [1] },
    { name: 'a later stroke first', log: [{ ...clean, wrongOrder: 1 }, clean], overall: 0.84, shape: 0.9, order: 0.5, direction: 1, wrong: [0] },
    { name: 'drawn backwards once', log: [clean, { ...clean, backwards: 2 }], overall: 0.84, shape: 0.9, order: 1, direction: 0.5, wrong: [1] },
    { name: 'hinted stroke', log: [{ ...clean, hinted: true }, clean], overall: 0.82, shape: 0.7, order: 1, direction: 1, wrong: [0] },
    { name: 'misses never below zero', log: [{ ...clean, wrongShape: 9 }], overall: 0.4, shape: 0, order: 1, direction: 1, wrong: [0] },
  ])('$name', ({ log, overall, shape, order, direction, wrong }) => {
    const s = characterScore(log);
    expect(s.overall).toBeCloseTo(overall, 3);
    expect(s.shape).toBeCloseTo(shape, 3);
    expect(s.order).toBe(order);
    expect(s.direction).toBe(direction);
    expect(s.wrong).toEqual(wrong);
  });
  it('free writing is scored by its overlap alone', () => {
    expect(freeCharacterScore(0.734)).toEqual({ shape: 0.734, order: null, direction: null, overall: 0.734, wrong: [] });
  });
});
