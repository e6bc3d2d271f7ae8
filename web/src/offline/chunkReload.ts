// SPEC §8: a failure to load a part of the app (a chunk of an older build that a deploy removed,
// or a flaky network) reloads the page, at most once per 10 s per path so a chunk that is really
// gone cannot cause a reload loop; after that the error reaches the error page as usual.

/** SPEC §9: the reload guard. */
export const RELOAD_GUARD_MS = 10_000;

// The same key as src/app/errors.ts uses, so the shell's guard and this one are one guard.
const KEY_PREFIX = 'chunkReload:';

/** What the guard needs from the browser; injected in tests. */
export interface ChunkReloadEnv {
  now(): number;
  path(): string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload(): void;
}

const MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preload helper
];

/** True for the errors browsers and Vite raise when a lazily loaded chunk cannot be loaded. */
export function isChunkLoadError(e: unknown): boolean {
  if (e === null || e === undefined) return false;
  const message =
    typeof e === 'string'
      ? e
      : typeof e === 'object' && 'message' in e && typeof e.message === 'string'
        ? e.message
        : '';
  if (message && MESSAGES.some((m) => message.includes(m))) return true;
  return typeof e === 'object' && 'name' in e && e.name === 'ChunkLoadError';
}

function browserEnv(): ChunkReloadEnv {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined; // blocked storage (privacy settings)
  }
  return {
    now: () => Date.now(),
    path: () => window.location.pathname,
    storage,
    reload: () => window.location.reload(),
  };
}

/** Reloads the page unless it was already reloaded for a chunk error on this path within the last
 * 10 s. Returns true when it reloaded. */
export function reloadOnce(env: ChunkReloadEnv = browserEnv()): boolean {
  const key = KEY_PREFIX + env.path();
  const now = env.now();
  let last = NaN;
  try {
    last = Number(env.storage?.getItem(key) ?? NaN);
  } catch {
    // unreadable storage: treat as never reloaded
  }
  if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    env.storage?.setItem(key, String(now));
  } catch {
    // Without storage there is no guard across reloads; still reload once for this page.
  }
  env.reload();
  return true;
}

/** Handles a chunk-load error from anywhere (e.g. a route's lazy import or an error boundary):
 * reloads under the guard. Returns true when the page is reloading, so the caller can skip
 * showing the error. */
export function handleChunkLoadError(e: unknown, env?: ChunkReloadEnv): boolean {
  return isChunkLoadError(e) && reloadOnce(env);
}

let installed = false;

/** Listens for Vite's `vite:preloadError` and for unhandled chunk-load rejections and errors. */
export function installChunkReload(env?: ChunkReloadEnv): () => void {
  if (installed || typeof window === 'undefined') return () => undefined;
  installed = true;
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnce(env)) {
      event.preventDefault(); // reloading: don't let Vite rethrow the error
    } else {
      console.error('Chunk failed to load again within 10 s; not reloading.', payload);
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (handleChunkLoadError(event.reason, env)) event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    if (handleChunkLoadError(event.error ?? event.message, env)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    installed = false;
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}

/** Wraps a dynamic import (for `React.lazy` or a route's `lazy`) so that a chunk-load failure
 * reloads the page under the guard instead of surfacing; when the guard holds (a second failure
 * within 10 s) the error is rethrown for the error page. */
export function importWithReload<T>(load: () => Promise<T>, env?: ChunkReloadEnv): () => Promise<T> {
  return () =>
    load().catch((e: unknown) => {
      if (handleChunkLoadError(e, env)) {
        return new Promise<T>(() => undefined); // the page is reloading; never settle
      }
      throw e;
    });
}
