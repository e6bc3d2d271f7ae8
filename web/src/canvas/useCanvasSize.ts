// The size of a square writing canvas that fits its container: the container's width, between
// `min` and `max` CSS px, followed as the container resizes (a phone turned, a window narrowed).
import { useCallback, useRef, useState } from 'react';

export function useCanvasSize(max: number, min = 200): [(el: HTMLElement | null) => void, number] {
  const [size, setSize] = useState(max);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el) return;
      const measure = () => setSize(Math.max(min, Math.min(max, Math.floor(el.clientWidth))));
      measure();
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(measure);
      observer.current.observe(el);
    },
    [max, min],
  );
  return [ref, size];
}
