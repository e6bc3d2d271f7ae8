// Free writing (a character without stroke data) against the character rendered in the
// language's font, both as small bitmaps: precision (ink near the glyph) and recall (glyph near
// the ink) each tolerate a few pixels of offset; the overlap is their harmonic mean (F1). The
// character's grade from it is features/writing/grading.ts's.
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
