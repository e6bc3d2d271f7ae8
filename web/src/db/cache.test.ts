import { describe, expect, it } from 'vitest';
import { RangeSet } from 'dexie';
import type { Deck, UserEntry } from '../api/generated/types';
import { deepFreeze, EntityCache, followChanges, loadCached } from './cache';
import { openDb } from './db';
import { announceTableChanged, DEXIE_MUTATIONS_CHANNEL } from './publicPull';
import { until } from './testing/harness';

const deck = (id: string): Deck => ({
  id,
  languageCode: 'ko',
  title: 'T',
  description: '',
  entryIds: ['a'],
  position: 0,
  updatedAt: 1,
  deleted: false,
});

describe('EntityCache', () => {
  it('keeps frozen rows by id per table (user entries by entryId) and clears', () => {
    const c = new EntityCache();
    c.put('decks', [deck('d1')]);
    const ue: UserEntry = { id: 'e1', entryId: 'e1', enabled: true, updatedAt: 1, deleted: false };
    c.put('userEntries', [ue]);
    const got = c.get('decks', 'd1');
    expect(got?.title).toBe('T');
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got?.entryIds)).toBe(true);
    expect(c.get('entries', 'd1')).toBeUndefined();
    expect(c.get('userEntries', 'e1')?.enabled).toBe(true);
    c.clear(['userEntries']);
    expect(c.get('userEntries', 'e1')).toBeUndefined();
    expect(c.get('decks', 'd1')).toBeDefined();
    c.clear();
    expect(c.get('decks', 'd1')).toBeUndefined();
  });

  it('deep-freezes', () => {
    const o = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(o.a.b[1])).toBe(true);
  });

  it('loads a miss from IndexedDB', async () => {
    const db = openDb('cache-test');
    await db.decks.put(deck('d2'));
    const c = new EntityCache();
    expect(c.get('decks', 'd2')).toBeUndefined();
    expect((await loadCached('decks', 'd2', db, c))?.id).toBe('d2');
    expect(c.get('decks', 'd2')?.id).toBe('d2');
    expect(await loadCached('decks', 'missing', db, c)).toBeUndefined();
    db.close();
  });

  it('does not keep a row read while rows were forgotten (a sync stored newer ones meanwhile)', async () => {
    const db = openDb('cache-race-test');
    await db.decks.put(deck('d3'));
    const c = new EntityCache();
    const reading = loadCached('decks', 'd3', db, c);
    // The sync's invalidation lands while the read is in flight.
    c.delete('decks', ['d3']);
    const row = await reading;
    expect(row?.id).toBe('d3');
    expect(Object.isFrozen(row)).toBe(true);
    expect(c.get('decks', 'd3')).toBeUndefined();
    // A read begun afterwards is kept.
    await loadCached('decks', 'd3', db, c);
    expect(c.get('decks', 'd3')?.id).toBe('d3');
    db.close();
  });

  it('counts every delete and clear in its version', () => {
    const c = new EntityCache();
    const v0 = c.version();
    c.put('decks', [deck('d4')]);
    expect(c.version()).toBe(v0);
    c.delete('decks', ['nothing-here']);
    expect(c.version()).toBe(v0 + 1);
    c.clear(['entries']);
    c.clear();
    expect(c.version()).toBe(v0 + 3);
  });
});

describe('followChanges', () => {
  it("forgets the rows another connection writes (another tab's), and only those", async () => {
    const db = openDb('cache-follow-test');
    const c = new EntityCache();
    const unfollow = followChanges(c, db.name);
    await db.decks.bulkPut([deck('f1'), deck('f2')]);
    await loadCached('decks', 'f1', db, c);
    await loadCached('decks', 'f2', db, c);
    c.put('userEntries', [{ id: 'f1', entryId: 'f1', enabled: true, updatedAt: 1, deleted: false }]);
    const other = openDb(db.name);
    await other.decks.put({ ...deck('f1'), title: 'New' });
    expect(c.get('decks', 'f1')).toBeUndefined();
    expect(c.get('decks', 'f2')?.title).toBe('T');
    expect(c.get('userEntries', 'f1')).toBeDefined();
    expect((await loadCached('decks', 'f1', db, c))?.title).toBe('New');
    // Deleting a row, and clearing a table, are changes too.
    await other.decks.delete('f2');
    expect(c.get('decks', 'f2')).toBeUndefined();
    await other.userEntries.clear();
    expect(c.get('userEntries', 'f1')).toBeUndefined();
    // Another database's writes are not this cache's business.
    const elsewhere = openDb('cache-follow-elsewhere');
    await elsewhere.decks.put(deck('f1'));
    expect(c.get('decks', 'f1')?.title).toBe('New');
    unfollow();
    await other.decks.put({ ...deck('f1'), title: 'Newer' });
    expect(c.get('decks', 'f1')?.title).toBe('New');
    for (const d of [db, other, elsewhere]) d.close();
  });

  it("forgets a table announced on Dexie's channel (the sync worker, another tab), and everything on 'all'", async () => {
    const db = openDb('cache-channel-test');
    const c = new EntityCache();
    const unfollow = followChanges(c, db.name);
    c.put('decks', [deck('c1')]);
    c.put('entries', [{ id: 'e1', languageCode: 'ko', text: 't', reading: '', meanings: [], notes: '', examples: [], audioUrl: null, updatedAt: 1, deleted: false }]);
    const channel = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
    announceTableChanged(db, 'decks', channel);
    // Dexie's channel delivers asynchronously.
    await until(() => c.get('decks', 'c1') === undefined);
    expect(c.get('entries', 'e1')).toBeDefined();
    // What Dexie sends when a page comes back from the back-forward cache.
    channel.postMessage({ all: new RangeSet(-Infinity, [[]]) });
    await until(() => c.get('entries', 'e1') === undefined);
    channel.close();
    unfollow();
    db.close();
  });

  it("does not keep a row read while another connection wrote it", async () => {
    const db = openDb('cache-follow-race-test');
    await db.decks.put(deck('r1'));
    const c = new EntityCache();
    const unfollow = followChanges(c, db.name);
    const other = openDb(db.name);
    const version = c.version();
    await other.decks.put({ ...deck('r1'), title: 'New' });
    // Nothing of it was cached, and still the version moved: a read begun before is not kept.
    expect(c.version()).toBeGreaterThan(version);
    unfollow();
    db.close();
    other.close();
  });
});
