// The main thread's side of the public tables' pull in a worker (db/pull.worker.ts running
// db/publicPull.ts): the worker fetches and stores the pages, so a first sync's structured clones
// and database calls (50,000 entries: several seconds of them) leave the thread that draws the
// app. Only progress comes back: the app's live queries and memory cache hear of each table written
// through Dexie's own channel (db/publicPull.ts announceTableChanged, db/cache.ts followChanges).
import { apiUrl } from '../api/client';
import type { SyncedTable } from './db';
import type { PullEvent } from './publicPull';

/** What the engine asks: T and the public tables since `offset`. */
export interface PullRequest {
  id: number;
  /** The API endpoint, absolute. */
  url: string;
  offset: number;
  pageSize: number;
}

/** What the worker answers: the pull's events (db/publicPull.ts) with the request's id. */
export type PullReply = PullEvent & { id: number };

/** Pulls the public tables since `offset`; resolves with the server time T, read before any row. */
export type PublicPull = (
  input: { offset: number; pageSize: number },
  on: { progress(table: SyncedTable, rows: number): void },
) => Promise<number>;

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

/** A PublicPull in a worker; undefined where there are no workers (Node, jsdom). Online, the worker
 * is started at once, so its code loads and its database opens while the engine pushes the outbox
 * (on a first visit, while the app opens the database): the first request finds it ready. Offline
 * (an offline start draws the app from local data, and pulls nothing), it starts with the first
 * request. Once the worker fails to load or crashes, every pending and later call rejects with
 * PullUnavailable. */
export function workerPublicPull(
  url: string = apiUrl(),
  start: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : startWorker,
  online: () => boolean = () => globalThis.navigator?.onLine !== false,
): PublicPull | undefined {
  if (!start) return undefined;
  const launch = start;
  const waiting = new Map<number, { resolve(time: number): void; reject(e: Error): void; progress(table: SyncedTable, rows: number): void }>();
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
    if (m.type === 'progress') w.progress(m.table, m.rows);
    else {
      waiting.delete(m.id);
      if (m.type === 'done') w.resolve(m.time);
      // A network failure stays one (a TypeError, as fetch's), so the sync reads as offline.
      else w.reject(m.network ? new TypeError(m.message) : new Error(m.message));
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
  return (input, on) =>
    new Promise<number>((resolve, reject) => {
      const w = ready();
      if (!w) {
        reject(new PullUnavailable());
        return;
      }
      const id = ++seq;
      waiting.set(id, { resolve, reject, progress: on.progress });
      const request: PullRequest = { id, url: new URL(url, globalThis.location?.href).href, offset: input.offset, pageSize: input.pageSize };
      w.postMessage(request);
    });
}
