// Importing strokes from an SVG file in the stroke editor: every <path> (in document order) is
// read as one stroke's centre line, as KanjiVG and similar stroke-order files draw them; the
// browser samples each path (getPointAtLength), the points are mapped from the file's viewBox
// into the 1024 box, and the stroke is rebuilt from them (outline.ts).
import type { Stroke } from '../../api/generated/types';
import { BOX } from '../../canvas/constants';
import { strokeFromPoints } from './outline';

/** Most strokes an imported file may have (the server's limit too). */
export const MAX_IMPORTED_STROKES = 64;
/** Samples per path; the median is simplified afterwards. */
const SAMPLES = 48;

/** Why an SVG gave no strokes. */
export class SvgImportError extends Error {}

/** Centre-line strokes of an SVG document's paths, in the 1024 box. */
export function strokesFromSvg(text: string): Stroke[] {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.querySelector('parsererror')) throw new SvgImportError('not an SVG file');
  const sources = [...root.querySelectorAll('path')].filter((p) => (p.getAttribute('d') ?? '').trim() !== '');
  if (sources.length === 0) throw new SvgImportError('the file has no paths');
  if (sources.length > MAX_IMPORTED_STROKES) throw new SvgImportError(`more than ${MAX_IMPORTED_STROKES} paths`);
  const [vx, vy, vw, vh] = (root.getAttribute('viewBox') ?? `0 0 ${root.getAttribute('width') ?? BOX} ${root.getAttribute('height') ?? BOX}`)
    .split(/[\s,]+/)
    .map(Number);
  const width = vw && vw > 0 ? vw : BOX;
  const height = vh && vh > 0 ? vh : BOX;
  const scale = BOX / Math.max(width, height);
  // Measuring needs the paths in the live document, out of sight.
  const host = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  host.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
  document.body.appendChild(host);
  try {
    return sources.map((source) => {
      const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      path.setAttribute('d', source.getAttribute('d') ?? '');
      host.appendChild(path);
      const length = path.getTotalLength();
      const points = Array.from({ length: SAMPLES + 1 }, (_, i) => {
        const p = path.getPointAtLength((length * i) / SAMPLES);
        return { x: (p.x - (vx ?? 0)) * scale, y: (p.y - (vy ?? 0)) * scale };
      });
      return strokeFromPoints(points);
    });
  } finally {
    host.remove();
  }
}
