// Scoring a written character as a whole. With stroke data, from what happened on each stroke:
// shape (the matcher's closeness of the accepted stroke, less for each refused attempt at it and
// for a hint), order (strokes written without first trying a later one) and direction (strokes
// never drawn backwards). Without stroke data, the drawing against the character rendered in the
// language's font, both as small bitmaps: precision (ink near the glyph) and recall (glyph near
// the ink) each tolerate a few pixels of offset; the shape score is their harmonic mean (F1).
import { BOX } from './constants';
import { inkWidth, type InkPoint } from './ink';

/** Bitmap side used for scoring: coarse enough to forgive, fine enough to tell letters apart. */
export const MASK_SIZE = 64;
/** Offset forgiven, in mask pixels (≈ 5% of the box). */
export const TOLERANCE = 3;

/** The mask grown by `r` pixels (a square neighbourhood). */
export function dilate(mask: Uint8Array, size: number, r: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!mask[y * size + x]) continue;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= size) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < size) out[yy * size + xx] = 1;
        }
      }
    }
  }
  return out;
}

/** F1 of ink against glyph, each within `tolerance` pixels of the other (0 when either is empty). */
export function overlapScore(ink: Uint8Array, glyph: Uint8Array, size: number, tolerance = TOLERANCE): number {
  const nearGlyph = dilate(glyph, size, tolerance);
  const nearInk = dilate(ink, size, tolerance);
  let inkTotal = 0;
  let inkHit = 0;
  let glyphTotal = 0;
  let glyphHit = 0;
  for (let i = 0; i < ink.length; i++) {
    if (ink[i]) {
      inkTotal++;
      if (nearGlyph[i]) inkHit++;
    }
    if (glyph[i]) {
      glyphTotal++;
      if (nearInk[i]) glyphHit++;
    }
  }
  if (inkTotal === 0 || glyphTotal === 0) return 0;
  const precision = inkHit / inkTotal;
  const recall = glyphHit / glyphTotal;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function canvasOf(size: number): CanvasRenderingContext2D | null {
  const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(size, size) : document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  return canvas.getContext('2d') as CanvasRenderingContext2D | null;
}

function maskOf(ctx: CanvasRenderingContext2D, size: number): Uint8Array {
  const data = ctx.getImageData(0, 0, size, size).data;
  const mask = new Uint8Array(size * size);
  for (let i = 0; i < mask.length; i++) mask[i] = (data[i * 4 + 3] ?? 0) > 96 ? 1 : 0;
  return mask;
}

/** The glyph of `value` in the page's font for `lang`, centred in the box, as a mask. */
export function glyphMask(value: string, lang: string, size = MASK_SIZE): Uint8Array | null {
  const ctx = canvasOf(size);
  if (!ctx) return null;
  const fontPx = size * 0.8;
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#000';
  // Centre the glyph's ink box (not its advance box) in the square.
  const m = ctx.measureText(value);
  const height = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  const y = size / 2 + (m.actualBoundingBoxAscent - height / 2);
  const x = size / 2 + (m.actualBoundingBoxLeft - m.actualBoundingBoxRight) / 2;
  ctx.canvas.setAttribute?.('lang', lang);
  ctx.fillText(value, x, y);
  return maskOf(ctx, size);
}

/** The drawn strokes as a mask, scaled from the box. */
export function inkMask(strokes: readonly (readonly InkPoint[])[], size = MASK_SIZE): Uint8Array | null {
  const ctx = canvasOf(size);
  if (!ctx) return null;
  const k = size / BOX;
  ctx.strokeStyle = '#000';
  ctx.fillStyle = '#000';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    const first = s[0];
    if (!first) continue;
    ctx.lineWidth = Math.max(1, inkWidth(0.5) * k);
    ctx.beginPath();
    ctx.moveTo(first.x * k, first.y * k);
    for (const p of s.slice(1)) ctx.lineTo(p.x * k, p.y * k);
    if (s.length === 1) ctx.lineTo(first.x * k + 0.1, first.y * k);
    ctx.stroke();
  }
  return maskOf(ctx, size);
}

/** Centres a mask's ink in the square, so writing small or off-centre is not held against it
 * (position is not what free writing teaches; the shape is). */
export function centred(mask: Uint8Array, size: number): Uint8Array {
  let minX = size;
  let minY = size;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!mask[y * size + x]) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return mask;
  const dx = Math.round((size - 1 - maxX - minX) / 2);
  const dy = Math.round((size - 1 - maxY - minY) / 2);
  const out = new Uint8Array(mask.length);
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) if (mask[y * size + x]) out[(y + dy) * size + x + dx] = 1;
  return out;
}

/** The score (0..1) of free writing `strokes` as the character `value`; null without a canvas. */
export function scoreAgainstGlyph(value: string, lang: string, strokes: readonly (readonly InkPoint[])[]): number | null {
  const glyph = glyphMask(value, lang);
  const ink = inkMask(strokes);
  if (!glyph || !ink) return null;
  return overlapScore(centred(ink, MASK_SIZE), centred(glyph, MASK_SIZE), MASK_SIZE);
}

/** What happened on one stroke of a character while it was written. */
export interface StrokeLog {
  /** The matcher's closeness (0..1) of the accepted stroke; null until accepted. */
  score: number | null;
  /** Refused attempts: wrong shape or place, a later stroke first, drawn backwards. */
  wrongShape: number;
  wrongOrder: number;
  backwards: number;
  /** Shown (its start, or whole) before it was written. */
  hinted: boolean;
}

/** A whole character's score, each part 0..1 (order and direction null for free writing). */
export interface CharacterScore {
  shape: number;
  order: number | null;
  direction: number | null;
  overall: number;
  /** Strokes (in writing order) that went wrong: refused at least once, or hinted. */
  wrong: number[];
}

/** Each refused attempt at a stroke (wrong shape or place) takes this from its shape score. */
const SHAPE_MISS_COST = 0.25;
/** A hinted stroke's shape counts at most this. */
const HINTED_SHAPE_MAX = 0.5;
/** Weights of shape, order and direction in the overall score. */
const WEIGHTS = { shape: 0.6, order: 0.2, direction: 0.2 } as const;

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;

/** The score of a character written with stroke data, from its strokes' logs. */
export function characterScore(log: readonly StrokeLog[]): CharacterScore {
  if (log.length === 0) return { shape: 0, order: 1, direction: 1, overall: 0, wrong: [] };
  let shape = 0;
  let inOrder = 0;
  let forwards = 0;
  const wrong: number[] = [];
  for (const [i, l] of log.entries()) {
    let s = Math.max(0, (l.score ?? 0) - SHAPE_MISS_COST * l.wrongShape);
    if (l.hinted) s = Math.min(s, HINTED_SHAPE_MAX);
    shape += s;
    if (l.wrongOrder === 0) inOrder++;
    if (l.backwards === 0) forwards++;
    if (l.wrongShape + l.wrongOrder + l.backwards > 0 || l.hinted || l.score === null) wrong.push(i);
  }
  const n = log.length;
  const parts = { shape: shape / n, order: inOrder / n, direction: forwards / n };
  return {
    shape: round(parts.shape),
    order: round(parts.order),
    direction: round(parts.direction),
    overall: round(WEIGHTS.shape * parts.shape + WEIGHTS.order * parts.order + WEIGHTS.direction * parts.direction),
    wrong,
  };
}

/** The score of a character written freely: its overlap with the glyph is all there is. */
export function freeCharacterScore(overlap: number): CharacterScore {
  const s = round(overlap);
  return { shape: s, order: null, direction: null, overall: s, wrong: [] };
}
