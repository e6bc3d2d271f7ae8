import { describe, expect, it } from 'vitest';
import { inkWidth, polylineLength, pressureOf, strokeStart, toBox, travelPx, VIEW_SIZE, type InkPoint } from './ink';

const pt = (x: number, y: number): InkPoint => ({ x, y, pressure: 0.5, t: 0 });

describe('ink', () => {
  it('maps client positions into the 1024 box, with its margins, whatever the element size', () => {
    // 1152 box units (1024 and 64 each side) over 288 px: 4 units a pixel.
    expect(VIEW_SIZE).toBe(1152);
    const rect = { left: 100, top: 50, width: 288, height: 288 };
    expect(toBox(100, 50, rect)).toEqual({ x: -64, y: -64 });
    expect(toBox(116, 66, rect)).toEqual({ x: 0, y: 0 });
    expect(toBox(372, 322, rect)).toEqual({ x: 1024, y: 1024 });
    expect(toBox(244, 194, rect)).toEqual({ x: 512, y: 512 });
  });

  it('reads pen pressure, and gives mice and silent pens a middle pressure', () => {
    expect(pressureOf({ pointerType: 'pen', pressure: 0.9 })).toBe(0.9);
    expect(pressureOf({ pointerType: 'pen', pressure: 0 })).toBe(0.5);
    expect(pressureOf({ pointerType: 'mouse', pressure: 1 })).toBe(0.5);
    expect(inkWidth(1)).toBeGreaterThan(inkWidth(0));
  });

  it('tells taps from drags by the distance travelled in CSS pixels', () => {
    // 1024-box units to px on a 256 px canvas: a quarter.
    expect(travelPx([pt(100, 100), pt(108, 100)], 0.25)).toBe(2);
    expect(travelPx([pt(100, 100), pt(140, 130)], 0.25)).toBe(12.5);
    expect(travelPx([], 1)).toBe(0);
  });

  it('measures polylines', () => {
    expect(polylineLength([[0, 0], [3, 4], [3, 10]])).toBe(11);
  });

  it.each([
    { name: 'a long stroke: 150 units along it', median: [[100, 100], [100, 900]] as [number, number][], want: { x: 100, y: 100, tx: 100, ty: 250 } },
    { name: 'round a corner', median: [[100, 100], [200, 100], [200, 900]] as [number, number][], want: { x: 100, y: 100, tx: 200, ty: 150 } },
    { name: 'a short stroke: its end', median: [[500, 500], [560, 500]] as [number, number][], want: { x: 500, y: 500, tx: 560, ty: 500 } },
    { name: 'a dot', median: [[500, 500]] as [number, number][], want: { x: 500, y: 500, tx: 500, ty: 500 } },
  ])('shows where $name starts and goes', ({ median, want }) => {
    expect(strokeStart(median)).toEqual(want);
  });

  it('has no start for an empty stroke', () => {
    expect(strokeStart([])).toBeNull();
  });
});
