import { describe, expect, it } from 'vitest';
import type { Deck, UserEntry } from '../api/generated/types';
import { deepFreeze, EntityCache, loadCached } from './cache';
import { openDb } from './db';

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

