// The size of a square writing canvas that fits on screen (writing cards and practice; the
// character editor's follows its width alone, useCanvasSize.ts): the width its row leaves it and the
// viewport's height below its top (less what must fit under it), whichever is smaller, between
// `min` and `max` CSS px (canvasSize.ts). Followed as the window or the page above it changes (a
// phone turned, a window narrowed, a notice shown); its own size never moves its top, so
// measuring cannot loop.
import { useCallback, useEffect, useRef, useState } from 'react';
import { canvasSize, type CanvasRoom } from './canvasSize';

export interface CanvasSizeOptions extends Omit<CanvasRoom, 'width' | 'top' | 'viewportHeight'> {
  /** The size before the first measure. */
  initial: number;
}

/** The size, and two callback refs: `measureWidth` for the element whose width the canvas shares
 * (with `side`), `measureTop` for the canvas's box, whose top is measured. */
export function useFittedCanvasSize(options: CanvasSizeOptions): { measureWidth: (el: HTMLElement | null) => void; measureTop: (el: HTMLElement | null) => void; size: number } {
  const { initial, min, max, below, side } = options;
  const [size, setSize] = useState(initial);
  const widthEl = useRef<HTMLElement | null>(null);
  const topEl = useRef<HTMLElement | null>(null);
  const measure = useCallback(() => {
    const w = widthEl.current;
    const t = topEl.current;
    if (!w || !t) return;
    const top = t.getBoundingClientRect().top + window.scrollY;
    setSize(canvasSize({ width: w.clientWidth, top, viewportHeight: window.innerHeight, min, max, below, side }));
  }, [min, max, below, side]);
  const measureWidth = useCallback(
    (el: HTMLElement | null) => {
      widthEl.current = el;
      measure();
    },
    [measure],
  );
  const measureTop = useCallback(
    (el: HTMLElement | null) => {
      topEl.current = el;
      measure();
    },
    [measure],
  );
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    // The page's height changes when anything above the canvas does (its own size, below its top,
    // changes nothing the measure reads).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) {
      observer.observe(document.body);
      if (widthEl.current) observer.observe(widthEl.current);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { measureWidth, measureTop, size };
}
