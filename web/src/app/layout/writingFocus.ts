// Writing focus: while a learner writes on the canvas (a writing card, writing practice), the
// page's chrome gives way on a small screen, so the prompt, the canvas and the way on fit one
// screen: the app bar hides, the page header shrinks to one line with a way back, the guest
// notice to one small line. Pages say when they are writing (useWritingFocus); the shell and the
// shared pieces ask whether to give way (useCompactChrome).
import { useLayoutEffect, useSyncExternalStore } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';

/** A phone in portrait (narrower than `sm`) or any screen this low (a phone turned). */
export const COMPACT_SCREEN_QUERY = '(max-width: 599.95px), (max-height: 599.95px)';

let writers = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Marks the page as writing while `active` (and mounted). In a layout effect: the chrome gives
 * way before the page is painted, so the canvas never moves under the learner's first stroke. */
export function useWritingFocus(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    writers++;
    notify();
    return () => {
      writers--;
      notify();
    };
  }, [active]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a page is writing now (on any screen). */
export function useWriting(): boolean {
  return useSyncExternalStore(subscribe, () => writers > 0);
}

/** Whether the chrome gives way: a page is writing, on a small screen. */
export function useCompactChrome(): boolean {
  const small = useMediaQuery(COMPACT_SCREEN_QUERY, { noSsr: true });
  return useWriting() && small;
}
