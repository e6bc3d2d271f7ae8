// The practice grids (SPEC §1): 'letter' for ar, en, el, he, ru (baseline, x-height, ascender and
// descender lines; he and ar written right to left) and 'character' for every other language (a
// square with its centre cross and diagonals). Lines are in the 1024 box, matching the metrics the
// stroke data was authored on (data/README.md, "Letters: the rules followed").
import { BOX } from './constants';

export type GridType = 'letter' | 'character';

const LETTER_LANGUAGES = new Set(['ar', 'en', 'el', 'he', 'ru']);
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa']);

/** SPEC §1: the grid a language is written on. */
export function gridTypeOf(languageCode: string): GridType {
  return LETTER_LANGUAGES.has(primary(languageCode)) ? 'letter' : 'character';
}

/** 'zh' of 'zh-TW'. */
function primary(languageCode: string): string {
  return languageCode.split('-')[0] ?? languageCode;
}

/** Whether a language's letters follow each other right to left. */
export function writtenRightToLeft(languageCode: string): boolean {
  return RTL_LANGUAGES.has(primary(languageCode));
}

/** A guide line: `y` in the box, and whether it is the strong one (the baseline). */
export interface GuideLine {
  name: 'ascender' | 'x-height' | 'baseline' | 'descender';
  y: number;
  strong: boolean;
}

/** Letter-grid lines per script (Latin, Cyrillic, Greek and Hebrew share the en metrics). */
const DEFAULT_LINES: readonly GuideLine[] = [
  { name: 'ascender', y: 150, strong: false },
  { name: 'x-height', y: 330, strong: false },
  { name: 'baseline', y: 870, strong: true },
  { name: 'descender', y: 1000, strong: false },
];

const LETTER_LINES: Record<string, readonly GuideLine[]> = {
  ar: [
    { name: 'ascender', y: 200, strong: false },
    { name: 'x-height', y: 560, strong: false },
    { name: 'baseline', y: 700, strong: true },
    { name: 'descender', y: 920, strong: false },
  ],
};

/** The guide lines of a letter grid. */
export function letterLines(languageCode: string): readonly GuideLine[] {
  return LETTER_LINES[primary(languageCode)] ?? DEFAULT_LINES;
}

/** A segment of a grid, in the box. */
export interface GridSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  strong: boolean;
  dashed: boolean;
}

/** Every line of a grid, in the box: what both the canvas and tests draw. Lines run across the
 * whole square shown, `pad` box units beyond the box on each side (the canvas's margin). */
export function gridSegments(type: GridType, languageCode: string, pad = 0): GridSegment[] {
  const lo = 0 - pad;
  const hi = BOX + pad;
  if (type === 'letter') {
    return letterLines(languageCode).map((l) => ({ x1: lo, y1: l.y, x2: hi, y2: l.y, strong: l.strong, dashed: !l.strong }));
  }
  const m = BOX / 2;
  return [
    { x1: m, y1: lo, x2: m, y2: hi, strong: false, dashed: true },
    { x1: lo, y1: m, x2: hi, y2: m, strong: false, dashed: true },
    { x1: lo, y1: lo, x2: hi, y2: hi, strong: false, dashed: true },
    { x1: hi, y1: lo, x2: lo, y2: hi, strong: false, dashed: true },
  ];
}
