// The tRPC client of the product server (SPEC §7, DESIGN §3): batched calls to /api/trpc (a full
// host in the native shell), typed by the generated AppRouter, with the ID token as a Bearer header
// on every call (empty when nobody is signed in, SPEC §6); every answer's X-Server-Time is
// measured against the device's clock (serverClock.ts), and an answer refusing the token (401)
// is reported, so identity can renew it or find the session ended (issue 37).
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import type { AppRouter } from './generated/router';
import type { ErrorCode } from './generated/types';
import { observeResponse } from './serverClock';

export type Api = TRPCClient<AppRouter>;

export interface ApiOptions {
  /** The endpoint, e.g. '/api/trpc' or 'https://host/api/trpc'. */
  url: string;
  /** The current ID token, null for a guest. */
  getIdToken: () => Promise<string | null>;
  /** A fetch to use instead of the global one (tests wrap it to record or fail calls). */
  fetch?: typeof fetch;
  /** A request not answered whole within this many ms is given up (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Told the ID token a request carried when the server answered 401 (UNAUTHORIZED). */
  onUnauthorized?: (idToken: string) => void;
}

/** How long a request may take, answer included: one that hangs would otherwise hold the sync
 * lock (db/syncLock.ts), and with it every tab's pushes and syncs, until the browser gives up. A
 * page of 5000 entries is about 300 KB compressed: 25 s on a 100 kbit/s link. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Batched calls stay under the server's 16 KiB URL limit (docs/rpc.md) with room to spare. */
export const MAX_URL_LENGTH = 14_000;
/** The server refuses batches of more than 32 calls. */
export const MAX_BATCH_ITEMS = 32;

export function createApi(opts: ApiOptions): Api {
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // Given up like a lost connection (an AbortError): the caller sees a network failure and retries.
  // Each answer also says the server's time: the device's clock is measured against it.
  const timed: typeof fetch = async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? eitherSignal(init.signal, timeout) : timeout;
    const sent = Date.now();
    const response = await (opts.fetch ?? globalThis.fetch)(input, { ...init, signal });
    observeResponse(response, sent, Date.now());
    if (response.status === 401 && opts.onUnauthorized) {
      // A batch shares one token, so a refused token answers the whole request 401.
      const token = bearerToken(init?.headers);
      if (token) opts.onUnauthorized(token);
    }
    return response;
  };
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: opts.url,
        maxURLLength: MAX_URL_LENGTH,
        maxItems: MAX_BATCH_ITEMS,
        fetch: timed,
        async headers() {
          const token = await opts.getIdToken();
          return { Authorization: 'Bearer ' + (token ?? '') };
        },
      }),
    ],
  });
}

/** The ID token of a request's Authorization header ('' for a guest). */
export function bearerToken(headers: HeadersInit | undefined): string {
  const value = new Headers(headers).get('Authorization') ?? '';
  return value.startsWith('Bearer ') ? value.slice('Bearer '.length).trim() : '';
}

/** Aborted when either is, with its reason (AbortSignal.any, where the browser has it: Safari
 * before 17.4 has not). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

/** The API endpoint: `VITE_API_URL` when the build sets it (the native shell: a full host +
 * '/api/trpc'), else '/api/trpc' on the web app's own origin. */
export function apiUrl(): string {
  const configured: unknown = import.meta.env.VITE_API_URL;
  return typeof configured === 'string' && configured !== '' ? configured : '/api/trpc';
}

/** A server path such as an entry's audio ('/media/…') as the app can load it: on the web the app's
 * own origin serves it; in the native shell, the configured API host (VITE_API_URL's origin).
 * Full URLs are answered as they are. */
export function serverUrl(path: string, api = apiUrl()): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  try {
    return new URL(path, new URL(api)).href;
  } catch {
    return path; // a relative API URL: the same origin
  }
}

/** SPEC §8: the text for a response that is not a tRPC answer. */
export const MALFORMED_RESPONSE = 'Unable to transform response from server';

/** The server's error code of a failed call (e.g. 'BAD_REQUEST'), or undefined when the call got
 * no tRPC error answer (network failure, malformed response, not a client error at all). */
export function errorCode(e: unknown): ErrorCode | undefined {
  if (!(e instanceof TRPCClientError)) return undefined;
  const data: unknown = e.data;
  if (typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string') {
    return data.code as ErrorCode;
  }
  return undefined;
}

/** True when the call never reached the server, or its answer never came: offline, DNS, refused
 * connection, CORS, abort, or given up after the request timeout. */
export function isNetworkError(e: unknown): boolean {
  const cause = e instanceof TRPCClientError ? (e.cause as unknown) : e;
  if (cause instanceof TypeError) return true; // fetch rejects with a TypeError on network failure
  return cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
}

/** True when the server (or something in between) answered with something that is not a tRPC
 * response: not JSON, or JSON of the wrong shape. */
export function isMalformedResponse(e: unknown): boolean {
  if (!(e instanceof TRPCClientError)) return false;
  if (e.message === MALFORMED_RESPONSE) return true;
  return e.cause instanceof SyntaxError;
}

/** Readable text for an error from a call (or anything thrown). */
export function errorMessage(e: unknown): string {
  if (isMalformedResponse(e)) return MALFORMED_RESPONSE;
  if (isNetworkError(e)) return 'Network error: the server cannot be reached';
  if (e instanceof TRPCClientError) return e.message || errorCode(e) || 'Unknown error';
  if (e instanceof Error) return e.message || e.name;
  if (typeof e === 'string') return e;
  return 'Unknown error';
}
