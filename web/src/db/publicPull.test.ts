// The public tables' pull as the sync worker runs it (db/publicPull.ts), against a real
// `writeit serve`, and the engine handing its public tables to such a pull (db/sync.ts).
import { describe, expect, it } from 'vitest';
import { PUBLIC_TABLES, type SyncedTable } from './db';
import { loadCached } from './cache';
import { announceTableChanged, DEXIE_MUTATIONS_CHANNEL, runPagePull, runPublicPull, type PullEvent } from './publicPull';
import { createSyncEngine, LAST_SYNC_KEY } from './sync';
import { harnessesPerTest, type Harness } from './testing/harness';
import { PullUnavailable, type PublicPull } from './workerPull';

const make = harnessesPerTest();

/** A PublicPull that runs runPublicPull on this thread, as the worker would. */
function loopback(h: Harness): PublicPull & { calls: number } {
  const pull = (async (input, on) => {
    pull.calls++;
    let result: PullEvent | undefined;
    await runPublicPull(
      {
        db: h.db,
        api: h.engine.api,
        post: (e) => {
          if (e.type === 'progress') on.progress(e.table, e.rows);
          else result = e;
        },
      },
      input,
    );
    if (result?.type === 'done') return result.time;
    throw result?.type === 'error' && result.network ? new TypeError(result.message) : new Error(result?.type === 'error' ? result.message : 'no answer');
  }) as PublicPull & { calls: number };
  pull.calls = 0;
  return pull;
}

describe('public pull (the sync worker)', () => {
  it('asks T with the first page, stores every public table, and announces each table it wrote', async () => {
    const h = await make({ pageSize: 100 });
    const events: PullEvent[] = [];
    const changed: SyncedTable[] = [];
    await runPublicPull({ db: h.db, api: h.engine.api, post: (e) => events.push(e), changed: (t) => changed.push(t) }, { offset: 0, joined: ['ko'], pageSize: 100 });

    expect(h.calls.find((c) => c.kind === 'http')?.procedures).toEqual(['getServerTime', 'queryLanguages']);
    const last = events.at(-1);
    expect(last?.type).toBe('done');
    for (const table of PUBLIC_TABLES) {
      expect(await h.db.table(table).count()).toBeGreaterThan(0);
      expect(changed).toContain(table);
    }
    // Nothing but progress and the end is posted (the rows and their keys stay in the worker).
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['progress', 'done']));
    // Progress ends at what was received, per table, in sync order.
    const progressTables = events.filter((e) => e.type === 'progress').map((e) => e.table);
    expect([...new Set(progressTables)]).toEqual([...PUBLIC_TABLES]);
  });

  it('pulls and stores one page of a language being added, announcing its table', async () => {
    const h = await make();
    const events: PullEvent[] = [];
    const changed: SyncedTable[] = [];
    const input = { offset: 0, until: Date.now() + 60_000, languages: ['zh'], limit: 10 };
    await runPagePull({ db: h.db, api: h.engine.api, post: (e) => events.push(e), changed: (t) => changed.push(t) }, 'entries', input);
    const page = events.at(-1);
    expect(page?.type).toBe('page');
    const rows = await h.db.entries.toArray();
    expect(rows).toHaveLength(10);
    expect(rows.every((e) => e.languageCode === 'zh')).toBe(true);
    const last = [...rows].sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : 1)).at(-1)!;
    expect(page).toEqual({ type: 'page', page: { rows: 10, last: { updatedAt: last.updatedAt, id: last.id }, full: true } });
    expect(changed).toEqual(['entries']);
  });

  it('reports a network failure as one', async () => {
    const h = await make();
    h.net.down = true;
    const events: PullEvent[] = [];
    await runPublicPull({ db: h.db, api: h.engine.api, post: (e) => events.push(e) }, { offset: 0, joined: ['ko'], pageSize: 100 });
    expect(events.at(-1)).toMatchObject({ type: 'error', network: true });
  });

  it('announces a table as changed on every index, on the channel Dexie listens on', async () => {
    const h = await make();
    const heard = new Promise<Record<string, unknown>>((resolve) => {
      const listener = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
      listener.onmessage = (e: MessageEvent<Record<string, unknown>>) => {
        listener.close();
        resolve(e.data);
      };
    });
    const channel = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
    announceTableChanged(h.db, 'entries', channel);
    const parts = Object.keys(await heard).sort();
    channel.close();
    const name = h.db.name;
    expect(parts).toEqual(
      ['', ':dels', 'text', '[languageCode+text]', 'updatedAt'].map((i) => `idb://${name}/entries/${i}`).sort(),
    );
  });

  it('lets the engine hand its public tables to the pull, the cache forgetting what it stored, and store T', async () => {
    const h = await make({ pageSize: 100 });
    const pull = loopback(h);
    const engine = createSyncEngine({ db: h.db, api: h.engine.api, session: h.session, cache: h.cache, storage: h.storage, pageSize: 100, isOnline: () => true, publicPull: pull });
    // A cached copy of a row the pull brings: forgotten, so the next read loads the pulled one.
    const first = await h.engine.api.queryEntries.query({ offset: 0, limit: 1, languages: ['ko'] });
    const id = first[0]!.id;
    h.cache.put('entries', [{ ...first[0]!, text: 'stale' }]);
    const state = await engine.sync();
    expect(state.status).toBe('idle');
    expect(pull.calls).toBe(1);
    const time = Number(h.storage.getItem(LAST_SYNC_KEY));
    expect(time).toBeGreaterThan(0);
    expect(h.cache.get('entries', id)).toBeUndefined();
    // The sync fills nothing in: rows are cached as they are read.
    expect(h.cache.size('entries')).toBe(0);
    expect((await loadCached('entries', id, h.db, h.cache))?.text).toBe(first[0]!.text);
    expect(Object.isFrozen(h.cache.get('entries', id))).toBe(true);
    // The next sync asks from T.
    h.calls.length = 0;
    await engine.sync();
    const pages = h.calls.filter((c) => c.kind === 'http').flatMap((c) => c.inputs).filter((i) => typeof i === 'object' && i !== null && 'limit' in i);
    for (const input of pages) expect(input).toMatchObject({ offset: time });
  });

  it('pulls on its own thread when the worker is unavailable', async () => {
    const h = await make({ pageSize: 100 });
    let asked = 0;
    const unavailable: PublicPull = () => {
      asked++;
      return Promise.reject(new PullUnavailable());
    };
    const engine = createSyncEngine({ db: h.db, api: h.engine.api, session: h.session, cache: h.cache, storage: h.storage, pageSize: 100, isOnline: () => true, publicPull: unavailable });
    expect((await engine.sync()).status).toBe('idle');
    expect(asked).toBe(1);
    expect(await h.db.entries.count()).toBe((await h.engine.api.queryEntries.query({ offset: 0, limit: 5000, languages: ['ko'] })).length);
  });

  it('ends the sync offline when the pull fails on the network, and in error otherwise', async () => {
    const h = await make();
    const failing = (e: Error): PublicPull => () => Promise.reject(e);
    const offline = createSyncEngine({ db: h.db, api: h.engine.api, session: h.session, cache: h.cache, storage: h.storage, isOnline: () => true, publicPull: failing(new TypeError('Network error')) });
    expect((await offline.sync()).status).toBe('offline');
    const broken = createSyncEngine({ db: h.db, api: h.engine.api, session: h.session, cache: h.cache, storage: h.storage, isOnline: () => true, publicPull: failing(new Error('INTERNAL_SERVER_ERROR')) });
    expect(await broken.sync()).toMatchObject({ status: 'error', error: 'INTERNAL_SERVER_ERROR' });
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBeNull();
  });
});
