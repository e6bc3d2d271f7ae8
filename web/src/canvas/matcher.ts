// Judges one drawn stroke against a character's strokes (medians in the 1024 box, y down) for every script: both curves smoothed alike (a finger's wobble taken out), then place, direction, length and shape as Hanzi Writer's matcher does, plus order, backwards and dots; pure, dependency-free, allocation-light.
import { frechet, normalise, polylineLength, resample, reverse } from './geometry';

/** A point in the character's 1024 × 1024 box, y down (the drawing surface maps pointer events into it). */
export interface Point {
  x: number;
  y: number;
}

/** What the matcher needs of a stroke: its median polyline (the app's `Stroke` fits). */
export interface StrokeData {
  median: readonly (readonly [number, number])[];
}

/**
 * accepted: the expected stroke. wrong-order: a stroke of the character not yet written
 * (`matchedIndex`). backwards: the expected stroke drawn from its end. wrong-shape: anything else,
 * including a stroke already written drawn again.
 */
export type Verdict = 'accepted' | 'wrong-order' | 'backwards' | 'wrong-shape';

export interface StrokeJudgement {
  verdict: Verdict;
  /** wrong-order: the later stroke drawn instead; wrong-shape: an earlier stroke drawn again, when that is what it was. */
  matchedIndex?: number;
  /**
   * Closeness, 0..1 (1 = on it), to the stroke the verdict is about: the expected stroke (accepted,
   * wrong-shape), it reversed (backwards), the stroke matched (wrong-order). Independent of leniency.
   */
  score: number;
}

export interface MatchOptions {
  /**
   * Tolerance factor, 1 by default: the user's setting times the character's own. Scales every
   * distance and shape threshold (and loosens the length ratio); 0.5 is strict, 2 is loose.
   */
  leniency?: number;
  /**
   * The learner's strokes already accepted for strokes 0..index-1, in order. When given, the
   * learner's own placement and size (a translation and scale fitted to them) is taken out before
   * judging, so a character written a little small or off-centre is judged by its own shape.
   */
  drawnSoFar?: readonly (readonly Point[])[];
}

/** Points every stroke is resampled to (33 points, 32 equal segments). */
const N = 33;
/**
 * Before it is measured, every stroke (drawn and expected alike) is resampled to SMOOTH_POINTS
 * points along its length and smoothed with a Gaussian of SMOOTH_SIGMA points: a finger wobbles a
 * few percent of the box from one pointer event to the next, which doubles or triples a stroke's
 * length and bends its shape point by point, while the stroke the learner meant is the smooth
 * curve through the wobble. Both are smoothed alike, so corners round off equally.
 */
const SMOOTH_POINTS = 65;
const SMOOTH_SIGMA = 6.5;
const KERNEL = (() => {
  const half = Math.ceil(2 * SMOOTH_SIGMA);
  const w = Array.from({ length: 2 * half + 1 }, (_v, k) => Math.exp(-((k - half) ** 2) / (2 * SMOOTH_SIGMA ** 2)));
  const sum = w.reduce((a, b) => a + b, 0);
  return Float64Array.from(w, (v) => v / sum);
})();
/** Chords compared for direction (N − 1 divisible by it). */
const CHORDS = 8;
/** A median shorter than this or within a box of this diagonal (≈ 5% of the box: Arabic and Cyrillic dots, the i's dot; a short CJK dot still has a direction) is a dot: judged by place and size only. */
const DOT_LENGTH = 48;
/** The longest drawn stroke that still counts as a dot (a small flick), at leniency 1. */
const DOT_MAX_DRAWN = 220;
/** Start, end and mean point distance allowed: 250 (Hanzi Writer's start/end) for strokes from 400 long, less for short ones, whose neighbours are closer. */
const PLACE_TOLERANCE_MIN = 160;
const PLACE_TOLERANCE_MAX = 250;
const PLACE_TOLERANCE_FULL_AT = 400;
/** Hanzi Writer's: (drawn + 25) / (expected + 25) at least 0.35 / leniency. */
const LENGTH_SMOOTHING = 25;
const MIN_LENGTH_RATIO = 0.35;
/** Not in Hanzi Writer: a scribble much longer than the stroke is not it; 1 + 1.5 × leniency. */
const MAX_LENGTH_SLACK = 1.5;
/** Mean cosine between corresponding chords must exceed this (Hanzi Writer: 0, over any segment). */
const MIN_DIRECTION_COSINE = 0;
/** Fréchet distance between normalised curves, over the rotations below (Hanzi Writer's 0.4 and ±π/16, ±π/32). */
const FRECHET_THRESHOLD = 0.4;
const ROTATIONS = [0, Math.PI / 32, -Math.PI / 32, Math.PI / 16, -Math.PI / 16];
const ROT_COS = ROTATIONS.map(Math.cos);
const ROT_SIN = ROTATIONS.map(Math.sin);
/** Scale fitted from `drawnSoFar` is kept within this range; its prior weight (points × variance) keeps one short stroke from deciding it. */
const FRAME_SCALE_MIN = 0.6;
const FRAME_SCALE_MAX = 1.6;
const FRAME_PRIOR_VARIANCE = 5000;
const FRAME_POINTS = 9;

// Scratch buffers reused by every call (judging is synchronous, so one set suffices).
let raw = new Float64Array(512);
let med = new Float64Array(128);
const drawnPts = new Float64Array(2 * N);
const drawnNorm = new Float64Array(2 * N);
const revPts = new Float64Array(2 * N);
const revNorm = new Float64Array(2 * N);
const row = new Float64Array(N);
const dense = new Float64Array(2 * SMOOTH_POINTS);
const smooth = new Float64Array(2 * SMOOTH_POINTS);
const frameA = new Float64Array(2 * FRAME_POINTS);
const frameB = new Float64Array(2 * FRAME_POINTS);

/** The learner's frame: character = (drawn − t) / s. */
let frameS = 1;
let frameTx = 0;
let frameTy = 0;

/** A median as the matcher compares it: smoothed and resampled to N points, normalised, its smoothed length, whether it is a dot. */
interface Expected {
  pts: Float64Array;
  norm: Float64Array;
  len: number;
  dot: boolean;
}

/**
 * Expected strokes by median, worked out once: a character's medians are judged against again and
 * again (every stroke drawn is compared with all of them). Medians are never changed in place
 * (the character editor makes new ones), so the array itself is the key.
 */
const expectedCache = new WeakMap<StrokeData['median'], Expected>();

function expectedOf(stroke: StrokeData): Expected | null {
  const cached = expectedCache.get(stroke.median);
  if (cached) return cached;
  const count = loadMedian(stroke);
  if (count === 0) return null;
  const pts = new Float64Array(2 * N);
  const norm = new Float64Array(2 * N);
  const len = smoothResample(med, count, pts);
  normalise(pts, N, norm);
  // As isDot decides, on the median as authored (smoothing shortens it a little).
  const dot = polylineLength(med, count) < DOT_LENGTH || extent(stroke.median) < DOT_LENGTH;
  const e = { pts, norm, len, dot };
  expectedCache.set(stroke.median, e);
  return e;
}

interface Fit {
  pass: boolean;
  /** Mean distance to the stroke in box units (its centre's distance for a dot): lower is closer. */
  cost: number;
  score: number;
}

// Math.hypot guards against overflow the box never reaches, and is several times slower.
const dist = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Judges `drawn` as stroke `index` of `expected`. */
export function judgeStroke(
  drawn: readonly Point[],
  expected: readonly StrokeData[],
  index: number,
  opts: MatchOptions = {},
): StrokeJudgement {
  const stroke = expected[index];
  if (!stroke) throw new RangeError(`no stroke ${index} (the character has ${expected.length})`);
  const leniency = Math.min(5, Math.max(0.1, opts.leniency ?? 1));
  if (drawn.length === 0) return { verdict: 'wrong-shape', score: 0 };

  fitFrame(opts.drawnSoFar, expected, index);
  const count = loadDrawn(drawn);
  const lenD = smoothResample(raw, count, drawnPts);
  normalise(drawnPts, N, drawnNorm);
  reverse(drawnPts, N, revPts);
  reverse(drawnNorm, N, revNorm);

  const own = fit(drawnPts, drawnNorm, lenD, stroke, leniency, Infinity);
  if (own.pass) {
    // Another stroke fitting better means the learner probably drew that one. As Hanzi Writer
    // does, the expected stroke is then held to a stricter leniency (0.3..0.6 of it, the closer
    // the other stroke the stricter) rather than refused outright: near-duplicate strokes pass.
    let best = -1;
    let bestCost = own.cost;
    for (let j = 0; j < expected.length; j++) {
      if (j === index) continue;
      const other = fit(drawnPts, drawnNorm, lenD, expected[j]!, leniency, bestCost);
      if (other.pass && other.cost < bestCost) {
        best = j;
        bestCost = other.cost;
      }
    }
    if (best >= 0) {
      const strict = (0.6 * (bestCost + own.cost)) / (2 * own.cost);
      if (!fit(drawnPts, drawnNorm, lenD, stroke, leniency * strict, Infinity).pass) {
        if (best < index) return { verdict: 'wrong-shape', matchedIndex: best, score: own.score };
        const matched = fit(drawnPts, drawnNorm, lenD, expected[best]!, 1, Infinity);
        return { verdict: 'wrong-order', matchedIndex: best, score: matched.score };
      }
    }
    return { verdict: 'accepted', score: own.score };
  }

  // Not the expected stroke. A dot has no direction, so it is never backwards.
  const back = isDot(stroke) ? null : fit(revPts, revNorm, lenD, stroke, leniency, Infinity);
  // A later stroke drawn forwards beats "backwards" only when it is the closer fit.
  let later = -1;
  let laterCost = back?.pass ? back.cost : Infinity;
  let laterScore = 0;
  for (let j = index + 1; j < expected.length; j++) {
    const other = fit(drawnPts, drawnNorm, lenD, expected[j]!, leniency, laterCost);
    if (other.pass && other.cost < laterCost) {
      later = j;
      laterCost = other.cost;
      laterScore = other.score;
    }
  }
  if (later >= 0) return { verdict: 'wrong-order', matchedIndex: later, score: laterScore };
  if (back?.pass) return { verdict: 'backwards', score: back.score };
  // Worth telling apart for feedback: a stroke already written, drawn again.
  let earlier = -1;
  let earlierCost = Infinity;
  for (let j = 0; j < index; j++) {
    const other = fit(drawnPts, drawnNorm, lenD, expected[j]!, leniency, earlierCost);
    if (other.pass && other.cost < earlierCost) {
      earlier = j;
      earlierCost = other.cost;
    }
  }
  if (earlier >= 0) return { verdict: 'wrong-shape', matchedIndex: earlier, score: own.score };
  return { verdict: 'wrong-shape', score: own.score };
}

/** Copies the drawn points into `raw`, in the character's frame. */
function loadDrawn(drawn: readonly Point[]): number {
  if (raw.length < 2 * drawn.length) raw = new Float64Array(2 * drawn.length + 256);
  for (let i = 0; i < drawn.length; i++) {
    const p = drawn[i]!;
    raw[2 * i] = (p.x - frameTx) / frameS;
    raw[2 * i + 1] = (p.y - frameTy) / frameS;
  }
  return drawn.length;
}

/**
 * Resamples the polyline (`count` points of `src`) to SMOOTH_POINTS points, smooths it (the ends
 * stay put: beyond them the curve is continued by point reflection, so a straight stroke stays
 * straight to its ends), and writes it resampled to N points into `out`; returns the smoothed length.
 */
function smoothResample(src: Float64Array, count: number, out: Float64Array): number {
  if (resample(src, count, dense, SMOOTH_POINTS) === 0) return resample(src, count, out, N);
  const last = SMOOTH_POINTS - 1;
  const half = (KERNEL.length - 1) / 2;
  for (let i = 0; i <= last; i++) {
    let x = 0;
    let y = 0;
    for (let k = -half; k <= half; k++) {
      const w = KERNEL[k + half]!;
      const j = i + k;
      if (j < 0) {
        x += w * (2 * dense[0]! - dense[-2 * j]!);
        y += w * (2 * dense[1]! - dense[-2 * j + 1]!);
      } else if (j > last) {
        const m = 2 * last - j;
        x += w * (2 * dense[2 * last]! - dense[2 * m]!);
        y += w * (2 * dense[2 * last + 1]! - dense[2 * m + 1]!);
      } else {
        x += w * dense[2 * j]!;
        y += w * dense[2 * j + 1]!;
      }
    }
    smooth[2 * i] = x;
    smooth[2 * i + 1] = y;
  }
  return resample(smooth, SMOOTH_POINTS, out, N);
}

/** Loads a median into `med`; returns its point count. */
function loadMedian(stroke: StrokeData): number {
  const m = stroke.median;
  if (med.length < 2 * m.length) med = new Float64Array(2 * m.length + 64);
  for (let i = 0; i < m.length; i++) {
    const p = m[i]!;
    med[2 * i] = p[0];
    med[2 * i + 1] = p[1];
  }
  return m.length;
}

/** A dot: a median that is short, or that stays within a small box (the i's little circle); it is judged by place and size, never backwards. */
export function isDot(stroke: StrokeData): boolean {
  const m = stroke.median;
  let len = 0;
  for (let i = 1; i < m.length; i++) len += dist(m[i]![0] - m[i - 1]![0], m[i]![1] - m[i - 1]![1]);
  return len < DOT_LENGTH || extent(m) < DOT_LENGTH;
}

/** The diagonal of a median's bounding box. */
function extent(m: StrokeData['median']): number {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of m) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return dist(x1 - x0, y1 - y0);
}

/** Start, end and mean-distance tolerance at leniency 1 for a median of this length. */
function placeTolerance(lenE: number): number {
  const t = Math.min(1, lenE / PLACE_TOLERANCE_FULL_AT);
  return PLACE_TOLERANCE_MIN + t * (PLACE_TOLERANCE_MAX - PLACE_TOLERANCE_MIN);
}

/**
 * How the resampled drawn curve `d` (with its normalised twin and length) fits `stroke`. Stops at
 * the cheap checks when they fail or when the cost is already no better than `maxCost`.
 */
function fit(
  d: Float64Array,
  dNorm: Float64Array,
  lenD: number,
  stroke: StrokeData,
  leniency: number,
  maxCost: number,
): Fit {
  const e = expectedOf(stroke);
  if (!e) return { pass: false, cost: Infinity, score: 0 };
  const expPts = e.pts;
  const lenE = e.len;
  const tolerance = placeTolerance(lenE);
  const tol = tolerance * leniency;

  if (e.dot) {
    // A dot: where its centre is, and that what was drawn is dot-sized; direction means nothing.
    let cx = 0;
    let cy = 0;
    for (let k = 0; k < N; k++) {
      cx += d[2 * k]! - expPts[2 * k]!;
      cy += d[2 * k + 1]! - expPts[2 * k + 1]!;
    }
    const cost = dist(cx / N, cy / N);
    return { pass: cost <= tol && lenD <= DOT_MAX_DRAWN * leniency, cost, score: clamp01(1 - cost / tolerance) };
  }

  let corr = 0;
  for (let k = 0; k < N; k++) corr += dist(d[2 * k]! - expPts[2 * k]!, d[2 * k + 1]! - expPts[2 * k + 1]!);
  corr /= N;
  const closeness = clamp01(1 - corr / tolerance);
  if (corr >= maxCost) return { pass: false, cost: corr, score: closeness / 2 };
  const start = dist(d[0]! - expPts[0]!, d[1]! - expPts[1]!);
  const end = dist(d[2 * N - 2]! - expPts[2 * N - 2]!, d[2 * N - 1]! - expPts[2 * N - 1]!);
  const ratio = (lenD + LENGTH_SMOOTHING) / (lenE + LENGTH_SMOOTHING);
  const placed =
    start <= tol &&
    end <= tol &&
    corr <= tol &&
    ratio >= MIN_LENGTH_RATIO / leniency &&
    ratio <= 1 + MAX_LENGTH_SLACK * leniency;
  if (!placed) return { pass: false, cost: corr, score: closeness / 2 };

  // Direction: corresponding chords of the two resampled curves point the same way on average.
  const step = (N - 1) / CHORDS;
  let cosines = 0;
  for (let c = 0; c < CHORDS; c++) {
    const a = c * step;
    const b = a + step;
    const dx = d[2 * b]! - d[2 * a]!;
    const dy = d[2 * b + 1]! - d[2 * a + 1]!;
    const ex = expPts[2 * b]! - expPts[2 * a]!;
    const ey = expPts[2 * b + 1]! - expPts[2 * a + 1]!;
    const mag = Math.sqrt((dx * dx + dy * dy) * (ex * ex + ey * ey));
    if (mag > 0) cosines += (dx * ex + dy * ey) / mag;
  }
  const direction = cosines / CHORDS;

  // Shape: the smallest Fréchet distance between the normalised curves over small rotations.
  const limit = FRECHET_THRESHOLD * Math.max(1, leniency) * 2;
  let shape = Infinity;
  for (let r = 0; r < ROTATIONS.length; r++) {
    shape = Math.min(shape, frechet(dNorm, e.norm, N, ROT_COS[r]!, ROT_SIN[r]!, row, Math.min(shape, limit)));
  }
  const pass = direction > MIN_DIRECTION_COSINE && shape <= FRECHET_THRESHOLD * leniency;
  const shapeCloseness = clamp01(1 - shape / (2 * FRECHET_THRESHOLD));
  return { pass, cost: corr, score: clamp01(closeness * shapeCloseness * (direction > 0 ? 1 : 0.5)) };
}

/** Fits the learner's frame (translation and scale) to the strokes already accepted. */
function fitFrame(drawnSoFar: MatchOptions['drawnSoFar'], expected: readonly StrokeData[], index: number): void {
  frameS = 1;
  frameTx = 0;
  frameTy = 0;
  const pairs = Math.min(drawnSoFar?.length ?? 0, index);
  if (!drawnSoFar || pairs === 0) return;
  let n = 0;
  let se = 0; // Σ e·e (per axis summed)
  let sed = 0; // Σ e·d
  let ex = 0;
  let ey = 0;
  let dx = 0;
  let dy = 0;
  for (let k = 0; k < pairs; k++) {
    const points = drawnSoFar[k]!;
    const stroke = expected[k]!;
    if (points.length === 0 || stroke.median.length === 0) continue;
    if (raw.length < 2 * points.length) raw = new Float64Array(2 * points.length + 256);
    for (let i = 0; i < points.length; i++) {
      raw[2 * i] = points[i]!.x;
      raw[2 * i + 1] = points[i]!.y;
    }
    resample(raw, points.length, frameA, FRAME_POINTS);
    resample(med, loadMedian(stroke), frameB, FRAME_POINTS);
    for (let i = 0; i < FRAME_POINTS; i++) {
      const px = frameB[2 * i]!;
      const py = frameB[2 * i + 1]!;
      const qx = frameA[2 * i]!;
      const qy = frameA[2 * i + 1]!;
      ex += px;
      ey += py;
      dx += qx;
      dy += qy;
      se += px * px + py * py;
      sed += px * qx + py * qy;
      n++;
    }
  }
  if (n === 0) return;
  ex /= n;
  ey /= n;
  dx /= n;
  dy /= n;
  // Least squares of d ≈ s·e + t, with a prior pulling s to 1 (weight n × FRAME_PRIOR_VARIANCE).
  const varE = se - n * (ex * ex + ey * ey);
  const cov = sed - n * (ex * dx + ey * dy);
  const prior = n * FRAME_PRIOR_VARIANCE;
  frameS = Math.min(FRAME_SCALE_MAX, Math.max(FRAME_SCALE_MIN, (cov + prior) / (varE + prior)));
  frameTx = dx - frameS * ex;
  frameTy = dy - frameS * ey;
}
