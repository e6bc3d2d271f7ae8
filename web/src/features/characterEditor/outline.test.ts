import { describe, expect, it } from 'vitest';
import { medianFrom, moveStroke, outlineFromMedian, parseOrder, reversed, simplify, strokeFromPoints } from './outline';

describe('stroke editor geometry', () => {
  it('simplifies a straight drawn line to its ends and keeps corners', () => {
    const line = Array.from({ length: 50 }, (_, i) => [100 + i * 10, 300 + (i % 2)] as const);
    expect(simplify(line)).toEqual([[100, 300], [590, 301]]);
    const corner = [[100, 100], [300, 100], [500, 100], [500, 300], [500, 500]] as const;
    expect(simplify(corner)).toEqual([[100, 100], [500, 100], [500, 500]]);
  });

  it('makes integer medians inside the box, and a dot of a tap', () => {
    expect(medianFrom([{ x: -20.4, y: 10.6 }, { x: 2000, y: 500.2 }])).toEqual([[0, 11], [1024, 500]]);
    expect(medianFrom([{ x: 40, y: 40 }])).toEqual([[40, 40], [41, 40]]);
  });

  it('outlines a median as a closed path around it', () => {
    const d = outlineFromMedian([[100, 500], [900, 500]], 60);
    expect(d.startsWith('M') && d.endsWith('Z')).toBe(true);
    const ys = [...d.matchAll(/(-?\d+) (-?\d+)/g)].map((m) => Number(m[2]));
    expect(Math.min(...ys)).toBe(470);
    expect(Math.max(...ys)).toBe(530);
    const xs = [...d.matchAll(/(-?\d+) (-?\d+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...xs)).toBeLessThan(100); // round caps reach past the ends
    expect(Math.max(...xs)).toBeGreaterThan(900);
  });

  it('reverses, reorders and reads typed orders', () => {
    const s = strokeFromPoints([{ x: 100, y: 100 }, { x: 900, y: 100 }]);
    expect(reversed(s).median).toEqual([[900, 100], [100, 100]]);
    expect(reversed(s).path).toBe(s.path);
    expect(moveStroke(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(parseOrder('2, 1 3', 3)).toEqual([1, 0, 2]);
    expect(parseOrder('1,1,2', 3)).toBeNull();
    expect(parseOrder('1,2', 3)).toBeNull();
  });
});
