// Polyline helpers of the stroke matcher over flat [x0, y0, x1, y1, …] Float64Arrays, so judging a stroke allocates (almost) nothing: length, arc-length resampling, normalisation, discrete Fréchet distance.

/** Length of the polyline made of the first `count` points of `xy`. */
export function polylineLength(xy: Float64Array, count: number): number {
  let len = 0;
  for (let i = 1; i < count; i++) {
    const dx = xy[2 * i]! - xy[2 * i - 2]!;
    const dy = xy[2 * i + 1]! - xy[2 * i - 1]!;
    len += Math.sqrt(dx * dx + dy * dy);
  }
  return len;
}

/**
 * Writes `n` points equally spaced along the polyline (`count` points of `src`) into `out` and
 * returns the polyline's length. Equal spacing makes two strokes comparable point by point however
 * densely each was sampled (pointer events vs a few authored vertices); repeated points cost nothing.
 */
export function resample(src: Float64Array, count: number, out: Float64Array, n: number): number {
  const total = polylineLength(src, count);
  const x0 = src[0] ?? 0;
  const y0 = src[1] ?? 0;
  if (count < 2 || total === 0) {
    for (let k = 0; k < n; k++) {
      out[2 * k] = x0;
      out[2 * k + 1] = y0;
    }
    return 0;
  }
  const step = total / (n - 1);
  out[0] = x0;
  out[1] = y0;
  let seg = 1; // the segment being walked ends at point `seg`
  let walked = 0; // length of the segments before it
  let segLen = segmentLength(src, 1);
  for (let k = 1; k < n - 1; k++) {
    const target = k * step;
    while (walked + segLen < target && seg < count - 1) {
      walked += segLen;
      seg++;
      segLen = segmentLength(src, seg);
    }
    const t = segLen > 0 ? Math.min(1, (target - walked) / segLen) : 0;
    const ax = src[2 * seg - 2]!;
    const ay = src[2 * seg - 1]!;
    out[2 * k] = ax + t * (src[2 * seg]! - ax);
    out[2 * k + 1] = ay + t * (src[2 * seg + 1]! - ay);
  }
  out[2 * n - 2] = src[2 * count - 2]!;
  out[2 * n - 1] = src[2 * count - 1]!;
  return total;
}

function segmentLength(xy: Float64Array, end: number): number {
  const dx = xy[2 * end]! - xy[2 * end - 2]!;
  const dy = xy[2 * end + 1]! - xy[2 * end - 1]!;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Translates `n` points to their mean and scales them so the ends lie at RMS distance 1 from it
 * (Hanzi Writer's Procrustes-style normalisation), into `out`. The scale never drops below the
 * RMS distance of all points, so a stroke that ends near its own centre (a loop) is not blown up.
 */
export function normalise(src: Float64Array, n: number, out: Float64Array): void {
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += src[2 * k]!;
    my += src[2 * k + 1]!;
  }
  mx /= n;
  my /= n;
  let all = 0;
  for (let k = 0; k < n; k++) {
    const dx = src[2 * k]! - mx;
    const dy = src[2 * k + 1]! - my;
    all += dx * dx + dy * dy;
  }
  const sx = src[0]! - mx;
  const sy = src[1]! - my;
  const ex = src[2 * n - 2]! - mx;
  const ey = src[2 * n - 1]! - my;
  const ends = (sx * sx + sy * sy + ex * ex + ey * ey) / 2;
  const scale = Math.sqrt(Math.max(ends, all / n, 1e-12));
  for (let k = 0; k < n; k++) {
    out[2 * k] = (src[2 * k]! - mx) / scale;
    out[2 * k + 1] = (src[2 * k + 1]! - my) / scale;
  }
}

/** Writes the `n` points of `src` in reverse order into `out` (distinct arrays). */
export function reverse(src: Float64Array, n: number, out: Float64Array): void {
  for (let k = 0; k < n; k++) {
    out[2 * k] = src[2 * (n - 1 - k)]!;
    out[2 * k + 1] = src[2 * (n - 1 - k) + 1]!;
  }
}

/**
 * Discrete Fréchet distance between `a` and `b` rotated by (cos, sin) about the origin, both of `n`
 * points; `row` is scratch of n. Squared distances inside, one square root at the end. Once a whole
 * row exceeds `limit` the answer must too, so it stops and returns that row's minimum (a lower bound).
 */
export function frechet(
  a: Float64Array,
  b: Float64Array,
  n: number,
  cos: number,
  sin: number,
  row: Float64Array,
  limit: number,
): number {
  const limit2 = limit * limit;
  for (let i = 0; i < n; i++) {
    const ax = a[2 * i]!;
    const ay = a[2 * i + 1]!;
    let diag = 0;
    let rowMin = Infinity;
    for (let j = 0; j < n; j++) {
      const bx = b[2 * j]!;
      const by = b[2 * j + 1]!;
      const dx = ax - (cos * bx - sin * by);
      const dy = ay - (sin * bx + cos * by);
      const d = dx * dx + dy * dy;
      let v: number;
      if (i === 0) {
        v = j === 0 ? d : Math.max(row[j - 1]!, d);
      } else if (j === 0) {
        diag = row[0]!;
        v = Math.max(diag, d);
      } else {
        const up = row[j]!;
        v = Math.max(Math.min(up, row[j - 1]!, diag), d);
        diag = up;
      }
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit2) return Math.sqrt(rowMin);
  }
  return Math.sqrt(row[n - 1]!);
}
