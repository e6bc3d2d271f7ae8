// @vitest-environment jsdom
// The main thread's side of the sync worker (db/workerPull.ts), with a stand-in worker: requests,
// replies by id, errors, and the fallback once the worker fails.
import { describe, expect, it } from 'vitest';
import { isNetworkError } from '../api/client';
import { PullUnavailable, workerPublicPull, workerPulls, type PullReply, type PullRequest, type WorkerLike } from './workerPull';

class FakeWorker extends EventTarget implements WorkerLike {
  requests: PullRequest[] = [];
  terminated = false;
  postMessage(message: unknown): void {
    this.requests.push(message as PullRequest);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(data: PullReply): void {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  fail(): void {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }
}

function setup(online = true) {
  const workers: FakeWorker[] = [];
  const pull = workerPublicPull(
    '/api/trpc',
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    () => online,
  );
  if (!pull) throw new Error('no pull');
  const seen: string[] = [];
  const on = {
    progress: (table: string, rows: number) => seen.push(`progress ${table} ${rows}`),
  };
  return { pull, workers, seen, on };
}

describe('workerPublicPull', () => {
  it('is not there without workers', () => {
    expect(workerPublicPull('/api/trpc', undefined)).toBeUndefined();
  });

  it('asks with an absolute URL and resolves with T after the events of its own request', async () => {
    const { pull, workers, seen, on } = setup();
    const result = pull({ offset: 42, joined: [], pageSize: 100 }, on);
    const w = workers[0]!;
    const request = w.requests[0]!;
    expect(request).toMatchObject({ offset: 42, joined: [], pageSize: 100 });
    expect(new URL(request.url).pathname).toBe('/api/trpc');
    w.reply({ id: request.id + 1, type: 'progress', table: 'decks', rows: 9 }); // another request's
    w.reply({ id: request.id, type: 'progress', table: 'languages', rows: 0 });
    w.reply({ id: request.id, type: 'progress', table: 'languages', rows: 3 });
    w.reply({ id: request.id, type: 'done', time: 1234 });
    expect(await result).toBe(1234);
    expect(seen).toEqual(['progress languages 0', 'progress languages 3']);
    // The same worker serves the next request.
    const next = pull({ offset: 1234, joined: [], pageSize: 100 }, on);
    expect(workers).toHaveLength(1);
    w.reply({ id: w.requests[1]!.id, type: 'done', time: 2000 });
    expect(await next).toBe(2000);
  });

  it('rejects with a network error for a network failure, and a plain one otherwise', async () => {
    const { pull, workers, on } = setup();
    const offline = pull({ offset: 0, joined: [], pageSize: 100 }, on);
    const w = workers[0]!;
    w.reply({ id: w.requests[0]!.id, type: 'error', message: 'Network error: the server cannot be reached', network: true });
    const e1 = await offline.catch((e: unknown) => e);
    expect(isNetworkError(e1)).toBe(true);
    const failed = pull({ offset: 0, joined: [], pageSize: 100 }, on);
    w.reply({ id: w.requests[1]!.id, type: 'error', message: 'INTERNAL_SERVER_ERROR', network: false });
    const e2 = await failed.catch((e: unknown) => e);
    expect(isNetworkError(e2)).toBe(false);
    expect((e2 as Error).message).toBe('INTERNAL_SERVER_ERROR');
  });

  it('gives up on a worker that fails, and on workers altogether after that', async () => {
    const { pull, workers, on } = setup();
    const first = pull({ offset: 0, joined: [], pageSize: 100 }, on);
    workers[0]!.fail();
    await expect(first).rejects.toBeInstanceOf(PullUnavailable);
    expect(workers[0]!.terminated).toBe(true);
    await expect(pull({ offset: 0, joined: [], pageSize: 100 }, on)).rejects.toBeInstanceOf(PullUnavailable);
    expect(workers).toHaveLength(1);
  });

  it('starts the worker before the first call, and fails the calls of one that failed meanwhile', async () => {
    const { pull, workers, on } = setup();
    expect(workers).toHaveLength(1);
    workers[0]!.fail();
    await expect(pull({ offset: 0, joined: [], pageSize: 100 }, on)).rejects.toBeInstanceOf(PullUnavailable);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('offline, starts the worker with the first call only', async () => {
    const { pull, workers, on } = setup(false);
    expect(workers).toHaveLength(0);
    const result = pull({ offset: 0, joined: [], pageSize: 100 }, on);
    expect(workers).toHaveLength(1);
    workers[0]!.reply({ id: workers[0]!.requests[0]!.id, type: 'done', time: 7 });
    expect(await result).toBe(7);
  });

  it('is unavailable when the worker cannot be started', async () => {
    const pull = workerPublicPull('/api/trpc', () => {
      throw new Error('SecurityError');
    });
    await expect(pull!({ offset: 0, joined: [], pageSize: 100 }, { progress: () => {} })).rejects.toBeInstanceOf(PullUnavailable);
  });
});

describe('workerPulls: a page of a language being added', () => {
  it('asks the same worker for one page and resolves with what it stored', async () => {
    const workers: FakeWorker[] = [];
    const pulls = workerPulls('/api/trpc', () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    });
    const input = { offset: 0, until: 99, languages: ['zh'], limit: 10, after: { updatedAt: 5, id: 'a' } };
    const page = pulls!.pagePull('entries', input);
    const w = workers[0]!;
    expect(w.requests[0]).toMatchObject({ kind: 'page', table: 'entries', input });
    w.reply({ id: w.requests[0]!.id, type: 'page', page: { rows: 10, last: { updatedAt: 7, id: 'b' }, full: true } });
    expect(await page).toEqual({ rows: 10, last: { updatedAt: 7, id: 'b' }, full: true });
    // The sync's pull shares the worker.
    const sync = pulls!.publicPull({ offset: 0, joined: ['ko'], pageSize: 100 }, { progress: () => {} });
    expect(workers).toHaveLength(1);
    expect(w.requests[1]).toMatchObject({ kind: 'sync', joined: ['ko'] });
    w.reply({ id: w.requests[1]!.id, type: 'done', time: 3 });
    expect(await sync).toBe(3);
  });
});

