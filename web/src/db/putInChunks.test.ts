import { describe, expect, it, vi } from 'vitest';
import type { Entry } from '../api/generated/types';
import { openDb } from './db';
import { chunkSize, MIN_TIMED_CHUNK, nextChunkSize, PUT_CHUNK, PUT_CHUNK_BYTES, PUT_CHUNK_MS, PUT_CHUNKS_IN_FLIGHT, putInChunks } from './sync';

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
    await db.transaction('rw', db.entries, () => putInChunks(db.entries, rows, { size: PUT_CHUNK }));
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

  it('sizes later chunks by the time the ones before took', async () => {
    const db = openDb(`chunks-${Math.random().toString(36).slice(2)}`);
    const rows = Array.from({ length: 1000 }, (_, i) => entry(i));
    const bulkPut = vi.spyOn(db.entries, 'bulkPut');
    // A clock on which every row costs 0.03125 ms: 128 rows fill half the budget of PUT_CHUNK_MS.
    let clock = 0;
    const frozen: number[] = [];
    await db.transaction('rw', db.entries, () =>
      putInChunks(db.entries, rows, {
        now: () => clock,
        beforeChunk: (chunk) => {
          frozen.push(chunk.length);
          clock += chunk.length * 0.03125;
        },
      }),
    );
    const sizes = bulkPut.mock.calls.map(([chunk]) => chunk.length);
    expect(sizes[0]).toBe(MIN_TIMED_CHUNK);
    expect(sizes.slice(1, -1).every((n) => n === PUT_CHUNK_MS / 2 / 0.03125)).toBe(true);
    expect(frozen).toEqual(sizes);
    expect(await db.entries.count()).toBe(rows.length);
    db.close();
  });

  it('issues about PUT_CHUNK_MS of puts a turn (task), several chunks queued', async () => {
    const db = openDb(`chunks-${Math.random().toString(36).slice(2)}`);
    const rows = Array.from({ length: 2000 }, (_, i) => entry(i));
    let clock = 0;
    const sizes: number[] = [];
    let firstTurn = 0;
    await db.transaction('rw', db.entries, async () => {
      // 0.03125 ms a row: 64 rows (2 ms), then chunks of 128 (4 ms, half the budget) until the
      // turn's 8 ms are spent: three chunks, then the rest in turns of their own.
      const done = putInChunks(db.entries, rows, {
        now: () => clock,
        beforeChunk: (chunk) => {
          sizes.push(chunk.length);
          clock += chunk.length * 0.03125;
        },
      });
      firstTurn = sizes.length;
      await done;
    });
    expect(sizes.slice(0, firstTurn)).toEqual([MIN_TIMED_CHUNK, 128, 128]);
    expect(sizes.slice(firstTurn, -1)).toEqual(sizes.slice(firstTurn, -1).map(() => 128));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(await db.entries.count()).toBe(rows.length);
    expect(PUT_CHUNKS_IN_FLIGHT).toBeGreaterThan(firstTurn);
    db.close();
  });

  it('works the next size out from the time spent: at most twice or half the last, never below MIN_TIMED_CHUNK', () => {
    expect(nextChunkSize(100, PUT_CHUNK_MS)).toBe(100);
    expect(nextChunkSize(100, PUT_CHUNK_MS * 2)).toBe(64);
    expect(nextChunkSize(200, PUT_CHUNK_MS * 2)).toBe(100);
    expect(nextChunkSize(200, PUT_CHUNK_MS * 100)).toBe(100); // a slow moment halves it, no more
    expect(nextChunkSize(64, 1000)).toBe(MIN_TIMED_CHUNK);
    expect(nextChunkSize(100, PUT_CHUNK_MS / 2)).toBe(200);
    expect(nextChunkSize(100, 0.01)).toBe(200);
    expect(nextChunkSize(200, 0.01)).toBe(PUT_CHUNK);
    expect(nextChunkSize(20, 0)).toBe(MIN_TIMED_CHUNK);
    // Large rows: the byte cap wins, below MIN_TIMED_CHUNK too.
    expect(nextChunkSize(20, 0.01, 20)).toBe(20);
  });

  it('stores nothing when a chunk fails: the page is one transaction', async () => {
    const db = openDb(`chunks-${Math.random().toString(36).slice(2)}`);
    const rows: Entry[] = Array.from({ length: PUT_CHUNK * 2 + 1 }, (_, i) => entry(i));
    // A row without its key in the last chunk: that bulkPut fails, after two chunks were put.
    rows[rows.length - 1] = { ...entry(0), id: undefined } as unknown as Entry;
    await expect(db.transaction('rw', db.entries, () => putInChunks(db.entries, rows, { size: PUT_CHUNK }))).rejects.toThrow();
    expect(await db.entries.count()).toBe(0);
    db.close();
  });
});
