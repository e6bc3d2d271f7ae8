// The stroke matcher on every script's real stroke data (data/starter/characters): exact, jittered and scaled medians accepted; reversed, swapped and out-of-order strokes caught; dots, leniency and the learner's frame.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeSyllable } from '../characters/hangul';
import { isDot, judgeStroke, type Point, type StrokeData } from './matcher';
import { densify, distort, medianGap, randomDistortion, seeded } from './matcher.synthetic';

interface CharacterData {
  value: string;
  strokes: StrokeData[];
}

const dir = join(__dirname, '..', '..', '..', 'data', 'starter', 'characters');
const readSet = (name: string) =>
  (JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as { characters: CharacterData[] }).characters;

const jamo = new Map(readSet('ko-jamo').map((c) => [c.value, c.strokes]));
// Every block layout: vertical, horizontal and combined vowels, with and without a final, double finals.
const SYLLABLES = ['가', '한', '글', '꽃', '읽', '뷁', '의', '왜', '흙', '쏘', '닭', '뭐'];
const composed: CharacterData[] = SYLLABLES.map((value) => {
  const strokes = composeSyllable(value, (j) => jamo.get(j) as never);
  if (!strokes) throw new Error(`cannot compose ${value}`);
  return { value, strokes };
});

const SETS: [string, CharacterData[]][] = [
  ...['ko-jamo', 'ja-kana', 'ja-starter', 'zh-starter', 'en', 'he', 'ru', 'el', 'ar'].map(
    (name) => [name, readSet(name)] as [string, CharacterData[]],
  ),
  ['ko syllables (composed)', composed],
];

const asDrawn = (s: StrokeData) => densify(s.median);
/** Two strokes this close everywhere are the same stroke as far as a learner's hand can tell. */
const NEAR_DUPLICATE = 100;

describe.each(SETS)('matcher on %s', (_name, characters) => {
  it('has characters to test', () => {
    expect(characters.length).toBeGreaterThan(10);
  });

  it('accepts every exact median, alone and after the strokes before it', () => {
    for (const c of characters) {
      const drawn = c.strokes.map(asDrawn);
      c.strokes.forEach((_s, i) => {
        expect(judgeStroke(drawn[i]!, c.strokes, i).verdict, `${c.value} #${i}`).toBe('accepted');
        const ctx = judgeStroke(drawn[i]!, c.strokes, i, { drawnSoFar: drawn.slice(0, i) });
        expect(ctx.verdict, `${c.value} #${i} in context`).toBe('accepted');
        expect(ctx.score).toBeGreaterThan(0.9);
      });
    }
  });

  it('accepts medians jittered by ±3% and scaled 0.8–1.2 about the centre', () => {
    const rand = seeded(20240607);
    let alone = 0;
    let total = 0;
    for (const c of characters) {
      const d = randomDistortion(rand, c.strokes);
      const drawn = c.strokes.map((s) => distort(asDrawn(s), d, rand));
      c.strokes.forEach((_s, i) => {
        // In context (the learner's own size and place taken out) every stroke must pass.
        const ctx = judgeStroke(drawn[i]!, c.strokes, i, { drawnSoFar: drawn.slice(0, i) });
        expect(ctx.verdict, `${c.value} #${i} scale ${d.scale.toFixed(2)}`).toBe('accepted');
        // Alone, a small stroke near the edge moved 20% towards a neighbour can pass for it.
        total++;
        if (judgeStroke(drawn[i]!, c.strokes, i).verdict === 'accepted') alone++;
      });
    }
    expect(alone / total).toBeGreaterThanOrEqual(0.97);
  });

  it('reports reversed strokes as backwards (dots have no direction)', () => {
    for (const c of characters) {
      c.strokes.forEach((s, i) => {
        const verdict = judgeStroke(asDrawn(s).reverse(), c.strokes, i).verdict;
        expect(verdict, `${c.value} #${i}`).toBe(isDot(s) ? 'accepted' : 'backwards');
      });
    }
  });

  it("refuses another stroke's median in place of the expected one", () => {
    for (const c of characters) {
      c.strokes.forEach((s, i) => {
        c.strokes.forEach((o, j) => {
          if (j === i || medianGap(o.median, s.median) < NEAR_DUPLICATE) return;
          expect(judgeStroke(asDrawn(o), c.strokes, i).verdict, `${c.value} #${i} drawn as #${j}`).not.toBe('accepted');
        });
      });
    }
  });

  it('reports a later stroke drawn early as wrong-order, naming it', () => {
    let checked = 0;
    for (const c of characters) {
      c.strokes.forEach((s, i) => {
        for (let j = i + 1; j < c.strokes.length; j++) {
          const o = c.strokes[j]!;
          if (medianGap(o.median, s.median) < NEAR_DUPLICATE) continue;
          const got = judgeStroke(asDrawn(o), c.strokes, i);
          // Strokes identical but for place (Arabic dots, 二's lines) may name either twin.
          const twin = c.strokes.findIndex((t, k) => k > i && medianGap(t.median, o.median) < 1e-9);
          expect(got.verdict, `${c.value} #${i} drawn as #${j}`).toBe('wrong-order');
          expect([j, twin]).toContain(got.matchedIndex);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('matcher details', () => {
  const ar = new Map(readSet('ar').map((c) => [c.value, c.strokes]));
  const en = new Map(readSet('en').map((c) => [c.value, c.strokes]));
  const ko = new Map(readSet('ko-jamo').map((c) => [c.value, c.strokes]));
  const zh = new Map(readSet('zh-starter').map((c) => [c.value, c.strokes]));
  const strokesOf = (m: Map<string, StrokeData[]>, v: string) => {
    const s = m.get(v);
    if (!s) throw new Error(`no ${v}`);
    return s;
  };
  const shift = (pts: Point[], dx: number, dy: number) => pts.map((p) => ({ x: p.x + dx, y: p.y + dy }));

  it('takes a tap or a small flick on a dot, in either direction, and only on that dot', () => {
    const ta = strokesOf(ar, 'ت'); // body, then two dots 120 apart
    const [x, y] = ta[1]!.median[0]!;
    expect(judgeStroke([{ x: x - 14, y: y + 14 }], ta, 1).verdict).toBe('accepted');
    expect(judgeStroke([{ x: x - 30, y: y + 40 }, { x: x - 5, y: y + 10 }], ta, 1).verdict).toBe('accepted');
    // The second dot drawn first: the learner is told the order, not that it is wrong.
    const other = ta[2]!.median[0]!;
    expect(judgeStroke([{ x: other[0] - 14, y: other[1] + 14 }], ta, 1)).toMatchObject({ verdict: 'wrong-order', matchedIndex: 2 });
    // A dot where the body is due: the dots come later.
    expect(judgeStroke([{ x: x - 14, y: y + 14 }], ta, 0)).toMatchObject({ verdict: 'wrong-order', matchedIndex: 1 });
    // A long line is not a dot.
    expect(judgeStroke([{ x: x - 200, y }, { x: x + 200, y }], ta, 1).verdict).toBe('wrong-shape');
  });

  it("judges the i's dot as a dot", () => {
    const i = strokesOf(en, 'i');
    expect(isDot(i[1]!)).toBe(true);
    expect(judgeStroke([{ x: 512, y: 150 }], i, 1).verdict).toBe('accepted');
    expect(judgeStroke([{ x: 512, y: 150 }], i, 0).verdict).toBe('wrong-order');
  });

  it('refuses a tap where a line is due', () => {
    const yi = strokesOf(zh, '一');
    expect(judgeStroke([{ x: 500, y: 470 }], yi, 0).verdict).toBe('wrong-shape');
  });

  it('catches a loop drawn the other way round', () => {
    const ieung = strokesOf(ko, 'ㅇ');
    expect(judgeStroke(asDrawn(ieung[0]!).reverse(), ieung, 0).verdict).toBe('backwards');
  });

  it('reports an earlier stroke drawn again as wrong-shape, naming it', () => {
    const san = strokesOf(zh, '三');
    expect(judgeStroke(asDrawn(san[0]!), san, 1)).toMatchObject({ verdict: 'wrong-shape', matchedIndex: 0 });
  });

  it('scales its tolerances with leniency', () => {
    const ga = strokesOf(ko, 'ㄱ');
    const off = shift(asDrawn(ga[0]!), 0, 190);
    expect(judgeStroke(off, ga, 0, { leniency: 0.5 }).verdict).toBe('wrong-shape');
    expect(judgeStroke(off, ga, 0, { leniency: 2 }).verdict).toBe('accepted');
  });

  it("takes the learner's own size and place into account when given the strokes so far", () => {
    const yong = strokesOf(zh, '我');
    // The whole character written at 55% in the top-left corner.
    const small = yong.map((s) => asDrawn(s).map((p) => ({ x: 40 + p.x * 0.55, y: 40 + p.y * 0.55 })));
    const alone = small.map((d, i) => judgeStroke(d, yong, i).verdict);
    expect(alone.filter((v) => v === 'accepted').length).toBeLessThan(yong.length);
    small.forEach((d, i) => {
      if (i === 0) return; // the first stroke has nothing to go by
      expect(judgeStroke(d, yong, i, { drawnSoFar: small.slice(0, i) }).verdict, `#${i}`).toBe('accepted');
    });
  });

  it('is deterministic, scores in 0..1, and rejects bad input', () => {
    const ga = strokesOf(ko, 'ㄱ');
    const d = shift(asDrawn(ga[0]!), 40, -30);
    const a = judgeStroke(d, ga, 0);
    expect(judgeStroke(d, ga, 0)).toEqual(a);
    expect(a.score).toBeGreaterThan(0);
    expect(a.score).toBeLessThan(1);
    expect(judgeStroke([], ga, 0)).toEqual({ verdict: 'wrong-shape', score: 0 });
    expect(() => judgeStroke(d, ga, 5)).toThrow(RangeError);
  });
});
