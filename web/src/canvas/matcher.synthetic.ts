// Synthetic strokes for the matcher's tests and benchmark, never imported by the app: seeded randomness, a smooth hand-like warp, scaling about the character's centre, pointer-like resampling, and the tolerance set (wobbly correct strokes, reversed ones, the next stroke drawn early) with Hanzi Writer's matcher to compare.
import { seededRandom } from '../study/quiz';
import { isDot, judgeStroke, type Point, type StrokeData } from './matcher';

export type Median = readonly (readonly [number, number])[];

/** mulberry32, the quiz's seeded generator: every run draws the same strokes. */
export const seeded = seededRandom;

/** The centre of the bounding box of all medians. */
export function centre(strokes: readonly StrokeData[]): Point {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const s of strokes) {
    for (const [x, y] of s.median) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
}

/** The median as drawn input: a point every `spacing` box units, like pointer events. */
export function densify(median: Median, spacing = 12): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < median.length; i++) {
    const [x, y] = median[i]!;
    const next = median[i + 1];
    out.push({ x, y });
    if (!next) break;
    const steps = Math.floor(Math.hypot(next[0] - x, next[1] - y) / spacing);
    for (let k = 1; k < steps; k++) out.push({ x: x + ((next[0] - x) * k) / steps, y: y + ((next[1] - y) * k) / steps });
  }
  return out;
}

/** How one imagined learner distorts a whole character. */
export interface Distortion {
  centre: Point;
  scale: number;
  /** Smooth warp: amplitude (box units) and the phase and frequency of each axis' sine. */
  warp: number;
  fx: number;
  fy: number;
  px: number;
  py: number;
  /** Per-point noise amplitude (box units). */
  noise: number;
}

/**
 * A random distortion of up to `jitter` of the box per axis (5/6 as a smooth warp of the plane, 1/6
 * as per-point noise: a hand wobbles smoothly, pointer noise is small) and a scale in
 * [scaleMin, scaleMax] about the character's centre.
 */
export function randomDistortion(
  rand: () => number,
  strokes: readonly StrokeData[],
  { jitter = 0.03, scaleMin = 0.8, scaleMax = 1.2 } = {},
): Distortion {
  return {
    centre: centre(strokes),
    scale: scaleMin + rand() * (scaleMax - scaleMin),
    warp: (jitter * 1024 * 5) / 6,
    fx: 0.5 + rand(),
    fy: 0.5 + rand(),
    px: rand() * 2 * Math.PI,
    py: rand() * 2 * Math.PI,
    noise: (jitter * 1024) / 6,
  };
}

export function distort(points: readonly Point[], d: Distortion, rand: () => number): Point[] {
  return points.map(({ x, y }) => {
    const wx = x + d.warp * Math.sin((2 * Math.PI * d.fx * y) / 1024 + d.px) + d.noise * (2 * rand() - 1);
    const wy = y + d.warp * Math.sin((2 * Math.PI * d.fy * x) / 1024 + d.py) + d.noise * (2 * rand() - 1);
    return { x: d.centre.x + d.scale * (wx - d.centre.x), y: d.centre.y + d.scale * (wy - d.centre.y) };
  });
}

/** Largest distance between corresponding points of two medians resampled alike: near-duplicates are small. */
export function medianGap(a: Median, b: Median, n = 17): number {
  const pa = along(a, n);
  const pb = along(b, n);
  let gap = 0;
  for (let i = 0; i < n; i++) gap = Math.max(gap, Math.hypot(pa[i]!.x - pb[i]!.x, pa[i]!.y - pb[i]!.y));
  return gap;
}

function along(m: Median, n: number): Point[] {
  const lens = [0];
  for (let i = 1; i < m.length; i++) lens.push(lens[i - 1]! + Math.hypot(m[i]![0] - m[i - 1]![0], m[i]![1] - m[i - 1]![1]));
  const total = lens[lens.length - 1]!;
  const out: Point[] = [];
  let seg = 1;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / (n - 1);
    while (seg < m.length - 1 && lens[seg]! < target) seg++;
    const a = m[Math.max(0, seg - 1)]!;
    const b = m[Math.min(seg, m.length - 1)]!;
    const span = lens[seg]! - lens[seg - 1]! || 1;
    const t = m.length < 2 ? 0 : Math.min(1, Math.max(0, (target - lens[seg - 1]!) / span));
    out.push({ x: a[0] + t * (b[0] - a[0]), y: a[1] + t * (b[1] - a[1]) });
  }
  return out;
}

/** Hanzi Writer's stroke as its matcher reads it (y up: y' = 900 − y in the 1024 box). */
export interface HanziWriterMatcher {
  /** `strokeMatches` of hanzi-writer's bundle: not exported, so lifted out of its CommonJS build. */
  strokeMatches(
    userStroke: { points: Point[] },
    character: unknown,
    strokeNum: number,
    options?: { leniency?: number; isOutlineVisible?: boolean; averageDistanceThreshold?: number },
  ): { isMatch: boolean; meta: { isStrokeBackwards: boolean } };
  parseCharData(symbol: string, data: { strokes: string[]; medians: number[][][] }): unknown;
}

/**
 * Loads Hanzi Writer's matcher from the `hanzi-writer` devDependency's CommonJS bundle, with an
 * export of its internal `strokeMatches` and `parseCharData` appended (for the reference tests and
 * the benchmark only). `source` is the text of dist/index.cjs.js.
 */
export function hanziWriterMatcher(source: string): HanziWriterMatcher {
  const module = { exports: {} as unknown };
  // The bundle is plain CommonJS with no require() calls; running it in a function scope keeps its
  // internals local while the appended line hands out the two functions.
  const run = new Function('module', 'exports', `${source}\nmodule.exports = { strokeMatches, parseCharData };`) as (
    m: { exports: unknown },
    e: unknown,
  ) => void;
  run(module, module.exports);
  return module.exports as HanziWriterMatcher;
}

/** Our stroke (y down) as Hanzi Writer's user stroke (y up). */
export function toHanziWriter(points: readonly Point[]): { points: Point[] } {
  return { points: points.map(({ x, y }) => ({ x, y: 900 - y })) };
}

/** How one imagined learner writes one character with a finger on a phone. */
export interface Hand {
  centre: Point;
  /** Size about the character's centre, and where the whole character lands (box units). */
  scale: number;
  dx: number;
  dy: number;
  /** Smooth drift of the plane: amplitude (box units), frequency and phase of each axis' sine. */
  drift: number;
  fx: number;
  fy: number;
  px: number;
  py: number;
  /** Per-point wobble: each pointer event lands up to this far off on each axis (box units). */
  noise: number;
}

export interface HandOptions {
  /** Per-point wobble, as a fraction of the box (0.03: up to ±31 box units a point on each axis). */
  noise: number;
  /** Smooth drift amplitude, a fraction of the box. */
  drift?: number;
  scaleMin?: number;
  scaleMax?: number;
  /** Largest shift of the whole character on each axis, a fraction of the box. */
  shift?: number;
}

/** A random hand: placement, size and drift fixed for the character, wobble drawn per point. */
export function randomHand(
  rand: () => number,
  strokes: readonly StrokeData[],
  { noise, drift = 0.02, scaleMin = 0.85, scaleMax = 1.15, shift = 0.04 }: HandOptions,
): Hand {
  return {
    centre: centre(strokes),
    scale: scaleMin + rand() * (scaleMax - scaleMin),
    dx: (2 * rand() - 1) * shift * 1024,
    dy: (2 * rand() - 1) * shift * 1024,
    drift: drift * 1024,
    fx: 0.5 + rand(),
    fy: 0.5 + rand(),
    px: rand() * 2 * Math.PI,
    py: rand() * 2 * Math.PI,
    noise: noise * 1024,
  };
}

/** `points` (pointer events along the intended path) as `hand` writes them. */
export function write(points: readonly Point[], hand: Hand, rand: () => number): Point[] {
  return points.map(({ x, y }) => {
    const wx = x + hand.drift * Math.sin((2 * Math.PI * hand.fx * y) / 1024 + hand.px) + hand.noise * (2 * rand() - 1);
    const wy = y + hand.drift * Math.sin((2 * Math.PI * hand.fy * x) / 1024 + hand.py) + hand.noise * (2 * rand() - 1);
    return {
      x: hand.centre.x + hand.dx + hand.scale * (wx - hand.centre.x),
      y: hand.centre.y + hand.dy + hand.scale * (wy - hand.centre.y),
    };
  });
}

/** Two strokes this close everywhere are the same stroke as far as a learner's hand can tell. */
export const NEAR_DUPLICATE = 100;

export type ToleranceKind = 'correct' | 'reversed' | 'out of order' | 'another stroke';
export const TOLERANCE_KINDS: readonly ToleranceKind[] = ['correct', 'reversed', 'out of order', 'another stroke'];

/**
 * One stroke of the tolerance set: `points` drawn when stroke `index` of `strokes` is due. correct:
 * that stroke by a wobbly hand; reversed: the same from its end (dots, which have no direction,
 * left out); out of order: the next stroke instead, by the same hand (left out when it is a
 * near-duplicate of the due one, which no matcher can tell apart); another stroke: any other stroke
 * of the character, earlier or later, picked at random (near-duplicates left out). `before`: the hand's correct
 * strokes 0..index-1, as the writing page passes them (`drawnSoFar`).
 */
export interface ToleranceCase {
  kind: ToleranceKind;
  character: number;
  index: number;
  points: Point[];
  before: Point[][];
}

/**
 * The tolerance set on `characters` for one wobble level: every stroke (or, with `strokesPerCharacter`,
 * that many spread from the first to the last) as a correct, a reversed and an out-of-order stroke.
 */
export function toleranceSet(
  characters: readonly (readonly StrokeData[])[],
  rand: () => number,
  hand: HandOptions,
  strokesPerCharacter = Infinity,
): ToleranceCase[] {
  const out: ToleranceCase[] = [];
  characters.forEach((strokes, character) => {
    const h = randomHand(rand, strokes, hand);
    const correct = strokes.map((s) => write(densify(s.median), h, rand));
    const picked = pickStrokes(strokes.length, strokesPerCharacter);
    strokes.forEach((s, index) => {
      if (!picked.has(index)) return;
      const before = correct.slice(0, index);
      out.push({ kind: 'correct', character, index, points: correct[index]!, before });
      if (!isDot(s)) out.push({ kind: 'reversed', character, index, points: write(densify(s.median).reverse(), h, rand), before });
      const next = strokes[index + 1];
      if (next && medianGap(next.median, s.median) >= NEAR_DUPLICATE) {
        out.push({ kind: 'out of order', character, index, points: write(densify(next.median), h, rand), before });
      }
      const others = strokes.filter((o, j) => j !== index && medianGap(o.median, s.median) >= NEAR_DUPLICATE);
      const other = others[Math.floor(rand() * others.length)];
      if (other) out.push({ kind: 'another stroke', character, index, points: write(densify(other.median), h, rand), before });
    });
  });
  return out;
}

/** `k` stroke indices spread evenly from the first to the last (all when the character has no more). */
export function pickStrokes(count: number, k: number): Set<number> {
  if (count <= k) return new Set(Array.from({ length: count }, (_v, i) => i));
  return new Set(Array.from({ length: k }, (_v, j) => Math.round((j * (count - 1)) / (k - 1))));
}

/** Medians in our frame (y down) as Hanzi Writer's character data (y up: y' = 900 − y). */
export function toHanziWriterData(strokes: readonly StrokeData[]): { strokes: string[]; medians: number[][][] } {
  return { strokes: strokes.map(() => ''), medians: strokes.map((s) => s.median.map(([x, y]) => [x, 900 - y])) };
}

/** Per-point wobble levels of the tolerance figures, a fraction of the box: 0 (drift, scale and shift only) to 5%. */
export const WOBBLE_LEVELS = [0, 0.01, 0.02, 0.03, 0.04, 0.05];

/** Accepted strokes of one kind at one level: ours alone (as Hanzi Writer judges), ours in context (with the strokes before, as the writing page judges), and Hanzi Writer's. */
export interface ToleranceCount {
  n: number;
  ours: number;
  context: number;
  theirs: number;
}

/** Per group of characters, per wobble level, per kind. */
export type ToleranceFigures = Map<string, Map<number, Map<ToleranceKind, ToleranceCount>>>;

/**
 * Runs our matcher and Hanzi Writer's (its quiz defaults: outline shown, leniency 1) over the
 * tolerance set of every group at every level (seeded per level), `strokesPerCharacter` strokes a character.
 */
export function toleranceFigures(
  groups: readonly (readonly [string, readonly (readonly StrokeData[])[]])[],
  hw: HanziWriterMatcher,
  strokesPerCharacter: number,
  levels: readonly number[] = WOBBLE_LEVELS,
): ToleranceFigures {
  const figures: ToleranceFigures = new Map();
  for (const [group, list] of groups) {
    const hwChars = list.map((strokes, i) => hw.parseCharData(String(i), toHanziWriterData(strokes)));
    const byLevel = new Map<number, Map<ToleranceKind, ToleranceCount>>();
    figures.set(group, byLevel);
    levels.forEach((noise, l) => {
      const counts = new Map(TOLERANCE_KINDS.map((k) => [k, { n: 0, ours: 0, context: 0, theirs: 0 }]));
      byLevel.set(noise, counts);
      for (const c of toleranceSet(list, seeded(2500 + l), { noise }, strokesPerCharacter)) {
        const strokes = list[c.character]!;
        const t = counts.get(c.kind)!;
        t.n++;
        if (judgeStroke(c.points, strokes, c.index).verdict === 'accepted') t.ours++;
        if (judgeStroke(c.points, strokes, c.index, { drawnSoFar: c.before }).verdict === 'accepted') t.context++;
        if (hw.strokeMatches(toHanziWriter(c.points), hwChars[c.character], c.index, { isOutlineVisible: true }).isMatch) t.theirs++;
      }
    });
  }
  return figures;
}

/** The figures as lines: correct strokes accepted, wrong ones refused; ours alone / ours in context / Hanzi Writer's. */
export function formatToleranceFigures(figures: ToleranceFigures): string {
  const pct = (k: number, n: number) => (n === 0 ? '—' : `${((100 * k) / n).toFixed(1)}%`);
  const lines = ['tolerance set: correct strokes accepted, wrong ones refused; ours alone / ours in context / Hanzi Writer'];
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
