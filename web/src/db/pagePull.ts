// Pulling one table page by page into the local database (SPEC §4, docs/sync.md step 4), shared by
// the sync engine (db/sync.ts, main thread) and the public tables' pull in a worker
// (db/pull.worker.ts): pages of `limit` rows with the `after` cursor until a short page, the next
// page asked for while one is stored, each page stored in ONE transaction that leaves alone the
// rows a pending outbox item wrote (db/ledger.ts). Each table's query is the registry's.
import type { Table } from 'dexie';
import type { Api } from '../api/client';
import type { Cursor, PageInput } from '../api/generated/types';
import { PUBLIC_TABLES, type SyncedTable, type TableRows, type WriteItDb } from './db';
import { queryPage, TABLE_KEYS } from '../api/procedures';
import { keyed } from './ledger';
import { admitArriving } from './outbox';

/** Rows per page: the server's maximum, so a first sync of a large catalogue takes few requests and
 * few IndexedDB transactions (make bench). */
export const PAGE_SIZE = 5000;
/** Rows per page of the characters table: characters carry their strokes (~1 KB a row), so smaller
 * pages keep each page's JSON parse short (a 5000-row page is ~5 MB). */
export const CHARACTER_PAGE_SIZE = 1000;

/** The page size for `table` when the sync's page size is `pageSize`. */
export function pageLimit(table: SyncedTable, pageSize: number): number {
  return table === 'characters' ? Math.min(pageSize, CHARACTER_PAGE_SIZE) : pageSize;
}

/** Where and how pulled pages go. */
export interface PullTarget {
  db: WriteItDb;
  api: Api;
  /** Puts a page's rows; called inside the page's transaction. */
  put<T extends SyncedTable>(table: T, tbl: Table<TableRows[T]>, rows: TableRows[T][]): Promise<void>;
  /** Throws to stop the pull; called inside each page's transaction before it writes. */
  check?(): void;
  /** After a page is stored, with the rows that were put. */
  stored?<T extends SyncedTable>(table: T, rows: TableRows[T][]): void;
  /** The rows received for the table so far (0 when it starts). */
  progress?(table: SyncedTable, rows: number): void;
}

/** Step 2 and the public tables of step 4 (docs/sync.md): T, asked in the same tick as the first
 * table's first page so both travel in one batched request (the server answers a batch in order,
 * so T is read before any row), then each public table since `offset`. Both first calls are waited
 * for, whichever fails, so no page is still being written once this has ended. Resolves with T. */
export async function pullPublicTables(target: PullTarget, offset: number, pageSize: number): Promise<number> {
  const [time, first] = await Promise.allSettled([
    target.api.getServerTime.query(),
    pullTable(target, PUBLIC_TABLES[0], offset, pageLimit(PUBLIC_TABLES[0], pageSize)),
  ]);
  if (time.status === 'rejected') throw time.reason;
  if (first.status === 'rejected') throw first.reason;
  for (const table of PUBLIC_TABLES.slice(1)) await pullTable(target, table, offset, pageLimit(table, pageSize));
  return time.value;
}

/** Pulls `table` changed since `offset`; resolves with the rows received. The first page's request
 * is made synchronously, so a call made in the same tick (getServerTime) is batched with it. */
export async function pullTable<T extends SyncedTable>(target: PullTarget, table: T, offset: number, limit: number): Promise<number> {
  let received = 0;
  target.progress?.(table, 0);
  const fetchPage = (after?: Cursor) => {
    const input: PageInput = after ? { offset, after, limit } : { offset, limit };
    const page = query(target.api, table, input);
    page.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    return page;
  };
  let next = fetchPage();
  for (;;) {
    const rows = await next;
    const full = rows.length >= limit;
    // Ask for the next page while this one is written: the network and IndexedDB overlap.
    if (full) {
      const last = rows[rows.length - 1] as TableRows[T];
      next = fetchPage({ updatedAt: last.updatedAt, id: last.id });
    }
    if (rows.length > 0) {
      // (Not `stored?.(…, await storePage(…))`: without a `stored`, that would skip the write.)
      const put = await storePage(target, table, rows);
      target.stored?.(table, put);
    }
    received += rows.length;
    target.progress?.(table, received);
    if (!full) return received;
  }
}

/** One page in ONE transaction, but the rows a pending mutation wrote (the ledger: their pulled
 * version becomes what that mutation would restore); resolves with the rows put. */
async function storePage<T extends SyncedTable>(target: PullTarget, table: T, rows: TableRows[T][]): Promise<TableRows[T][]> {
  const { db } = target;
  const tbl = db.table(table) as Table<TableRows[T]>;
  return db.transaction('rw', [tbl, db.outbox], async () => {
    target.check?.();
    const admitted = await admitArriving(db, rows.map((row) => ({ table, row })));
    const put = admitted.length === rows.length ? rows : admitted.map((r) => r.row as TableRows[T]);
    await target.put(table, tbl, put);
    return put;
  });
}

/** A page of `table` through the query the registry names, its rows keyed as stored locally. */
function query<T extends SyncedTable>(api: Api, table: T, input: PageInput): Promise<TableRows[T][]> {
  const page = queryPage(api, table, input) as Promise<TableRows[T][]>;
  return TABLE_KEYS[table] === 'id' ? page : page.then((rows) => rows.map((r) => keyed(table, r)));
}
