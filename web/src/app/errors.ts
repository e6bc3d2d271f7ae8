// Errors of the shell (SPEC §2, §8): HTTP-like statuses for the error page, the app-level error
// hook, and the crawler rule (crawlers never get the full-page error for unhandled errors).
export const UNKNOWN_ROUTE_MIDDLEWARE = 'Unknown route middleware';
export const DEFAULT_ERROR_STATUS = 500;

/** An error carrying a status; `fatal` errors replace the whole page. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fatal = true,
    /** The path concerned, for translated messages. */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 for a route whose parameters fail validation (fatal). */
export function pageNotFoundError(fullPath: string): HttpError {
  return new HttpError(404, `Page Not Found: ${fullPath}`, true, fullPath);
}

/** 404 for an unmatched route (non-fatal: the layout stays). */
export function unmatchedRouteError(path: string): HttpError {
  return new HttpError(404, `Page not found: ${path}`, false, path);
}

/** The status of any thrown value (HttpError, anything with an HTTP status, else 500). */
export function errorStatus(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return DEFAULT_ERROR_STATUS;
}

/** The English title of a status (the page shows its translation). */
export function errorTitle(status: number): 'Page Not Found' | 'Internal Server Error' {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}

const CRAWLER_PATTERN =
  /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|headlesschrome|bingpreview|yandex|baidu|duckduck|preview/i;

/** Whether the user agent looks like a crawler. */
export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLER_PATTERN.test(userAgent);
}

type AppErrorCallback = (error: unknown, context: { source: string }) => void;
const appErrorCallbacks = new Set<AppErrorCallback>();

/** Registers an app-level error hook; returns its remover. */
export function onAppError(callback: AppErrorCallback): () => void {
  appErrorCallbacks.add(callback);
  return () => appErrorCallbacks.delete(callback);
}

/** Reports an error to every registered hook (hooks' own failures are swallowed). */
export function reportAppError(error: unknown, source = 'app'): void {
  for (const callback of appErrorCallbacks) {
    try {
      callback(error, { source });
    } catch {
      /* a failing hook must not break the app */
    }
  }
}

/** Errors the browser raises that are noise, never shown. */
export function isIgnorableError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /ResizeObserver loop/.test(message) || (error instanceof DOMException && error.name === 'AbortError');
}

// A chunk-load failure (a new version replaced the old files) reloads the page, once per 10 s per
// path (SPEC §8).
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const CHUNK_RELOAD_KEY = 'chunkReload:';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** Whether to reload for a chunk error on `path` now; records the attempt when it says yes. */
export function shouldReloadForChunkError(
  path: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: number,
): boolean {
  // Without storage the guard cannot outlive the reload: no reload (the error page says what
  // happened) rather than a loop.
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY + path) ?? 0);
    if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false;
    storage.setItem(CHUNK_RELOAD_KEY + path, String(now));
    return true;
  } catch {
    return false;
  }
}
