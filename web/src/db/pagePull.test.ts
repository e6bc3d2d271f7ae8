// Pulling the public tables page by page (db/pagePull.ts) against a real `writeit serve`.
import { describe, expect, it } from 'vitest';
import { PUBLIC_TABLES, type SyncedTable } from './db';
import { pullPublicTables, type PullTarget } from './pagePull';
import { harnessesPerTest } from './testing/harness';

const make = harnessesPerTest();

describe('pullPublicTables', () => {
  it('stores the tables in sync order, page by page, every row once, with only the required hooks', async () => {
    const h = await make({ pageSize: 100 });
    const puts: { table: SyncedTable; rows: number }[] = [];
    // No `stored`, `progress` or `check`: the pages are written all the same.
    const target: PullTarget = {
      db: h.db,
      api: h.engine.api,
      put: async (table, tbl, rows) => {
        await tbl.bulkPut(rows);
        puts.push({ table, rows: rows.length });
      },
    };
    const time = await pullPublicTables(target, 0, ['ko'], 100);
    expect(time).toBeGreaterThan(0);
    expect(h.procedures()[0]).toBe('getServerTime');

    const order = puts.map((p) => p.table).filter((t, i, all) => all.indexOf(t) === i);
    expect(order).toEqual([...PUBLIC_TABLES]);
    for (const table of PUBLIC_TABLES) {
      const pages = puts.filter((p) => p.table === table);
      expect(pages.every((p) => p.rows <= 100)).toBe(true);
      const written = pages.reduce((n, p) => n + p.rows, 0);
      expect(written).toBeGreaterThan(0);
      expect(written).toBe(await h.db.table(table).count());
    }
  });
});
