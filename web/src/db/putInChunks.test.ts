import { describe, expect, it, vi } from 'vitest';
import type { Entry } from '../api/generated/types';
import { openDb } from './db';
import { chunkSize, PUT_CHUNK, PUT_CHUNK_BYTES, putInChunks } from './sync';

const entry = (i: number): Entry => ({
  id: `e${String(i).padStart(5, '0')}`,
  languageCode: 'ko',
  text: `t${i}`,
  reading: '',
  meanings: [],
  notes: '',
  examples: [],
  audioUrl: null,
  updatedAt: i,
  deleted: false,
});

describe('putInChunks', () => {
  it('stores a page in bulkPuts of PUT_CHUNK rows, in one transaction', async () => {
    const db = openDb(`chunks-${Math.random().toString(36).slice(2)}`);
    const rows = Array.from({ length: PUT_CHUNK * 2 + 34 }, (_, i) => entry(i));
    const bulkPut = vi.spyOn(db.entries, 'bulkPut');
    await db.transaction('rw', db.entries, () => putInChunks(db.entries, rows));
    expect(bulkPut.mock.calls.map(([chunk]) => chunk.length)).toEqual([PUT_CHUNK, PUT_CHUNK, 34]);
    expect(await db.entries.count()).toBe(rows.length);
    db.close();
  });

  it('puts fewer large rows in a chunk: about PUT_CHUNK_BYTES of them', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => entry(i));
    expect(chunkSize(rows)).toBe(PUT_CHUNK);
    const big = rows.map((r) => ({ ...r, notes: 'x'.repeat(2000) }));
    const size = chunkSize(big);
    expect(size).toBeLessThan(PUT_CHUNK);
    expect(size * JSON.stringify(big[0]).length).toBeLessThanOrEqual(PUT_CHUNK_BYTES);
    expect((size + 1) * JSON.stringify(big[0]).length).toBeGreaterThan(PUT_CHUNK_BYTES);
    expect(chunkSize(rows.map((r) => ({ ...r, notes: 'x'.repeat(200_000) })))).toBe(8);
    expect(chunkSize([])).toBe(PUT_CHUNK);
  });

  it('stores nothing when a chunk fails: the page is one transaction', async () => {
    const db = openDb(`chunks-${Math.random().toString(36).slice(2)}`);
    const rows: Entry[] = Array.from({ length: PUT_CHUNK * 2 + 1 }, (_, i) => entry(i));
    // A row without its key in the last chunk: that bulkPut fails, after two chunks were put.
    rows[rows.length - 1] = { ...entry(0), id: undefined } as unknown as Entry;
    await expect(db.transaction('rw', db.entries, () => putInChunks(db.entries, rows))).rejects.toThrow();
    expect(await db.entries.count()).toBe(0);
    db.close();
  });
});
