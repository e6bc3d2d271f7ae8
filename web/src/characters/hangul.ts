// Hangul syllable blocks composed from jamo: the TypeScript twin of
// crates/writeit-core/src/hangul/compose.rs. Each jamo's medians are fitted into a slot chosen by
// the vowel's shape and whether there is a final; outlines are drawn around the new medians with a
// round pen. Only + - * / sqrt floor on doubles, so IEEE 754 makes the output byte-identical to
// Rust's (checked against data/starter/characters/hangul-vectors.json). Change both or neither.
import type { Stroke } from '../api/generated/types';

type Point = [number, number];
type Slot = readonly [number, number, number, number];

/** Source note of a composed syllable (same text as the Rust composer). */
export const COMPOSED_SOURCE =
  "WriteIt: composed from the authored Hangul jamo; licence: CC0-1.0 (project's own)";

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const VOWELS = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const FINALS = 'ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';
const STROKE_BOX = 1024;
const PEN_RADIUS = 30;
const CIRCLE_K = 17;
const MIN_EXTENT = 160;
const MAX_STRETCH = 1.25;

/** Where a vowel sits, which decides the block layout. */
export type VowelShape = 'vertical' | 'horizontal' | 'combined';

/** A syllable block split into compatibility jamo. */
export interface Syllable {
  initial: string;
  vowel: string;
  last: string | null;
}

/** True for a precomposed syllable block (U+AC00–U+D7A3). */
export function isSyllable(value: string): boolean {
  const code = value.length === 1 ? value.charCodeAt(0) : -1;
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

/** Splits a syllable block into its jamo, or null for anything else. */
export function decompose(value: string): Syllable | null {
  if (!isSyllable(value)) return null;
  const s = value.charCodeAt(0) - SYLLABLE_FIRST;
  const t = s % 28;
  return {
    initial: INITIALS.charAt(Math.floor(s / 588)),
    vowel: VOWELS.charAt(Math.floor((s % 588) / 28)),
    last: t > 0 ? FINALS.charAt(t - 1) : null,
  };
}

/** The shape of a vowel jamo, or null for a consonant. */
export function vowelShape(vowel: string): VowelShape | null {
  if ('ㅏㅐㅑㅒㅓㅔㅕㅖㅣ'.includes(vowel)) return 'vertical';
  if ('ㅗㅛㅜㅠㅡ'.includes(vowel)) return 'horizontal';
  if ('ㅘㅙㅚㅝㅞㅟㅢ'.includes(vowel)) return 'combined';
  return null;
}

const NONE: Slot = [0, 0, 0, 0];

function slots(shape: VowelShape, wide: boolean, hasFinal: boolean): [Slot, Slot, Slot] {
  switch (shape) {
    case 'vertical':
      if (!hasFinal) {
        return wide
          ? [[90, 200, 480, 830], [550, 90, 930, 940], NONE]
          : [[100, 200, 530, 830], [600, 90, 900, 940], NONE];
      }
      return wide
        ? [[100, 110, 480, 500], [550, 60, 930, 620], [200, 690, 830, 950]]
        : [[110, 110, 520, 500], [600, 60, 900, 620], [200, 690, 830, 950]];
    case 'horizontal':
      return hasFinal
        ? [[260, 70, 760, 320], [100, 390, 924, 600], [230, 680, 790, 950]]
        : [[230, 90, 790, 440], [100, 520, 924, 820], NONE];
    case 'combined':
      return hasFinal
        ? [[120, 70, 470, 300], [90, 60, 930, 620], [220, 690, 800, 950]]
        : [[110, 100, 480, 440], [90, 80, 930, 940], NONE];
  }
}

/** Rounds half up, like the Rust twin. */
function round(v: number): number {
  return Math.floor(v + 0.5) + 0;
}

function clamp(v: number): number {
  return Math.min(Math.max(v, 0), STROKE_BOX);
}

function place(strokes: readonly Stroke[], slot: Slot): Point[][] {
  let bx0 = Number.MAX_VALUE;
  let by0 = Number.MAX_VALUE;
  let bx1 = -Number.MAX_VALUE;
  let by1 = -Number.MAX_VALUE;
  for (const s of strokes) {
    for (const [x, y] of s.median) {
      bx0 = Math.min(bx0, x);
      by0 = Math.min(by0, y);
      bx1 = Math.max(bx1, x);
      by1 = Math.max(by1, y);
    }
  }
  if (bx1 - bx0 < MIN_EXTENT) {
    const pad = (MIN_EXTENT - (bx1 - bx0)) / 2;
    bx0 -= pad;
    bx1 += pad;
  }
  if (by1 - by0 < MIN_EXTENT) {
    const pad = (MIN_EXTENT - (by1 - by0)) / 2;
    by0 -= pad;
    by1 += pad;
  }
  const [sx0, sy0, sx1, sy1] = slot;
  let sx = (sx1 - sx0) / (bx1 - bx0);
  let sy = (sy1 - sy0) / (by1 - by0);
  if (sx > sy * MAX_STRETCH) {
    sx = sy * MAX_STRETCH;
  } else if (sy > sx * MAX_STRETCH) {
    sy = sx * MAX_STRETCH;
  }
  const ox = sx0 + (sx1 - sx0 - (bx1 - bx0) * sx) / 2;
  const oy = sy0 + (sy1 - sy0 - (by1 - by0) * sy) / 2;
  return strokes.map((s) => {
    const out: Point[] = [];
    for (const [x, y] of s.median) {
      const p: Point = [clamp(round(ox + (x - bx0) * sx)), clamp(round(oy + (y - by0) * sy))];
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    return out;
  });
}

/** The outline of a round pen along a median (circles at points, bands along segments). */
export function penOutline(median: readonly Point[]): string {
  const r = PEN_RADIUS;
  const k = CIRCLE_K;
  const parts: string[] = [];
  median.forEach(([x, y], i) => {
    parts.push(
      [
        'M', x, y - r,
        'C', x - k, y - r, x - r, y - k, x - r, y,
        'C', x - r, y + k, x - k, y + r, x, y + r,
        'C', x + k, y + r, x + r, y + k, x + r, y,
        'C', x + r, y - k, x + k, y - r, x, y - r,
        'Z',
      ].join(' '),
    );
    const next = median[i + 1];
    if (next) {
      const [x1, y1] = next;
      const dx = x1 - x;
      const dy = y1 - y;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len > 0) {
        const nx = (-dy * r) / len;
        const ny = (dx * r) / len;
        parts.push(
          [
            'M', round(x + nx), round(y + ny),
            'L', round(x1 + nx), round(y1 + ny),
            'L', round(x1 - nx), round(y1 - ny),
            'L', round(x - nx), round(y - ny),
            'Z',
          ].join(' '),
        );
      }
    }
  });
  return parts.join(' ');
}

/**
 * Composes a syllable block from its jamo's strokes (`jamo` answers a compatibility jamo's
 * strokes): initial, vowel, final. Null when `value` is no block or a jamo is missing.
 */
export function composeSyllable(
  value: string,
  jamo: (j: string) => readonly Stroke[] | undefined,
): Stroke[] | null {
  const parts = decompose(value);
  if (!parts) return null;
  const shape = vowelShape(parts.vowel);
  if (!shape) return null;
  const wide = 'ㅐㅒㅔㅖ'.includes(parts.vowel);
  const [initialSlot, vowelSlot, finalSlot] = slots(shape, wide, parts.last !== null);
  const initial = jamo(parts.initial);
  const vowel = jamo(parts.vowel);
  const last = parts.last === null ? [] : jamo(parts.last);
  if (!initial || !vowel || !last) return null;
  const medians = [
    ...place(initial, initialSlot),
    ...place(vowel, vowelSlot),
    ...(parts.last === null ? [] : place(last, finalSlot)),
  ];
  return medians.map((median) => ({ path: penOutline(median), median }));
}
