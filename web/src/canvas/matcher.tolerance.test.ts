// The matcher's tolerance set (issue 25, item 5): wobbly correct strokes (per-point wobble of 0–5% of
// the box, smooth drift, scale, shift) must be accepted at least as often as Hanzi Writer's matcher
// accepts the same strokes (within 2 points), while reversed strokes and the next stroke drawn early
// stay refused (≥ 99%). Chinese (hanzi-writer-data when tools/characters/fetch.sh has fetched it,
// else the zh starter set) and the letters of ru, en and the Korean jamo; figures printed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeStroke, type StrokeData } from './matcher';
import {
  hanziWriterMatcher,
  seeded,
  toHanziWriter,
  toHanziWriterData,
  toleranceSet,
  TOLERANCE_KINDS,
  type ToleranceKind,
} from './matcher.synthetic';

const root = join(__dirname, '..', '..', '..');
const fullDir = join(root, 'tools', 'characters', 'node_modules', 'hanzi-writer-data');
const starterDir = join(root, 'data', 'starter', 'characters');
/** Chinese characters taken from hanzi-writer-data (spread evenly), and strokes judged per character (Hanzi Writer takes ~1 ms a stroke). */
const CHINESE = 200;
const STROKES_PER_CHARACTER = 4;
/** Per-point wobble, a fraction of the box: 0 (drift, scale and shift only) to 5%. */
const LEVELS = [0, 0.01, 0.02, 0.03, 0.04, 0.05];

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

interface Count {
  n: number;
  /** Accepted: alone (as Hanzi Writer judges), in context (with the strokes before, as the writing page does), and by Hanzi Writer. */
  ours: number;
  context: number;
  theirs: number;
}

type Figures = Map<string, Map<number, Map<ToleranceKind, Count>>>;

const pct = (k: number, n: number) => (n === 0 ? '—' : `${((100 * k) / n).toFixed(1)}%`);

/** Runs both matchers over the tolerance set of every group and level. */
function measure(groups: [string, StrokeData[][]][]): Figures {
  const require = createRequire(import.meta.url);
  const hw = hanziWriterMatcher(readFileSync(require.resolve('hanzi-writer/dist/index.cjs.js'), 'utf8'));
  const figures: Figures = new Map();
  for (const [group, list] of groups) {
    const hwChars = list.map((strokes, i) => hw.parseCharData(String(i), toHanziWriterData(strokes)));
    const byLevel = new Map<number, Map<ToleranceKind, Count>>();
    figures.set(group, byLevel);
    LEVELS.forEach((noise, l) => {
      const counts = new Map(TOLERANCE_KINDS.map((k) => [k, { n: 0, ours: 0, context: 0, theirs: 0 }]));
      byLevel.set(noise, counts);
      for (const c of toleranceSet(list, seeded(2500 + l), { noise }, STROKES_PER_CHARACTER)) {
        const strokes = list[c.character]!;
        const t = counts.get(c.kind)!;
        t.n++;
        if (judgeStroke(c.points, strokes, c.index).verdict === 'accepted') t.ours++;
        if (judgeStroke(c.points, strokes, c.index, { drawnSoFar: c.before }).verdict === 'accepted') t.context++;
        // Hanzi Writer's quiz defaults: outline shown, leniency 1.
        if (hw.strokeMatches(toHanziWriter(c.points), hwChars[c.character], c.index, { isOutlineVisible: true }).isMatch) t.theirs++;
      }
    });
  }
  return figures;
}

function report(figures: Figures): string {
  const lines = ['matcher tolerance set: accepted (correct) or refused (wrong strokes), ours alone / ours in context / Hanzi Writer 3.7.3'];
  for (const [group, byLevel] of figures) {
    lines.push(`  ${group}`);
    for (const [noise, counts] of byLevel) {
      const cells = [...counts].map(([kind, t]) => {
        const f = kind === 'correct' ? (k: number) => pct(k, t.n) : (k: number) => pct(t.n - k, t.n);
        return `${kind} ${f(t.ours)}/${f(t.context)}/${f(t.theirs)} (n ${t.n})`;
      });
      lines.push(`    wobble ${(noise * 100).toFixed(0)}%: ${cells.join('; ')}`);
    }
  }
  return lines.join('\n');
}

describe('the matcher on its tolerance set', () => {
  it('forgives a wobbly hand as Hanzi Writer does and refuses reversed and out-of-order strokes', () => {
    const zh = chinese();
    const groups: [string, StrokeData[][]][] = [
      [`Chinese: ${zh.source}`, zh.list],
      ['letters: ru, en, Korean jamo starter sets', [...readStarter('ru'), ...readStarter('en'), ...readStarter('ko-jamo')]],
    ];
    const figures = measure(groups);
    console.log(report(figures));
    for (const [group, byLevel] of figures) {
      for (const [noise, counts] of byLevel) {
        const at = `${group}, wobble ${noise * 100}%`;
        const correct = counts.get('correct')!;
        expect(correct.ours / correct.n, `${at}: correct accepted alone`).toBeGreaterThanOrEqual(correct.theirs / correct.n - 0.02);
        expect(correct.context / correct.n, `${at}: correct accepted in context`).toBeGreaterThanOrEqual(correct.theirs / correct.n - 0.02);
        for (const kind of ['reversed', 'out of order'] as const) {
          const t = counts.get(kind)!;
          expect(1 - t.ours / t.n, `${at}: ${kind} refused alone`).toBeGreaterThanOrEqual(0.99);
          expect(1 - t.context / t.n, `${at}: ${kind} refused in context`).toBeGreaterThanOrEqual(0.99);
        }
      }
    }
  }, 300_000);
});
