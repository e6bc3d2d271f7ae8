// Stroke geometry for the stroke editor: a drawn line becomes a stroke — its median simplified to
// integer points in the 1024 box, its outline the median drawn with a round pen (the same rule
// the importer uses for KanjiVG centre lines, so edited and imported strokes look alike).
import type { Stroke } from '../../api/generated/types';
import { BOX } from '../../canvas/constants';

type P = readonly [number, number];

/** The pen's width in box units for outlines made here. */
export const PEN_WIDTH = 56;
/** Ramer–Douglas–Peucker tolerance for medians, in box units. */
export const SIMPLIFY_TOLERANCE = 6;

const clamp = (v: number) => Math.min(BOX, Math.max(0, Math.round(v)));

function distanceToSegment(p: P, a: P, b: P): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Fewer points along the same line (Ramer–Douglas–Peucker). */
export function simplify(points: readonly P[], tolerance = SIMPLIFY_TOLERANCE): P[] {
  if (points.length <= 2) return [...points];
  const first = points[0] as P;
  const last = points[points.length - 1] as P;
  let worst = -1;
  let index = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const d = distanceToSegment(points[i] as P, first, last);
    if (d > worst) {
      worst = d;
      index = i;
    }
  }
  if (worst <= tolerance) return [first, last];
  return [...simplify(points.slice(0, index + 1), tolerance).slice(0, -1), ...simplify(points.slice(index), tolerance)];
}

/** A median from drawn points: simplified, integer, inside the box, at least two points. */
export function medianFrom(points: readonly { x: number; y: number }[]): [number, number][] {
  const raw = points.map((p) => [clamp(p.x), clamp(p.y)] as const);
  const simple = simplify(raw).map(([x, y]) => [x, y] as [number, number]);
  const deduped = simple.filter((p, i) => i === 0 || p[0] !== simple[i - 1]?.[0] || p[1] !== simple[i - 1]?.[1]);
  const first = deduped[0] ?? [BOX / 2, BOX / 2];
  // A tap is a dot: a median of two points one unit apart.
  return deduped.length >= 2 ? deduped : [first, [Math.min(BOX, first[0] + 1), first[1]]];
}

const fmt = (v: number) => String(Math.round(v));

/** Points of a half circle of radius `r` around `c`, from direction `from` to its opposite,
 * bulging towards `towards`. */
function cap(c: P, from: P, towards: P, r: number): P[] {
  const a0 = Math.atan2(from[1], from[0]);
  const ad = Math.atan2(towards[1], towards[0]);
  let delta = ad - a0;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta < -Math.PI) delta += 2 * Math.PI;
  const sign = delta >= 0 ? 1 : -1;
  const out: P[] = [];
  for (let k = 1; k < 8; k++) {
    const a = a0 + (sign * Math.PI * k) / 8;
    out.push([c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]);
  }
  return out;
}

/** The outline of a median drawn with a round pen of `width`, as SVG path data. */
export function outlineFromMedian(median: readonly P[], width = PEN_WIDTH): string {
  const r = width / 2;
  const pts = median.length >= 2 ? median : [median[0] ?? [0, 0], median[0] ?? [0, 0]];
  const n = pts.length;
  const dirs: P[] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = pts[i] as P;
    const b = pts[i + 1] as P;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    dirs.push([(b[0] - a[0]) / len, (b[1] - a[1]) / len]);
  }
  // Each point's normal: the mean of its segments' normals (a mitre, bounded for sharp turns).
  const normals: P[] = pts.map((_, i) => {
    const d0 = dirs[Math.max(0, i - 1)] as P;
    const d1 = dirs[Math.min(dirs.length - 1, i)] as P;
    const nx = -(d0[1] + d1[1]);
    const ny = d0[0] + d1[0];
    const len = Math.hypot(nx, ny) || 1;
    const cos = Math.max(0.35, (d0[0] * d1[0] + d0[1] * d1[1] + 1) / 2);
    const scale = 1 / Math.sqrt(cos);
    return [(nx / len) * scale, (ny / len) * scale];
  });
  const left = pts.map((p, i) => [p[0] + (normals[i] as P)[0] * r, p[1] + (normals[i] as P)[1] * r] as P);
  const right = pts.map((p, i) => [p[0] - (normals[i] as P)[0] * r, p[1] - (normals[i] as P)[1] * r] as P);
  const endDir = dirs[dirs.length - 1] as P;
  const startDir = dirs[0] as P;
  const last = pts[n - 1] as P;
  const first = pts[0] as P;
  const endNormal = normals[n - 1] as P;
  const startNormal = normals[0] as P;
  const ring: P[] = [
    ...left,
    ...cap(last, endNormal, endDir, r),
    ...right.reverse(),
    ...cap(first, [-startNormal[0], -startNormal[1]], [-startDir[0], -startDir[1]], r),
  ];
  return `M${ring.map((p) => `${fmt(p[0])} ${fmt(p[1])}`).join('L')}Z`;
}

/** A stroke from drawn points. */
export function strokeFromPoints(points: readonly { x: number; y: number }[]): Stroke {
  const median = medianFrom(points);
  return { median, path: outlineFromMedian(median) };
}

/** The same stroke drawn the other way (its outline is unchanged). */
export function reversed(stroke: Stroke): Stroke {
  return { path: stroke.path, median: [...stroke.median].reverse() };
}

/** Moves the stroke at `from` to `to`. */
export function moveStroke<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** Parses an alternative order typed as stroke numbers from 1 ("2, 1, 3") into indices; null
 * unless it names every one of `count` strokes exactly once. */
export function parseOrder(text: string, count: number): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean).map((s) => Number(s) - 1);
  if (parts.length !== count || parts.some((k) => !Number.isInteger(k) || k < 0 || k >= count)) return null;
  return new Set(parts).size === count ? parts : null;
}
