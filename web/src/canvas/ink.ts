// Ink: turning pointer input into strokes in the 1024 box (mouse, touch and pen, with pressure),
// and drawing it smoothly on a 2D canvas sharp at any device pixel ratio. Pure apart from the
// canvas calls, so the geometry is unit-tested.
import { BOX } from './constants';

/** The margin (box units) the canvas shows around the 1024 box on every side: the stroke data
 * reaches the box's edge (descenders at 1000, tall capitals from 150, outlines ±40 around their
 * medians), so ink and outlines drawn along it stay inside the square on screen. */
export const VIEW_PAD = 64;
/** The side of what the canvas shows, in box units (the box and its margins). */
export const VIEW_SIZE = BOX + 2 * VIEW_PAD;
/** The SVG viewBox of every layer. */
export const VIEW_BOX = `${-VIEW_PAD} ${-VIEW_PAD} ${VIEW_SIZE} ${VIEW_SIZE}`;

/** A point in the 1024 box, y down, with the pen's pressure (0.5 for a mouse). */
export interface InkPoint {
  x: number;
  y: number;
  pressure: number;
  /** ms since the stroke began. */
  t: number;
}

/** The box coordinates of a client position over an element of `rect` (which shows the box with
 * its margins, VIEW_PAD). */
export function toBox(clientX: number, clientY: number, rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): { x: number; y: number } {
  return {
    x: ((clientX - rect.left) / Math.max(1, rect.width)) * VIEW_SIZE - VIEW_PAD,
    y: ((clientY - rect.top) / Math.max(1, rect.height)) * VIEW_SIZE - VIEW_PAD,
  };
}

/** CSS px per box unit on a canvas of `cssSize` px. */
export const boxToPx = (cssSize: number): number => cssSize / VIEW_SIZE;

/** Pressure as reported, with mice and pens that report nothing at 0.5. */
export function pressureOf(e: Pick<PointerEvent, 'pressure' | 'pointerType'>): number {
  if (e.pointerType === 'mouse' || !(e.pressure > 0)) return 0.5;
  return Math.min(1, e.pressure);
}

/** The ink width (box units) for a pressure: pens vary it, everything else draws evenly. */
export function inkWidth(pressure: number, base = 40): number {
  return base * (0.6 + 0.8 * pressure);
}

/** How far (CSS px) a stroke travelled from its first point: under the drag distance it is a tap. */
export function travelPx(points: readonly InkPoint[], boxToPx: number): number {
  const first = points[0];
  if (!first) return 0;
  const { x: x0, y: y0 } = first;
  let max = 0;
  for (const p of points) max = Math.max(max, Math.hypot(p.x - x0, p.y - y0));
  return max * boxToPx;
}

/** Sizes a canvas's backing store for the device pixel ratio and maps the 1024 box (with its
 * margins) onto it. */
export function fitCanvas(canvas: HTMLCanvasElement, cssSize: number, dpr = globalThis.devicePixelRatio || 1): CanvasRenderingContext2D | null {
  const px = Math.round(cssSize * dpr);
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const k = px / VIEW_SIZE;
  ctx.setTransform(k, 0, 0, k, VIEW_PAD * k, VIEW_PAD * k);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  return ctx;
}

/** Draws the segment of a stroke ending at point `i` (smoothed through midpoints), so drawing
 * while the pen moves costs one short curve per event, never a redraw. */
export function drawSegment(ctx: CanvasRenderingContext2D, points: readonly InkPoint[], i: number, colour: string): void {
  const p = points[i];
  if (!p) return;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  const a = points[i - 1];
  if (i === 0 || !a) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, inkWidth(p.pressure) / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  const before = points[i - 2] ?? a;
  // A quadratic curve from the previous midpoint to this one, through the previous point.
  const m0 = { x: (before.x + a.x) / 2, y: (before.y + a.y) / 2 };
  const m1 = { x: (a.x + p.x) / 2, y: (a.y + p.y) / 2 };
  ctx.lineWidth = inkWidth((a.pressure + p.pressure) / 2);
  ctx.beginPath();
  ctx.moveTo(i >= 2 ? m0.x : a.x, i >= 2 ? m0.y : a.y);
  ctx.quadraticCurveTo(a.x, a.y, m1.x, m1.y);
  ctx.stroke();
}

/** Draws whole strokes (a redraw: after undo, resize or theme change). */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly (readonly InkPoint[])[], colour: string): void {
  ctx.clearRect(-VIEW_PAD, -VIEW_PAD, VIEW_SIZE, VIEW_SIZE);
  for (const s of strokes) for (let i = 0; i < s.length; i++) drawSegment(ctx, s, i, colour);
}

/** A polyline's length. */
export function polylineLength(points: readonly (readonly [number, number])[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i - 1] ?? [0, 0];
    const [x2, y2] = points[i] ?? [0, 0];
    len += Math.hypot(x2 - x1, y2 - y1);
  }
  return len;
}

/** How far along a stroke the next-stroke hint's arrow points (box units). */
export const HINT_ARROW = 150;

/** Where a stroke starts and which way it goes: its first point and the point `arrow` units along
 * its median (its end, when shorter); null for an empty median. */
export function strokeStart(
  median: readonly (readonly [number, number])[],
  arrow = HINT_ARROW,
): { x: number; y: number; tx: number; ty: number } | null {
  const first = median[0];
  if (!first) return null;
  let walked = 0;
  for (let i = 1; i < median.length; i++) {
    const [ax, ay] = median[i - 1]!;
    const [bx, by] = median[i]!;
    const seg = Math.hypot(bx - ax, by - ay);
    if (seg > 0 && walked + seg >= arrow) {
      const t = (arrow - walked) / seg;
      return { x: first[0], y: first[1], tx: ax + t * (bx - ax), ty: ay + t * (by - ay) };
    }
    walked += seg;
  }
  const last = median[median.length - 1]!;
  return { x: first[0], y: first[1], tx: last[0], ty: last[1] };
}
