// The writing canvas's constants (SPEC §9) and the geometry every script shares (DESIGN §7).

/** Stroke data lives in a 1024 × 1024 box, y down. */
export const BOX = 1024;
/** Two taps within this window (ms) make a double tap. */
export const DOUBLE_CLICK_MS = 400;
/** A pointer must move this far (CSS px) before a press counts as drawing rather than a tap. */
export const DRAG_DISTANCE_PX = 3;
/** Layers at most (grid, reference outline, hint and animation, ink, feedback). */
export const MAX_LAYERS = 5;
/** Misses on one stroke before the expected stroke is shown (configurable per learner). */
export const DEFAULT_MISSES_BEFORE_HINT = 3;

/** Canvas colours, light and dark (SPEC §9). */
export const CANVAS_COLOURS = {
  light: { background: '#f2f0f4', border: '#4897d8', character: '#000000' },
  dark: { background: '#121212', border: '#525252', character: '#ffffff' },
} as const;

export type CanvasMode = keyof typeof CANVAS_COLOURS;
