// How big the square writing canvas is (pure): as wide as its row leaves it and no taller than
// the viewport's height below its top, less the room kept under it (the way on, on a phone), so
// the whole canvas and the control that moves on are on screen without scrolling.

export interface CanvasRoom {
  /** The width the canvas shares (CSS px). */
  width: number;
  /** What else takes that width beside the canvas (a side column, with its gap). */
  side: number;
  /** The canvas's top in the document (CSS px). */
  top: number;
  viewportHeight: number;
  /** Room kept under the canvas, to the viewport's bottom. */
  below: number;
  min: number;
  max: number;
}

export function canvasSize(r: CanvasRoom): number {
  const fits = Math.min(r.width - r.side, r.viewportHeight - r.top - r.below);
  return Math.max(r.min, Math.min(r.max, Math.floor(fits)));
}
