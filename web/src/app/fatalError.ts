// Unhandled errors (window 'error', 'unhandledrejection', failed chunk loads) and the full-page
// error they lead to, except for crawlers, whose errors only reach the app-level hook (SPEC §8).
import { useSyncExternalStore } from 'react';
import { isChunkLoadError, isCrawler, isIgnorableError, reportAppError, shouldReloadForChunkError } from './errors';
import { releaseSnapshot } from './snapshot/live';

let fatal: unknown = null;
const listeners = new Set<() => void>();

export function setFatalError(error: unknown): void {
  // The full-page error replaces whatever is shown, a start's snapshot too.
  if (error !== null) releaseSnapshot();
  fatal = error;
  listeners.forEach((l) => l());
}

export function clearFatalError(): void {
  setFatalError(null);
}

export function useFatalError(): unknown {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => fatal,
  );
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads the page for a chunk-load error unless it already did for this path in the last 10 s. */
export function reloadForChunkError(): boolean {
  if (!shouldReloadForChunkError(window.location.pathname, safeSessionStorage(), Date.now())) return false;
  window.location.reload();
  return true;
}

/** Handles an unhandled error: report it, reload for chunk errors, else the full-page error. */
export function handleUnhandledError(error: unknown, source: string, userAgent = navigator.userAgent): void {
  if (isIgnorableError(error)) return;
  reportAppError(error, source);
  if (isChunkLoadError(error) && reloadForChunkError()) return;
  if (isCrawler(userAgent)) return;
  setFatalError(error);
}

/** Installs the window listeners; returns their remover. */
export function installGlobalErrorHandlers(): () => void {
  const onError = (event: ErrorEvent) => handleUnhandledError(event.error ?? event.message, 'window.error');
  const onRejection = (event: PromiseRejectionEvent) => handleUnhandledError(event.reason, 'unhandledrejection');
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
