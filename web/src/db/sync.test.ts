// The sync engine against a real `writeit serve` (SPEC §4, DESIGN §4, docs/sync.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Entry, PageInput } from '../api/generated/types';
import { SNAPSHOTS_KEY } from '../app/snapshot/restore';
import { openDb, PUBLIC_TABLES, USER_TABLES } from './db';
import { createSyncEngine, LAST_SYNC_KEY } from './sync';
import { allRows, harnessesPerTest, mintToken, newUserId, serverApi, serverEnabled, until, type Harness } from './testing/harness';
import { EntityCache, loadCached } from './cache';

const QUERY = {
  languages: 'queryLanguages',
  decks: 'queryDecks',
  entries: 'queryEntries',
  characters: 'queryCharacters',
  userEntries: 'queryUserEntries',
  userDecks: 'queryUserDecks',
  userCards: 'queryUserCards',
  userReviews: 'queryUserReviews',
  userParameters: 'queryUserParameters',
  userTests: 'queryUserTests',
} as const;

const make = harnessesPerTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The (procedure, input, output) of every HTTP call, flattened in order. */
function ops(h: Harness) {
  return h.calls
    .filter((c) => c.kind === 'http')
    .flatMap((c) => c.procedures.map((p, i) => ({ p, input: c.inputs[i], output: c.outputs?.[i] })));
}

async function adminApi() {
  return serverApi(await mintToken(newUserId(), 'admin'));
}

describe('sync', () => {
  it('follows the protocol: server time first, public then user tables, lastSync stored last', async () => {
    const h = await make();
    await h.signIn();
    const state = await h.engine.sync();
    expect(state.status).toBe('idle');
    expect(state.lastSyncedAt).toBeTypeOf('number');

    const names = h.procedures();
    expect(names[0]).toBe('getServerTime');
    // T travels with the first page, in one request, ahead of it.
    expect(h.calls.find((c) => c.kind === 'http')?.procedures).toEqual(['getServerTime', QUERY.languages]);
    // A first visit: languages and the user tables, then the studied language (Korean) is added,
    // its tables from 0 up to T (dedupe: entries/characters may take several pages).
    const order = names.slice(1).filter((p, i, all) => all.indexOf(p) === i);
    expect(order).toEqual(['languages', ...USER_TABLES, 'decks', 'entries', 'characters'].map((t) => QUERY[t as keyof typeof QUERY]));
    for (const op of ops(h).slice(1)) expect((op.input as PageInput).offset).toBe(0);

    // lastSync = T, written after the regular sync's last query, before the language's pages.
    const serverTime = ops(h)[0]?.output as number;
    expect(serverTime).toBeGreaterThan(0);
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBe(String(serverTime));
    const lastRegular = h.calls.findIndex((c) => c.kind === 'http' && c.procedures.includes(QUERY.userTests));
    const setLastSync = h.calls.findIndex((c) => c.kind === 'storage' && c.procedures[0] === LAST_SYNC_KEY);
    expect(setLastSync).toBeGreaterThan(lastRegular);
    for (const op of ops(h).filter((o) => ['queryDecks', 'queryEntries', 'queryCharacters'].includes(o.p))) {
      expect(op.input).toMatchObject({ offset: 0, until: serverTime, languages: ['ko'] });
    }
    expect(h.calls.findIndex((c) => c.kind === 'http' && c.procedures.includes(QUERY.decks))).toBeGreaterThan(setLastSync);

    // The data arrived in IndexedDB; the caches hold what is read, frozen.
    // Korean's entries only.
    const entries = await h.db.entries.toArray();
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(new Set(entries.map((e) => e.languageCode))).toEqual(new Set(['ko']));
    expect(await h.db.languages.get('ko')).toMatchObject({ id: 'ko', gridType: 'character' });
    expect(h.cache.size('entries')).toBe(0);
    const ko = await loadCached('languages', 'ko', h.db, h.cache);
    expect(ko?.id).toBe('ko');
    expect(h.cache.get('languages', 'ko')).toBe(ko);
    expect(Object.isFrozen(ko)).toBe(true);
    const deck = (await h.db.decks.toArray())[0];
    expect(deck).toBeDefined();
    const cachedDeck = await loadCached('decks', deck?.id ?? '', h.db, h.cache);
    expect(Object.isFrozen(cachedDeck?.entryIds)).toBe(true);
    expect(() => (cachedDeck?.entryIds as string[]).push('x')).toThrow();

    // The next sync asks from lastSync, Korean now in the regular delta, and gets nothing new.
    h.calls.length = 0;
    await h.engine.sync();
    const second = ops(h);
    expect(second[0]?.p).toBe('getServerTime');
    expect(second.map((o) => o.p).slice(1)).toEqual([...PUBLIC_TABLES, ...USER_TABLES].map((t) => QUERY[t]));
    for (const op of second.slice(1)) {
      expect((op.input as PageInput).offset).toBe(serverTime);
    }
    for (const op of second.slice(2, 5)) expect((op.input as PageInput).languages).toEqual(['ko']);
  });

  it('pages with the after cursor until a short page; every starter entry arrives once', async () => {
    const h = await make({ pageSize: 100 });
    const bulkPut = vi.spyOn(Object.getPrototypeOf(h.db.entries) as typeof h.db.entries, 'bulkPut');
    await h.engine.sync();

    const expected = await allRows((i) => serverApi(null).queryEntries.query({ ...i, languages: ['ko'] }));
    expect(expected.length).toBeGreaterThanOrEqual(300);
    const pages = ops(h).filter((o) => o.p === 'queryEntries');
    expect(pages.length).toBe(Math.floor(expected.length / 100) + 1);
    let received = 0;
    for (const [i, page] of pages.entries()) {
      const input = page.input as PageInput;
      expect(input.limit).toBe(100);
      const rows = page.output as Entry[];
      if (i === 0) expect(input.after).toBeUndefined();
      else {
        const prev = pages[i - 1]?.output as Entry[];
        const last = prev[prev.length - 1] as Entry;
        expect(input.after).toEqual({ updatedAt: last.updatedAt, id: last.id });
      }
      if (i < pages.length - 1) expect(rows.length).toBe(100);
      else expect(rows.length).toBeLessThan(100);
      received += rows.length;
    }
    expect(received).toBe(expected.length);
    const ids = pages.flatMap((p) => (p.output as Entry[]).map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(await h.db.entries.count()).toBe(expected.length);
    // The pages' chunks put every row once.
    const entryPuts = bulkPut.mock.calls.filter((_, i) => (bulkPut.mock.contexts[i] as { name: string }).name === 'entries');
    bulkPut.mockRestore();
    expect(entryPuts.reduce((n, [chunk]) => n + (chunk as unknown[]).length, 0)).toBe(expected.length);
  });

  it('runs one sync at a time: a second call joins the running one', async () => {
    const h = await make();
    const a = h.engine.sync();
    const b = h.engine.sync();
    expect(b).toBe(a);
    expect(h.engine.syncing).toBe(true);
    await Promise.all([a, b]);
    expect(h.engine.syncing).toBe(false);
    expect(h.procedures().filter((p) => p === 'getServerTime')).toHaveLength(1);
    // And a later call runs again.
    await h.engine.sync();
    expect(h.procedures().filter((p) => p === 'getServerTime')).toHaveLength(2);
  });

  it('refresh clears the tables, caches and lastSync, then pulls everything again', async () => {
    const h = await make();
    await h.engine.sync();
    const count = await h.db.entries.count();
    const stray = { ...(await h.db.entries.toCollection().first()), id: uuidv7(), text: 'stray' } as Entry;
    await h.db.entries.put(stray);
    h.cache.put('entries', [stray]);
    h.storage.setItem(SNAPSHOTS_KEY, '[]');
    h.calls.length = 0;

    expect(await h.engine.refresh()).toBe(true);
    expect(h.storage.getItem(SNAPSHOTS_KEY)).toBeNull();
    expect(await h.db.entries.get(stray.id)).toBeUndefined();
    expect(h.cache.get('entries', stray.id)).toBeUndefined();
    expect(await h.db.entries.count()).toBe(count);
    const removed = h.calls.findIndex((c) => c.kind === 'storage' && c.method === 'removeItem');
    const firstHttp = h.calls.findIndex((c) => c.kind === 'http');
    expect(removed).toBeGreaterThanOrEqual(0);
    expect(removed).toBeLessThan(firstHttp);
    for (const op of ops(h).slice(1)) expect((op.input as PageInput).offset).toBe(0);
    expect(h.engine.getState().status).toBe('idle');
  });

  it('refresh keeps the rows of mutations still waiting to be sent, and they reach the server later', async () => {
    const h = await make({ userId: newUserId() });
    await h.engine.sync();
    const e = (await h.db.entries.toCollection().first()) as Entry;
    h.net.failMutations = true;
    await h.mutations.saveUserEntry({ entryId: e.id, enabled: true });
    expect(await h.engine.refresh()).toBe(true);
    // The push failed; the row it wrote is still shown, and its mutation still queued.
    expect(await h.db.userEntries.get(e.id)).toMatchObject({ enabled: true });
    expect(h.engine.getState().pending).toBe(1);
    expect(await h.db.entries.count()).toBeGreaterThan(0);
    h.net.failMutations = false;
    await h.engine.sync();
    expect(h.engine.getState().pending).toBe(0);
    expect(await h.db.userEntries.get(e.id)).toMatchObject({ enabled: true });
    expect(await serverEnabled(h, e.id)).toBe(true);
  });

  it('a push the server keeps failing shows as an error, not as synced, until one goes through', async () => {
    const h = await make({ userId: newUserId() });
    await h.engine.sync();
    const e = (await h.db.entries.toCollection().first()) as Entry;
    h.net.serverErrorOnMutations = true;
    await h.mutations.saveUserEntry({ entryId: e.id, enabled: true });
    await h.engine.flush();
    expect(h.engine.getState()).toMatchObject({ status: 'error', error: 'Internal server error', pending: 1 });
    // A sync still pulls, then ends in the push's error (the change waits behind it).
    h.calls.length = 0;
    const state = await h.engine.sync();
    expect(h.procedures()).toContain('queryUserEntries');
    expect(state).toMatchObject({ status: 'error', error: 'Internal server error', pending: 1 });
    expect(h.storage.getItem(LAST_SYNC_KEY)).not.toBeNull();
    // The server is well again: the next push goes through and the error is gone.
    h.net.serverErrorOnMutations = false;
    await h.engine.flush();
    expect(h.engine.getState()).toMatchObject({ status: 'idle', pending: 0 });
    expect(h.engine.getState().error).toBeUndefined();
  });

  it('refresh is skipped while a sync runs', async () => {
    const h = await make();
    await h.engine.sync();
    const stray = { ...(await h.db.entries.toCollection().first()), id: uuidv7() } as Entry;
    await h.db.entries.put(stray);
    h.calls.length = 0;
    const running = h.engine.sync();
    expect(await h.engine.refresh()).toBe(false);
    await running;
    expect(await h.db.entries.get(stray.id)).toBeDefined(); // not cleared
    expect(h.procedures().filter((p) => p === 'getServerTime')).toHaveLength(1);
  });

  it('pulls user tables only when signed in; a first sign-in pulls them from 0', async () => {
    const h = await make();
    await h.engine.sync();
    expect(h.procedures().some((p) => p.startsWith('queryUser'))).toBe(false);
    const guestT = Number(h.storage.getItem(LAST_SYNC_KEY));
    expect(guestT).toBeGreaterThan(0);

    // The user already has a row on the server (another device).
    const userId = newUserId();
    const token = await mintToken(userId);
    const entry = (await h.db.entries.toCollection().first()) as Entry;
    await serverApi(token).saveUserEntry.mutate({ entryId: entry.id, enabled: true });

    h.calls.length = 0;
    h.session.setSession({ userId, idToken: token });
    await h.engine.sync();
    const userOps = ops(h).filter((o) => o.p.startsWith('queryUser'));
    expect(userOps.map((o) => o.p)).toEqual(USER_TABLES.map((t) => QUERY[t]));
    for (const op of userOps) expect((op.input as PageInput).offset).toBe(0);
    for (const op of ops(h).filter((o) => o.p === 'queryEntries')) {
      expect((op.input as PageInput).offset).toBe(guestT);
    }
    // Stored keyed by entryId, with the Bearer token sent.
    expect(await h.db.userEntries.get(entry.id)).toMatchObject({ entryId: entry.id, enabled: true });
    expect(h.calls.find((c) => c.kind === 'http')?.headers['authorization']).toBe(`Bearer ${token}`);

    // Sign-out: user data goes (with the page snapshots, which show it), and the next sync is a
    // guest's again.
    h.storage.setItem(SNAPSHOTS_KEY, '[]');
    h.session.setSession(null);
    await h.engine.clearUserData();
    for (const t of USER_TABLES) expect(await h.db.table(t).count()).toBe(0);
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBeNull();
    expect(h.storage.getItem(SNAPSHOTS_KEY)).toBeNull();
    h.calls.length = 0;
    await h.engine.sync();
    expect(h.procedures().some((p) => p.startsWith('queryUser'))).toBe(false);
    expect(h.calls.find((c) => c.kind === 'http')?.headers['authorization']).toBe('Bearer ');
  });

  it('a delta sync pulls exactly a server-side change, and applies tombstones', async () => {
    const h = await make();
    await h.engine.sync();
    const before = await h.db.entries.count();
    const admin = await adminApi();
    const saved = await admin.saveEntry.mutate({
      id: uuidv7(),
      languageCode: 'ko',
      text: '새 단어',
      reading: 'sae dan-eo',
      meanings: ['new word'],
    });

    h.calls.length = 0;
    await h.engine.sync();
    const pulled = ops(h).filter((o) => o.p.startsWith('query'));
    const rows = pulled.flatMap((o) => o.output as { id: string }[]);
    expect(rows.map((r) => r.id)).toEqual([saved.entry.id]);
    expect(await h.db.entries.count()).toBe(before + 1);
    expect(await h.db.entries.get(saved.entry.id)).toMatchObject({ text: '새 단어', deleted: false });

    // Deleting is a tombstone: stored with deleted: true (the UI filters it).
    // (read into the cache first: the sync must drop that copy)
    expect((await loadCached('entries', saved.entry.id, h.db, h.cache))?.deleted).toBe(false);
    await admin.saveEntry.mutate({ ...saved.entry, deleted: true });
    await h.engine.sync();
    expect(await h.db.entries.get(saved.entry.id)).toMatchObject({ deleted: true });
    expect(h.cache.get('entries', saved.entry.id)).toBeUndefined();
    expect((await loadCached('entries', saved.entry.id, h.db, h.cache))?.deleted).toBe(true);
    expect(await h.db.entries.count()).toBe(before + 1);
  });

  it("forgets a cached row another tab's sync updated (the shared lastSync: this tab never pulls it)", async () => {
    const h = await make();
    await h.engine.sync();
    const admin = await adminApi();
    const saved = await admin.saveEntry.mutate({ id: uuidv7(), languageCode: 'ko', text: '연필', reading: 'yeonpil', meanings: ['pencil'] });
    await h.engine.sync();
    expect((await loadCached('entries', saved.entry.id, h.db, h.cache))?.meanings).toEqual(['pencil']);
    await admin.saveEntry.mutate({ ...saved.entry, meanings: ['pencil', 'crayon'] });
    // The other tab: its own connection and caches, the same database and local storage.
    const other = createSyncEngine({ db: openDb(h.db.name), api: h.engine.api, session: h.session, cache: new EntityCache(), storage: h.storage, isOnline: () => true });
    await other.sync();
    other.db.close();
    h.calls.length = 0;
    await h.engine.sync();
    expect(ops(h).filter((o) => o.p === 'queryEntries').flatMap((o) => o.output as unknown[])).toEqual([]);
    expect((await loadCached('entries', saved.entry.id, h.db, h.cache))?.meanings).toEqual(['pencil', 'crayon']);
  });

  it('goes offline (not error) when the network fails, and recovers', async () => {
    const h = await make();
    h.net.down = true;
    const state = await h.engine.sync();
    expect(state.status).toBe('offline');
    expect(state.error).toBeUndefined();
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBeNull();
    h.net.down = false;
    expect((await h.engine.sync()).status).toBe('idle');
  });

  it('publishes its state to subscribers', async () => {
    const h = await make();
    const seen: string[] = [];
    const tables = new Set<string>();
    const adding: { language: string; rows: number }[] = [];
    const stop = h.engine.subscribe((s) => {
      seen.push(s.status);
      if (s.progress) tables.add(s.progress.table);
      if (s.adding) adding.push(s.adding);
    });
    await h.engine.sync();
    stop();
    expect(seen[0]).toBe('syncing');
    expect(seen[seen.length - 1]).toBe('idle');
    // The regular sync (nothing joined yet), then Korean added, its rows counted as they come.
    expect([...tables]).toEqual(['languages']);
    expect(adding[0]).toEqual({ language: 'ko', rows: 0 });
    expect(adding.map((a) => a.rows)).toEqual([...adding.map((a) => a.rows)].sort((a, b) => a - b));
    expect(adding.at(-1)?.rows).toBeGreaterThan(300);
    expect(h.engine.getState().adding).toBeUndefined();
    expect(h.engine.getState()).toMatchObject({ status: 'idle', pending: 0, refused: 0 });
    expect(Object.isFrozen(h.engine.getState())).toBe(true);
  });

  it('reports server errors as error', async () => {
    const h = await make();
    // An invalid token fails every request with UNAUTHORIZED.
    h.session.setSession({ userId: 'someone', idToken: 'not-a-token' });
    const state = await h.engine.sync();
    expect(state.status).toBe('error');
    expect(state.error).toBeTruthy();
  });

  it('auto sync: at start, on online/focus, on sign-in, periodically; stop ends it', async () => {
    const h = await make();
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    const times = () => h.procedures().filter((p) => p === 'getServerTime').length;
    const idle = () => !h.engine.syncing;

    const stop = h.engine.startAutoSync({ intervalMs: 60_000 });
    await until(() => times() === 1 && idle());
    win.dispatchEvent(new Event('online'));
    await until(() => times() === 2 && idle());
    win.dispatchEvent(new Event('focus'));
    await until(() => times() === 3 && idle());
    await h.signIn();
    await until(() => h.procedures().includes('queryUserCards') && idle());
    stop();
    const n = times();
    win.dispatchEvent(new Event('online'));
    await new Promise((ok) => setTimeout(ok, 100));
    expect(times()).toBe(n);

    const stopFast = h.engine.startAutoSync({ intervalMs: 50 });
    await until(() => times() >= n + 3);
    stopFast();
    await until(idle);
    const m = times();
    await new Promise((ok) => setTimeout(ok, 200));
    expect(times()).toBe(m);
  });

  it('clearUserData during a sync stops it from writing user rows', async () => {
    const userId = newUserId();
    const h = await make({ userId });
    const token = await h.session.getIdToken();
    const e = (await serverApi(null).queryEntries.query({ offset: 0, limit: 1 }))[0] as Entry;
    await serverApi(token).saveUserEntry.mutate({ entryId: e.id, enabled: true });
    // Sign out while the public tables are being pulled (the sync already saw the user).
    let cleared: Promise<void> | undefined;
    const unsubscribe = h.engine.subscribe((s) => {
      if (!cleared && s.progress?.table === 'languages') {
        h.session.setSession(null);
        cleared = h.engine.clearUserData();
      }
    });
    const state = await h.engine.sync();
    unsubscribe();
    await cleared;
    expect(cleared).toBeDefined();
    expect(h.procedures()).not.toContain('queryUserEntries');
    expect(state.status).toBe('idle');
    expect(await h.db.userEntries.count()).toBe(0);
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBeNull();
  });

  it('a sync whose user signs out midway ends idle, not in error, and does not fail later syncs', async () => {
    const h = await make({ userId: newUserId() });
    // Sign out just as the user tables are asked for: their call goes out with no token.
    let signedOut = false;
    const unsubscribe = h.engine.subscribe((s) => {
      if (!signedOut && s.progress?.table === 'userEntries') {
        signedOut = true;
        h.session.setSession(null);
      }
    });
    const state = await h.engine.sync();
    unsubscribe();
    expect(signedOut).toBe(true);
    expect(state.status).toBe('idle');
    expect(state.error).toBeUndefined();
    // The guest's sync that follows is clean.
    expect((await h.engine.sync()).status).toBe('idle');
  });
});
