// The top loading bar's timing (SPEC §4, §9): it appears only if work lasts longer than the start
// delay, creeps towards 100 % over an estimated duration, jumps to 100 % when all work is done,
// hides after the hide delay and resets after the reset delay. Several sources (navigation, data
// work) may hold it at once. Pure: timers are injected, so tests drive it with fake timers.

export const LOADING_BAR_START_DELAY_MS = 200;
export const LOADING_BAR_ESTIMATED_DURATION_MS = 2000;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
export const LOADING_BAR_RESET_DELAY_MS = 400;
export const LOADING_BAR_HEIGHT_PX = 3;
/** How often the estimated progress is advanced while loading (ms). */
export const LOADING_BAR_TICK_MS = 100;

export type LoadingBarStatus = 'idle' | 'loading' | 'finished' | 'error';

export interface LoadingBarState {
  status: LoadingBarStatus;
  /** Whether the bar is drawn. */
  visible: boolean;
  /** 0..100. */
  progress: number;
}

export interface LoadingBarOptions {
  startDelay?: number;
  duration?: number;
  hideDelay?: number;
  resetDelay?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** Estimated progress after `elapsed` ms: fast at first, approaching (never reaching) 100. */
export function estimatedProgress(elapsed: number, duration: number): number {
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50));
}

export const IDLE_STATE: LoadingBarState = { status: 'idle', visible: false, progress: 0 };

export function createLoadingBar(options: LoadingBarOptions = {}) {
  const startDelay = options.startDelay ?? LOADING_BAR_START_DELAY_MS;
  const duration = options.duration ?? LOADING_BAR_ESTIMATED_DURATION_MS;
  const hideDelay = options.hideDelay ?? LOADING_BAR_HIDE_DELAY_MS;
  const resetDelay = options.resetDelay ?? LOADING_BAR_RESET_DELAY_MS;
  const now = options.now ?? (() => Date.now());
  const setT = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearT = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  const setI = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const clearI = options.clearInterval ?? ((h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>));

  let state: LoadingBarState = IDLE_STATE;
  let active = 0;
  let failed = false;
  let startedAt = 0;
  let startTimer: unknown;
  let hideTimer: unknown;
  let resetTimer: unknown;
  let ticker: unknown;
  const listeners = new Set<() => void>();

  const set = (next: LoadingBarState) => {
    if (next.status === state.status && next.visible === state.visible && next.progress === state.progress) return;
    state = next;
    listeners.forEach((l) => l());
  };
  const clearAll = () => {
    if (startTimer !== undefined) clearT(startTimer);
    if (hideTimer !== undefined) clearT(hideTimer);
    if (resetTimer !== undefined) clearT(resetTimer);
    if (ticker !== undefined) clearI(ticker);
    startTimer = hideTimer = resetTimer = ticker = undefined;
  };

  const show = () => {
    startTimer = undefined;
    startedAt = now();
    set({ status: 'loading', visible: true, progress: 0 });
    ticker = setI(() => {
      set({ status: 'loading', visible: true, progress: estimatedProgress(now() - startedAt, duration) });
    }, LOADING_BAR_TICK_MS);
  };

  const complete = () => {
    const wasVisible = state.status === 'loading';
    const error = failed;
    clearAll();
    failed = false;
    if (!wasVisible) {
      // Finished within the start delay: never shown (an error still flashes the bar).
      if (!error) {
        set(IDLE_STATE);
        return;
      }
    }
    set({ status: error ? 'error' : 'finished', visible: true, progress: 100 });
    hideTimer = setT(() => {
      hideTimer = undefined;
      set({ ...state, visible: false });
      resetTimer = setT(() => {
        resetTimer = undefined;
        set(IDLE_STATE);
      }, resetDelay);
    }, hideDelay);
  };

  return {
    getState: (): LoadingBarState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Marks the start of a piece of work; returns its end, to call once (with error = true on failure). */
    begin(): (error?: boolean) => void {
      active += 1;
      if (active === 1) {
        if (state.status === 'loading') {
          // Already showing (cannot happen with active 0, kept for safety).
        } else if (state.status === 'finished' || state.status === 'error' || state.visible) {
          // Restarting while the finished bar is still fading: show immediately.
          clearAll();
          show();
        } else if (startTimer === undefined) {
          clearAll();
          set(IDLE_STATE);
          startTimer = setT(show, startDelay);
        }
      }
      let ended = false;
      return (error = false) => {
        if (ended) return;
        ended = true;
        if (error) failed = true;
        active -= 1;
        if (active === 0) complete();
      };
    },
    /** Number of pieces of work in progress. */
    activeCount: () => active,
    dispose: clearAll,
  };
}

export type LoadingBarController = ReturnType<typeof createLoadingBar>;
