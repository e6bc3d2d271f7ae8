// The matcher's tolerance set (issue 25, item 5): wobbly correct strokes (per-point wobble of 0–5% of
// the box, smooth drift, scale, shift) must be accepted at least as often as Hanzi Writer's matcher
// accepts the same strokes (within 2 points), while reversed strokes and the next stroke drawn early
// stay refused (≥ 99%). Chinese (hanzi-writer-data when tools/characters/fetch.sh has fetched it,
// else the zh starter set) and the letters of ru, en and the Korean jamo; figures printed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StrokeData } from './matcher';
import { formatToleranceFigures, hanziWriterMatcher, toleranceFigures } from './matcher.synthetic';

const root = join(__dirname, '..', '..', '..');
const fullDir = join(root, 'tools', 'characters', 'node_modules', 'hanzi-writer-data');
const starterDir = join(root, 'data', 'starter', 'characters');
/** Chinese characters taken from hanzi-writer-data (spread evenly), and strokes judged per character (Hanzi Writer takes ~1 ms a stroke). */
const CHINESE = 200;
const STROKES_PER_CHARACTER = 4;

const readStarter = (name: string) =>
  (JSON.parse(readFileSync(join(starterDir, `${name}.json`), 'utf8')) as { characters: { strokes: StrokeData[] }[] }).characters.map(
    (c) => c.strokes.map((s) => ({ median: s.median })),
  );

function chinese(): { source: string; list: StrokeData[][] } {
  if (existsSync(fullDir) && !process.env.MATCHER_REFERENCE_STARTER) {
    const files = readdirSync(fullDir)
      .filter((f) => /^[\u4e00-\u9fff]\.json$/u.test(f))
      .sort();
    const step = Math.max(1, Math.floor(files.length / CHINESE));
    const list = files
      .filter((_f, i) => i % step === 0)
      .slice(0, CHINESE)
      .map((f) =>
        (JSON.parse(readFileSync(join(fullDir, f), 'utf8')) as { medians: number[][][] }).medians.map((m) => ({
          median: m.map(([x, y]) => [x!, 900 - y!] as [number, number]),
        })),
      );
    return { source: `${list.length} hanzi-writer-data ideographs`, list };
  }
  return { source: 'the zh starter set (hanzi-writer-data not fetched)', list: readStarter('zh-starter') };
}

describe('the matcher on its tolerance set', () => {
  it('forgives a wobbly hand as Hanzi Writer does and refuses reversed and out-of-order strokes', () => {
    const require = createRequire(import.meta.url);
    const hw = hanziWriterMatcher(readFileSync(require.resolve('hanzi-writer/dist/index.cjs.js'), 'utf8'));
    const zh = chinese();
    const figures = toleranceFigures(
      [
        [`Chinese: ${zh.source}`, zh.list],
        ['letters: ru, en, Korean jamo starter sets', [...readStarter('ru'), ...readStarter('en'), ...readStarter('ko-jamo')]],
      ],
      hw,
      STROKES_PER_CHARACTER,
    );
    console.log(formatToleranceFigures(figures));
    for (const [group, byLevel] of figures) {
      for (const [noise, counts] of byLevel) {
        const at = `${group}, wobble ${noise * 100}%`;
        const correct = counts.get('correct')!;
        const theirs = correct.theirs / correct.n;
        expect(correct.ours / correct.n, `${at}: correct accepted alone`).toBeGreaterThanOrEqual(theirs - 0.02);
        expect(correct.context / correct.n, `${at}: correct accepted in context`).toBeGreaterThanOrEqual(theirs - 0.02);
        for (const kind of ['reversed', 'out of order'] as const) {
          const t = counts.get(kind)!;
          expect(1 - t.ours / t.n, `${at}: ${kind} refused alone`).toBeGreaterThanOrEqual(0.99);
          expect(1 - t.context / t.n, `${at}: ${kind} refused in context`).toBeGreaterThanOrEqual(0.99);
        }
        // Any other stroke of the character: refused as often as Hanzi Writer refuses it, or more.
        const other = counts.get('another stroke')!;
        expect(other.ours, `${at}: another stroke accepted alone`).toBeLessThanOrEqual(other.theirs + 0.02 * other.n);
      }
    }
  }, 300_000);
});
