// The main thread's side of the public tables' pull in a worker (db/pull.worker.ts running
// db/publicPull.ts): the worker fetches and stores the pages, so a first sync's structured clones
// and database calls (50,000 entries: several seconds of them) leave the thread that draws the
// app. Only progress comes back: the app's live queries and memory cache hear of each table written
// through Dexie's own channel (db/publicPull.ts announceTableChanged, db/cache.ts followChanges).
import { apiUrl } from '../api/client';
import type { PageInput } from '../api/generated/types';
import type { SyncedTable } from './db';
import type { LanguageTable } from './languages';
import type { StoredPage } from './pagePull';
import type { PullEvent } from './publicPull';

/** What the engine asks: T and the public tables since `offset` (decks, entries and characters of
 * the `joined` languages), or one page of a language being added (db/languages.ts). */
export type PullRequest = { id: number; url: string } & PullAsk;
type PullAsk = { kind: 'sync'; offset: number; joined: string[]; pageSize: number } | { kind: 'page'; table: LanguageTable; input: PageInput };

/** What the worker answers: the pull's events (db/publicPull.ts) with the request's id. */
export type PullReply = PullEvent & { id: number };

/** Pulls the public tables since `offset`; resolves with the server time T, read before any row. */
export type PublicPull = (
  input: { offset: number; joined: string[]; pageSize: number },
  on: { progress(table: SyncedTable, rows: number): void },
) => Promise<number>;

/** Pulls and stores one page of a language being added. */
export type PagePull = (table: LanguageTable, input: PageInput) => Promise<StoredPage>;

/** The worker could not run (it failed to load, or crashed): the caller pulls on its own thread. */
export class PullUnavailable extends Error {
  constructor() {
    super('The sync worker is not available');
    this.name = 'PullUnavailable';
  }
}

/** What a PublicPull needs of a Worker (tests pass a fake). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'terminate'>;

function startWorker(): WorkerLike {
  return new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module', name: 'writeit-sync' });
}

type Done = Exclude<PullEvent, { type: 'progress' } | { type: 'error' }>;

/** The pulls of one worker; undefined where there are no workers (Node, jsdom). Online, the worker
 * is started at once, so its code loads and its database opens while the engine pushes the outbox
 * (on a first visit, while the app opens the database): the first request finds it ready. Offline
 * (an offline start draws the app from local data, and pulls nothing), it starts with the first
 * request. Once the worker fails to load or crashes, every pending and later call rejects with
 * PullUnavailable. */
export function workerPulls(
  url: string = apiUrl(),
  start: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : startWorker,
  online: () => boolean = () => globalThis.navigator?.onLine !== false,
): { publicPull: PublicPull; pagePull: PagePull } | undefined {
  if (!start) return undefined;
  const launch = start;
  const waiting = new Map<number, { resolve(done: Done): void; reject(e: Error): void; progress?(table: SyncedTable, rows: number): void }>();
  let seq = 0;
  let worker: WorkerLike | undefined;
  let broken = false;
  const fail = () => {
    broken = true;
    worker?.terminate();
    worker = undefined;
    for (const w of waiting.values()) w.reject(new PullUnavailable());
    waiting.clear();
  };
  const onMessage = (e: Event) => {
    const m = (e as MessageEvent<PullReply>).data;
    const w = waiting.get(m.id);
    if (!w) return;
    if (m.type === 'progress') w.progress?.(m.table, m.rows);
    else {
      waiting.delete(m.id);
      // A network failure stays one (a TypeError, as fetch's), so the sync reads as offline.
      if (m.type === 'error') w.reject(m.network ? new TypeError(m.message) : new Error(m.message));
      else w.resolve(m);
    }
  };
  const onError = (e: Event) => {
    e.preventDefault();
    fail();
  };
  /** The worker, started if it is not yet; undefined once it cannot be. */
  const ready = (): WorkerLike | undefined => {
    if (worker || broken) return worker;
    try {
      worker = launch();
    } catch {
      broken = true;
      return undefined;
    }
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    return worker;
  };
  if (online()) ready();
  const ask = <R>(body: PullAsk, on: { progress?(table: SyncedTable, rows: number): void }, done: (event: Done) => R): Promise<R> =>
    new Promise<Done>((resolve, reject) => {
      const w = ready();
      if (!w) {
        reject(new PullUnavailable());
        return;
      }
      const id = ++seq;
      waiting.set(id, { resolve, reject, progress: on.progress });
      const request: PullRequest = { ...body, id, url: new URL(url, globalThis.location?.href).href };
      w.postMessage(request);
    }).then(done);
  return {
    publicPull: (input, on) =>
      ask({ kind: 'sync', ...input }, on, (m) => {
        if (m.type !== 'done') throw new Error('unexpected answer');
        return m.time;
      }),
    pagePull: (table, input) =>
      ask({ kind: 'page', table, input }, {}, (m) => {
        if (m.type !== 'page') throw new Error('unexpected answer');
        return m.page;
      }),
  };
}

/** The worker's public pull alone (kept for callers and tests that need only it). */
export function workerPublicPull(
  url: string = apiUrl(),
  start: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : startWorker,
  online?: () => boolean,
): PublicPull | undefined {
  return workerPulls(url, start, online)?.publicPull;
}
