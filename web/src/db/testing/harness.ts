// Test helpers: an isolated sync engine (its own IndexedDB database, caches, storage and session)
// talking to the real test server through a fetch that records every call and can fail on demand.
import { afterEach, inject } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createApi, type Api } from '../../api/client';
import { createSessionStore, type SessionStore } from '../../session/session';
import { EntityCache, followChanges } from '../cache';
import { openDb, type WriteItDb } from '../db';
import { createMutations, type Mutations } from '../mutations';
import { createSyncEngine, memoryStorage, type KeyValueStorage, type SyncEngine } from '../sync';
import { memoryLock, type RunExclusive } from '../syncLock';
import { createLanguageCodeStore, type LanguageCodeStore } from '../../app/languageCode';
import './provided';

export type Role = 'user' | 'editor' | 'admin';

/** One recorded HTTP exchange (or storage write, for ordering checks). */
export interface Call {
  kind: 'http' | 'storage';
  method: string;
  /** The request URL (storage: ''). */
  url: string;
  /** The procedures of the request, in call order (storage: the key written). */
  procedures: string[];
  /** The inputs of the request, in call order (queries: from the URL; mutations: the body). */
  inputs: unknown[];
  /** The answers, in call order (undefined when the request failed). */
  outputs?: unknown[];
  status?: number;
  headers: Record<string, string>;
}

export const server = () => inject('writeit');

/** A signed ID token from the test server. */
export async function mintToken(sub: string, role: Role = 'user', langs?: string[]): Promise<string> {
  const q = new URLSearchParams({ sub, role });
  if (langs) q.set('langs', langs.join(','));
  const res = await fetch(`${server().mintUrl}?${q}`);
  const text = await res.text();
  if (!res.ok) throw new Error(`mint ${sub}: ${res.status} ${text}`);
  return text;
}

/** A fresh user id (the `sub` of tokens). */
export const newUserId = (): string => `test-${uuidv7()}`;

export interface Network {
  /** While true, every request fails like a browser offline (fetch rejects with a TypeError). */
  down: boolean;
  /** When set, the next request reaches the server but its answer is lost (TypeError). */
  loseNextAnswer: boolean;
  /** While true, mutations (POST) fail like the network does; queries still work. */
  failMutations: boolean;
  /** While true, the server answers mutations (POST) with INTERNAL_SERVER_ERROR, unseen. */
  serverErrorOnMutations?: boolean;
  /** While set, mutations (POST) are refused, unseen by the server, with this error (its `data`
   * beside code and httpStatus: reason, field). */
  refuseMutations?: { code: string; httpStatus: number; message: string; data?: Record<string, unknown> };
  /** Awaited before a request is sent (a slow uplink): the server sees it only then. */
  beforeRequest?: (procedures: readonly string[], method: string) => Promise<void> | void;
  /** Awaited after the server answered, before the caller gets the answer (a slow downlink). */
  beforeAnswer?: (procedures: readonly string[], method: string) => Promise<void> | void;
}

function parseRequest(url: URL, method: string, body: unknown): { procedures: string[]; inputs: unknown[] } {
  const path = decodeURIComponent(url.pathname.replace(/^.*\/api\/trpc\//, ''));
  const procedures = path.split(',');
  let raw: unknown = undefined;
  if (method === 'GET') {
    const input = url.searchParams.get('input');
    raw = input === null ? undefined : JSON.parse(input);
  } else if (typeof body === 'string') {
    raw = JSON.parse(body);
  }
  const batched = url.searchParams.get('batch') === '1';
  const inputs = procedures.map((_, i) =>
    batched ? (raw as Record<string, unknown> | undefined)?.[String(i)] : raw,
  );
  return { procedures, inputs };
}

/** A fetch to the real server that records into `calls` and obeys `net`. */
export function recordingFetch(calls: Call[], net: Network): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    // Raw values (a Headers object would trim 'Bearer ' to 'Bearer').
    const raw = init?.headers;
    if (raw && !(raw instanceof Headers) && !Array.isArray(raw)) {
      for (const [k, v] of Object.entries(raw)) headers[k.toLowerCase()] = v;
    } else {
      new Headers(raw).forEach((v, k) => (headers[k] = v));
    }
    const call: Call = { kind: 'http', method, url: url.href, headers, ...parseRequest(url, method, init?.body) };
    calls.push(call);
    if (net.down || (net.failMutations && method === 'POST')) throw new TypeError('fetch failed');
    await net.beforeRequest?.(call.procedures, method);
    if (net.serverErrorOnMutations && method === 'POST') {
      const error = { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } };
      call.status = 500;
      call.outputs = call.procedures.map(() => error);
      return new Response(JSON.stringify(call.procedures.map(() => ({ error }))), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    const refusal = method === 'POST' ? net.refuseMutations : undefined;
    if (refusal) {
      const error = { message: refusal.message, code: -32600, data: { code: refusal.code, httpStatus: refusal.httpStatus, ...refusal.data } };
      call.status = refusal.httpStatus;
      call.outputs = call.procedures.map(() => error);
      return new Response(JSON.stringify(call.procedures.map(() => ({ error }))), { status: refusal.httpStatus, headers: { 'content-type': 'application/json' } });
    }
    const res = await fetch(input, init);
    call.status = res.status;
    const json: unknown = await res.clone().json();
    call.outputs = (Array.isArray(json) ? json : [json]).map((item: unknown) => {
      const r = item as { result?: { data?: unknown }; error?: unknown };
      return r.result ? r.result.data : r.error;
    });
    await net.beforeAnswer?.(call.procedures, method);
    if (net.loseNextAnswer) {
      net.loseNextAnswer = false;
      throw new TypeError('fetch failed (answer lost)');
    }
    return res;
  };
}

export interface Harness {
  engine: SyncEngine;
  mutations: Mutations;
  db: WriteItDb;
  session: SessionStore;
  storage: KeyValueStorage;
  cache: EntityCache;
  calls: Call[];
  net: Network;
  /** The lock its pushes and syncs hold (shared by the harnesses of one `tab` group). */
  lock: RunExclusive;
  /** The current language: set it to switch (a running auto sync then adds it). */
  language: LanguageCodeStore;
  /** The HTTP calls' procedures, flattened in order. */
  procedures(): string[];
  /** Sign in as a new (or given) user with a minted token. */
  signIn(userId?: string, role?: Role): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  pageSize?: number;
  userId?: string;
  role?: Role;
  /** Another tab of the same browser: this harness opens that one's database, and shares its
   * localStorage and its lock (its own session, network and calls). */
  tabOf?: Harness;
  /** The build of the app this engine runs (SyncDeps.buildId); none by default. */
  buildId?: string;
  /** The current language (SyncDeps.language): 'ko' by default, as the app's. */
  language?: string;
}

export async function harness(opts: HarnessOptions = {}): Promise<Harness> {
  const db = openDb(opts.tabOf?.db.name ?? `writeit-test-${uuidv7()}`);
  const session = createSessionStore();
  const calls: Call[] = [];
  const net: Network = { down: false, loseNextAnswer: false, failMutations: false };
  const inner = opts.tabOf?.storage ?? memoryStorage();
  const lock = opts.tabOf?.lock ?? memoryLock();
  const storage: KeyValueStorage = {
    getItem: (k) => inner.getItem(k),
    setItem: (k, v) => {
      calls.push({ kind: 'storage', method: 'setItem', url: '', procedures: [k], inputs: [v], headers: {} });
      inner.setItem(k, v);
    },
    removeItem: (k) => {
      calls.push({ kind: 'storage', method: 'removeItem', url: '', procedures: [k], inputs: [], headers: {} });
      inner.removeItem(k);
    },
  };
  const api = createApi({ url: server().trpcUrl, getIdToken: () => session.getIdToken(), fetch: recordingFetch(calls, net) });
  // As the app's cache follows the app's database.
  const cache = new EntityCache();
  const unfollow = followChanges(cache, db.name);
  const language = createLanguageCodeStore({ configured: '', storage: memoryStorage() });
  if (opts.language) language.set(opts.language);
  const engine = createSyncEngine({ db, api, session, cache, storage, pageSize: opts.pageSize, isOnline: () => true, lock, buildId: opts.buildId, language });
  const h: Harness = {
    engine,
    mutations: createMutations(engine),
    db,
    session,
    storage,
    cache,
    calls,
    net,
    lock,
    language,
    procedures: () => calls.filter((c) => c.kind === 'http').flatMap((c) => c.procedures),
    async signIn(userId = newUserId(), role: Role = 'user') {
      const token = await mintToken(userId, role);
      session.setSession({ userId, idToken: token });
      return userId;
    },
    async close() {
      unfollow();
      db.close();
      // The first tab deletes the database, once every tab of it has closed it.
      if (!opts.tabOf) await db.delete();
    },
  };
  if (opts.userId !== undefined || opts.role !== undefined) await h.signIn(opts.userId, opts.role);
  return h;
}

/** For a test file: opens harnesses, each closed (its database deleted) after the test. */
export function harnessesPerTest(): (opts?: HarnessOptions) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0).reverse()) await h.close();
  });
  return async (opts) => {
    const h = await harness(opts);
    open.push(h);
    return h;
  };
}

/** A plain client of the test server (for server-side changes and checks). */
export function serverApi(token: string | null): Api {
  return createApi({ url: server().trpcUrl, getIdToken: () => Promise.resolve(token) });
}

/** Whether the server has `entryId` enabled for the harness's signed-in user (undefined: no row). */
export async function serverEnabled(h: Harness, entryId: string): Promise<boolean | undefined> {
  const rows = await serverApi(await h.session.getIdToken()).queryUserEntries.query({ offset: 0 });
  return rows.find((u) => (u.entryId ?? u.id) === entryId)?.enabled;
}

/** Every row of a query, straight from the server in one page. */
export async function allRows<T>(q: (input: { offset: number; limit: number }) => Promise<T[]>): Promise<T[]> {
  return q({ offset: 0, limit: 5000 });
}

/** Waits until `pred` holds (polling), for background pushes. */
export async function until(pred: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((ok) => setTimeout(ok, 20));
  }
}
