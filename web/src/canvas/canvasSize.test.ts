import { describe, expect, it } from 'vitest';
import { canvasSize } from './canvasSize';

describe('canvas size', () => {
  it.each([
    // A phone in portrait: the width decides (390 less the page's padding).
    { name: 'phone, width-bound', width: 366, side: 0, top: 180, viewportHeight: 844, below: 150, want: 366 },
    // A desktop at 1280×800: the height left under the header decides.
    { name: 'desktop, height-bound', width: 1168, side: 324, top: 330, viewportHeight: 800, below: 60, want: 410 },
    { name: 'never above max', width: 1900, side: 324, top: 100, viewportHeight: 1400, below: 60, want: 640 },
    { name: 'never below min', width: 300, side: 0, top: 500, viewportHeight: 600, below: 150, want: 200 },
    { name: 'whole pixels', width: 333.7, side: 0, top: 0, viewportHeight: 2000, below: 0, want: 333 },
  ])('$name', ({ want, ...room }) => {
    expect(canvasSize({ ...room, min: 200, max: 640 })).toBe(want);
  });
});
