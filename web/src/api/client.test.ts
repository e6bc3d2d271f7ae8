// The tRPC client set-up: headers, batching limits and error texts (SPEC §6–8), against the real
// server where it matters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { apiUrl, bearerToken, createApi, errorCode, errorMessage, isNetworkError, MALFORMED_RESPONSE, REQUEST_TIMEOUT_MS, serverUrl } from './client';
import { mintToken, newUserId, recordingFetch, server, type Call } from '../db/testing/harness';

const net = () => ({ down: false, loseNextAnswer: false, failMutations: false });

/** A fetch answering every request with `body`. */
const answering =
  (body: string, status = 200): typeof fetch =>
  () =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createApi', () => {
  it('sends Authorization: Bearer + the ID token, empty for a guest', async () => {
    const calls: Call[] = [];
    let token: string | null = null;
    const api = createApi({ url: server().trpcUrl, getIdToken: () => Promise.resolve(token), fetch: recordingFetch(calls, net()) });
    expect(await api.getServerTime.query()).toBeGreaterThan(0);
    expect(calls[0]?.headers['authorization']).toBe('Bearer ');
    token = await mintToken(newUserId());
    expect(await api.queryUserDecks.query({ offset: 0 })).toEqual([]);
    expect(calls[1]?.headers['authorization']).toBe(`Bearer ${token}`);
  });

  it('reports the token of a request the server refused (401), and only then', async () => {
    const refused: string[] = [];
    let token: string | null = 'not.a.token';
    const api = createApi({ url: server().trpcUrl, getIdToken: () => Promise.resolve(token), onUnauthorized: (t) => refused.push(t) });
    await expect(api.queryUserDecks.query({ offset: 0 })).rejects.toBeInstanceOf(TRPCClientError);
    expect(refused).toEqual(['not.a.token']);
    token = await mintToken(newUserId());
    await api.queryUserDecks.query({ offset: 0 });
    token = null;
    await expect(api.queryUserDecks.query({ offset: 0 })).rejects.toBeInstanceOf(TRPCClientError);
    expect(refused).toEqual(['not.a.token']);
    expect(bearerToken({ Authorization: 'Bearer abc' })).toBe('abc');
    expect(bearerToken({ Authorization: 'Bearer ' })).toBe('');
  });

  it('batches calls of one tick, within 32 calls and the URL limit', async () => {
    const calls: Call[] = [];
    const api = createApi({ url: server().trpcUrl, getIdToken: () => Promise.resolve(null), fetch: recordingFetch(calls, net()) });
    // ~540 URL characters per call: the URL limit splits batches before the 32-call cap does.
    const cursor = { updatedAt: 1, id: '가'.repeat(60) };
    const results = await Promise.all(
      Array.from({ length: 70 }, (_, i) => api.queryLanguages.query({ offset: i, after: cursor, limit: 1 })),
    );
    expect(results).toHaveLength(70);
    expect(calls.length).toBeGreaterThan(2);
    for (const c of calls) {
      expect(c.status).toBe(200);
      expect(c.procedures.length).toBeLessThanOrEqual(32);
      expect(c.url.length).toBeLessThanOrEqual(14_000);
    }
    expect(calls.reduce((n, c) => n + c.procedures.length, 0)).toBe(70);
  });
});

describe('errors', () => {
  it('names a malformed response as SPEC §8 does', async () => {
    for (const body of ['<html>oops</html>', '{"unexpected":true}', '[1,2]']) {
      const api = createApi({ url: 'http://127.0.0.1:1/api/trpc', getIdToken: async () => null, fetch: answering(body) });
      const e: unknown = await api.getServerTime.query().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(TRPCClientError);
      expect(errorMessage(e)).toBe(MALFORMED_RESPONSE);
      expect(isNetworkError(e)).toBe(false);
    }
  });

  it('gives the server’s message and code', async () => {
    const api = createApi({ url: server().trpcUrl, getIdToken: async () => null });
    const e: unknown = await api.queryEntries.query({ offset: 0, limit: 0 }).catch((x: unknown) => x);
    expect(errorCode(e)).toBe('BAD_REQUEST');
    expect(errorMessage(e)).toMatch(/limit/);
    const guest: unknown = await api.queryUserCards.query({ offset: 0 }).catch((x: unknown) => x);
    expect(errorCode(guest)).toBe('UNAUTHORIZED');
  });

  it('recognises a network failure', async () => {
    const api = createApi({
      url: server().trpcUrl,
      getIdToken: async () => null,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const e: unknown = await api.getServerTime.query().catch((x: unknown) => x);
    expect(isNetworkError(e)).toBe(true);
    expect(errorCode(e)).toBeUndefined();
    expect(errorMessage(e)).toMatch(/network/i);
    expect(errorMessage(new Error('plain'))).toBe('plain');
    expect(errorMessage('text')).toBe('text');
  });
});

describe('the request timeout', () => {
  it('gives up a request that hangs, as a network failure (retried later, the sync lock let go)', async () => {
    let signal: AbortSignal | undefined;
    const api = createApi({
      url: server().trpcUrl,
      getIdToken: async () => null,
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise<Response>((_ok, fail) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => fail(signal?.reason));
        }),
    });
    const started = Date.now();
    const e: unknown = await api.getServerTime.query().catch((x: unknown) => x);
    expect(signal?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isNetworkError(e)).toBe(true);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });
});

describe('apiUrl', () => {
  it('is /api/trpc on the web, the configured host in the native shell', () => {
    vi.stubEnv('VITE_API_URL', '');
    expect(apiUrl()).toBe('/api/trpc');
    vi.stubEnv('VITE_API_URL', 'https://writeit.example/api/trpc');
    expect(apiUrl()).toBe('https://writeit.example/api/trpc');
  });
});

describe('serverUrl', () => {
  it("loads server paths from the API's host in the native shell, else from the app's origin", () => {
    expect(serverUrl('/media/ab.mp3', '/api/trpc')).toBe('/media/ab.mp3');
    expect(serverUrl('/media/ab.mp3', 'https://writeit.example/api/trpc')).toBe('https://writeit.example/media/ab.mp3');
    expect(serverUrl('https://cdn.example/a.mp3', 'https://writeit.example/api/trpc')).toBe('https://cdn.example/a.mp3');
    expect(serverUrl('//cdn.example/a.mp3', 'https://writeit.example/api/trpc')).toBe('//cdn.example/a.mp3');
  });
});
