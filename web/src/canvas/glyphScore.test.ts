import { describe, expect, it } from 'vitest';
import { centred, dilate, overlapScore } from './glyphScore';

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
