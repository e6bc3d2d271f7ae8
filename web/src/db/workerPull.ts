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

type Ask = <R>(
  request: PullAsk,
  on: { progress?(table: SyncedTable, rows: number): void },
  done: (event: Exclude<PullEvent, { type: 'progress' } | { type: 'error' }>) => R,
) => Promise<R>;

/** The pulls of one worker; undefined where there are no workers (Node, jsdom). Once the worker
 * fails to load or crashes, every later call rejects with PullUnavailable at once. */
export function workerPulls(
  url: string = apiUrl(),
  start: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : startWorker,
): { publicPull: PublicPull; pagePull: PagePull } | undefined {
  if (!start) return undefined;
  let worker: WorkerLike | undefined;
  let broken = false;
  let seq = 0;
  const ask: Ask = (body, on, done) =>
    new Promise((resolve, reject) => {
      if (!broken) {
        try {
          worker ??= start();
        } catch {
          broken = true;
        }
      }
      if (broken || !worker) {
        reject(new PullUnavailable());
        return;
      }
      const w = worker;
      const id = ++seq;
      const finish = () => {
        w.removeEventListener('message', onMessage);
        w.removeEventListener('error', onError);
      };
      const onMessage: EventListener = (e) => {
        const m = (e as MessageEvent<PullReply>).data;
        if (m.id !== id) return;
        if (m.type === 'progress') on.progress?.(m.table, m.rows);
        else {
          finish();
          // A network failure stays one (a TypeError, as fetch's), so the sync reads as offline.
          if (m.type === 'error') reject(m.network ? new TypeError(m.message) : new Error(m.message));
          else resolve(done(m));
        }
      };
      const onError = (e: Event) => {
        e.preventDefault();
        finish();
        broken = true;
        w.terminate();
        worker = undefined;
        reject(new PullUnavailable());
      };
      w.addEventListener('message', onMessage);
      w.addEventListener('error', onError);
      const request: PullRequest = { ...body, id, url: new URL(url, globalThis.location?.href).href };
      w.postMessage(request);
    });
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
): PublicPull | undefined {
  return workerPulls(url, start)?.publicPull;
}
