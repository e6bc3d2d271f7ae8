// The matcher against Hanzi Writer's (the bar on Chinese, hanzi-writer devDependency, never shipped): the same synthetic strokes (exact, jittered and scaled, reversed, the next or the previous stroke; up to 5 strokes a character) on ~300 characters of hanzi-writer-data, verdicts compared; the agreement is printed and must reach 90%.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeStroke, type Point, type StrokeData } from './matcher';
import { densify, distort, hanziWriterMatcher, randomDistortion, seeded, toHanziWriter } from './matcher.synthetic';

interface HanziData {
  symbol: string;
  strokes: string[];
  /** y up, as hanzi-writer-data stores them. */
  medians: number[][][];
}

const root = join(__dirname, '..', '..', '..');
const fullDir = join(root, 'tools', 'characters', 'node_modules', 'hanzi-writer-data');
const CHARACTERS = 300;

/**
 * ~300 characters spread evenly over hanzi-writer-data's CJK ideographs when tools/characters/fetch.sh
 * has fetched it; else the 44 of the zh starter set (converted back to y up), each used thrice with
 * different distortions.
 */
function characters(): { source: string; list: HanziData[]; rounds: number } {
  if (existsSync(fullDir) && !process.env.MATCHER_REFERENCE_STARTER) {
    const files = readdirSync(fullDir)
      .filter((f) => /^[\u4e00-\u9fff]\.json$/u.test(f))
      .sort();
    const step = Math.max(1, Math.floor(files.length / CHARACTERS));
    const list = files
      .filter((_f, i) => i % step === 0)
      .slice(0, CHARACTERS)
      .map((f) => ({ symbol: f.slice(0, -5), ...(JSON.parse(readFileSync(join(fullDir, f), 'utf8')) as Omit<HanziData, 'symbol'>) }));
    return { source: `hanzi-writer-data (${list.length} of ${files.length} ideographs, every ${step}th)`, list, rounds: 1 };
  }
  const starter = JSON.parse(readFileSync(join(root, 'data', 'starter', 'characters', 'zh-starter.json'), 'utf8')) as {
    characters: { value: string; strokes: { path: string; median: [number, number][] }[] }[];
  };
  const list = starter.characters.map((c) => ({
    symbol: c.value,
    strokes: c.strokes.map((s) => s.path),
    medians: c.strokes.map((s) => s.median.map(([x, y]) => [x, 900 - y])),
  }));
  return { source: `zh-starter (${list.length} characters × 3 distortions; hanzi-writer-data not fetched)`, list, rounds: 3 };
}

const STROKES_PER_CHARACTER = 5;
/** Whether stroke i is one of STROKES_PER_CHARACTER spread evenly from the first to the last. */
const picked = (i: number, count: number) =>
  Array.from({ length: STROKES_PER_CHARACTER }, (_v, k) => Math.round((k * (count - 1)) / (STROKES_PER_CHARACTER - 1))).includes(i);

type Outcome = 'accepted' | 'backwards' | 'refused';
const KINDS = ['exact', 'jittered+scaled', 'reversed', 'next stroke', 'previous stroke'] as const;

describe("the matcher against Hanzi Writer's", () => {
  it('agrees on at least 90% of synthetic strokes on a few hundred Chinese characters', () => {
    const require = createRequire(import.meta.url);
    const hw = hanziWriterMatcher(readFileSync(require.resolve('hanzi-writer/dist/index.cjs.js'), 'utf8'));
    const { source, list, rounds } = characters();
    const rand = seeded(1234);
    const tally = new Map(KINDS.map((k) => [k, { n: 0, agree: 0, ours: 0, theirs: 0 }]));
    const disagreements = new Map<string, number>();

    for (let round = 0; round < rounds; round++) {
      for (const c of list) {
        const strokes: StrokeData[] = c.medians.map((m) => ({ median: m.map(([x, y]) => [x!, 900 - y!] as [number, number]) }));
        const hwChar = hw.parseCharData(c.symbol, { strokes: c.strokes, medians: c.medians });
        const d = randomDistortion(rand, strokes);
        strokes.forEach((s, i) => {
          // Up to STROKES_PER_CHARACTER strokes spread over the character: Hanzi Writer takes ~2 ms a stroke.
          if (strokes.length > STROKES_PER_CHARACTER && !picked(i, strokes.length)) return;
          const cases: [(typeof KINDS)[number], Point[]][] = [
            ['exact', densify(s.median)],
            ['jittered+scaled', distort(densify(s.median), d, rand)],
            ['reversed', densify(s.median).reverse()],
          ];
          if (strokes[i + 1]) cases.push(['next stroke', densify(strokes[i + 1]!.median)]);
          if (i > 0) cases.push(['previous stroke', densify(strokes[i - 1]!.median)]);
          for (const [kind, points] of cases) {
            const v = judgeStroke(points, strokes, i).verdict;
            const ours: Outcome = v === 'accepted' ? 'accepted' : v === 'backwards' ? 'backwards' : 'refused';
            // Hanzi Writer's quiz defaults: outline shown, leniency 1.
            const r = hw.strokeMatches(toHanziWriter(points), hwChar, i, { isOutlineVisible: true });
            const theirs: Outcome = r.isMatch ? 'accepted' : r.meta.isStrokeBackwards ? 'backwards' : 'refused';
            const t = tally.get(kind)!;
            t.n++;
            if (ours === theirs) t.agree++;
            else {
              const key = `${kind}: ours ${v}, Hanzi Writer ${theirs}`;
              disagreements.set(key, (disagreements.get(key) ?? 0) + 1);
            }
            if (ours === 'accepted') t.ours++;
            if (theirs === 'accepted') t.theirs++;
          }
        });
      }
    }

    let n = 0;
    let agree = 0;
    const lines = [`matcher vs Hanzi Writer 3.7.3 on ${source}:`];
    for (const [kind, t] of tally) {
      n += t.n;
      agree += t.agree;
      const rate = ((100 * t.agree) / t.n).toFixed(1);
      lines.push(`  ${kind.padEnd(16)} ${t.agree}/${t.n} agree (${rate}%); accepted: ours ${t.ours}, Hanzi Writer ${t.theirs}`);
    }
    lines.push(`  agreement ${agree}/${n} = ${((100 * agree) / n).toFixed(1)}% (classes: accepted, backwards, refused)`);
    for (const [what, count] of [...disagreements].sort((a, b) => b[1] - a[1])) lines.push(`  differ: ${what} × ${count}`);
    console.log(lines.join('\n'));

    expect(agree / n).toBeGreaterThanOrEqual(0.9);
    // Exact strokes: ours accepts every one; Hanzi Writer refuses a few of its own long straight
    // strokes (it measures only to median vertices, e.g. in 书 and 叫), so agreement is ≥ 98%.
    expect(tally.get('exact')!.ours).toBe(tally.get('exact')!.n);
    expect(tally.get('exact')!.agree / tally.get('exact')!.n).toBeGreaterThanOrEqual(0.98);
    expect(tally.get('reversed')!.agree / tally.get('reversed')!.n).toBeGreaterThanOrEqual(0.98);
  }, 300_000);
});
