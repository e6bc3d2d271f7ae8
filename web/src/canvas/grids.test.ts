import { describe, expect, it } from 'vitest';
import { BOX } from './constants';
import { gridSegments, gridTypeOf, letterLines, writtenRightToLeft } from './grids';

describe('grids', () => {
  it("uses the letter grid for ar, en, el, he, ru and the character grid for the rest (SPEC §1)", () => {
    for (const code of ['ar', 'en', 'el', 'he', 'ru', 'en-GB']) expect(gridTypeOf(code)).toBe('letter');
    for (const code of ['ko', 'ja', 'zh', 'zh-TW', 'fa']) expect(gridTypeOf(code)).toBe('character');
  });

  it('writes he and ar right to left', () => {
    expect(writtenRightToLeft('he')).toBe(true);
    expect(writtenRightToLeft('ar')).toBe(true);
    expect(writtenRightToLeft('en')).toBe(false);
  });

  it('draws four guide lines with a strong baseline, in order, inside the box', () => {
    for (const code of ['en', 'ar']) {
      const lines = letterLines(code);
      expect(lines.map((l) => l.name)).toEqual(['ascender', 'x-height', 'baseline', 'descender']);
      expect(lines.filter((l) => l.strong).map((l) => l.name)).toEqual(['baseline']);
      const ys = lines.map((l) => l.y);
      expect([...ys].sort((a, b) => a - b)).toEqual(ys);
      expect(ys.every((y) => y > 0 && y <= BOX)).toBe(true);
    }
  });

  it('draws a centre cross and both diagonals on the character grid', () => {
    const segs = gridSegments('character', 'ko');
    expect(segs).toHaveLength(4);
    expect(segs).toContainEqual(expect.objectContaining({ x1: BOX / 2, x2: BOX / 2 }));
    expect(segs).toContainEqual(expect.objectContaining({ y1: BOX / 2, y2: BOX / 2 }));
    expect(segs).toContainEqual(expect.objectContaining({ x1: 0, y1: 0, x2: BOX, y2: BOX }));
  });
});
