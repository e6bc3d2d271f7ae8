import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOX } from './constants';
import { gridSegments, gridTypeOf, letterLines, writtenRightToLeft } from './grids';
import { inkWidth, VIEW_PAD } from './ink';

interface SetFile {
  characters: { value: string; strokes: { path: string; median: [number, number][] }[] }[];
}
const letterSet = (code: string) => JSON.parse(readFileSync(new URL(`../../../data/starter/characters/${code}.json`, import.meta.url), 'utf8')) as SetFile;

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

  it.each(['ar', 'en', 'el', 'he', 'ru'])('keeps every %s letter inside the square shown (tall capitals and descenders too)', (code) => {
    const lo = -VIEW_PAD;
    const hi = BOX + VIEW_PAD;
    const half = inkWidth(1) / 2;
    const outside: string[] = [];
    for (const c of letterSet(code).characters) {
      for (const s of c.strokes) {
        // Every coordinate of the outline (control points included, so the curve is within them)
        // and the ink along the median at its widest.
        const nums = (s.path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
        const inOutline = nums.every((v) => v >= lo && v <= hi);
        const inInk = s.median.every(([x, y]) => x - half >= lo && x + half <= hi && y - half >= lo && y + half <= hi);
        if (!inOutline || !inInk) outside.push(c.value);
      }
    }
    expect(outside).toEqual([]);
  });

  it('runs the guide lines across the margin', () => {
    for (const seg of gridSegments('letter', 'ru', VIEW_PAD)) expect([seg.x1, seg.x2]).toEqual([-VIEW_PAD, BOX + VIEW_PAD]);
  });
});
