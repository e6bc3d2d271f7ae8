// Pulling one table page by page into the local database (SPEC §4, docs/sync.md step 4), shared by
// the sync engine (db/sync.ts, main thread) and the public tables' pull in a worker
// (db/pull.worker.ts): pages of `limit` rows with the `after` cursor until a short page, the next
// page asked for while one is stored, each page stored in ONE transaction that leaves alone the
// rows a pending outbox item wrote (db/ledger.ts). Each table's query is the registry's.
import type { Table } from 'dexie';
import type { Api } from '../api/client';
import type { Cursor, PageInput } from '../api/generated/types';
import { PUBLIC_TABLES, type SyncedTable, type TableRows, type WriteItDb } from './db';

type SyncedRowOf = { updatedAt: number; id: string };
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

/** What bounds a sync's pages (docs/sync.md): rows stamped in (offset, until], of `languages`
 * where the table has a language. */
export type PageBounds = Pick<PageInput, 'offset' | 'until' | 'languages'>;

/** Step 2 and the public tables of step 4 (docs/sync.md): T, asked in the same tick as the
 * languages table's first page so both travel in one batched request (the server answers a batch
 * in order, so T is read before any row; that first page alone has no `until`: a language row
 * stamped after T may come again with the next sync, harmless), then the rest of that table and
 * the decks, entries and characters of the `joined` languages since `offset`, up to T (none when
 * no language is joined). Both first calls are waited for, whichever fails, so no page is still
 * being written once this has ended. Resolves with T. */
export async function pullPublicTables(target: PullTarget, offset: number, joined: readonly string[], pageSize: number): Promise<number> {
  const [time, first] = await Promise.allSettled([
    target.api.getServerTime.query(),
    pullTable(target, PUBLIC_TABLES[0], { offset }, pageLimit(PUBLIC_TABLES[0], pageSize)),
  ]);
  if (time.status === 'rejected') throw time.reason;
  if (first.status === 'rejected') throw first.reason;
  const until = time.value;
  if (joined.length > 0) {
    for (const table of PUBLIC_TABLES.slice(1)) {
      await pullTable(target, table, { offset, until, languages: [...joined] }, pageLimit(table, pageSize));
    }
  }
  return until;
}

/** Pulls `table` within `bounds`; resolves with the rows received. The first page's request is
 * made synchronously, so a call made in the same tick (getServerTime) is batched with it. */
export async function pullTable<T extends SyncedTable>(target: PullTarget, table: T, bounds: PageBounds, limit: number): Promise<number> {
  let received = 0;
  target.progress?.(table, 0);
  const fetchPage = (after?: Cursor) => {
    const input: PageInput = after ? { ...bounds, after, limit } : { ...bounds, limit };
    const page = query(target.api, table, input);
    page.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    return page;
  };
  let next = fetchPage();
  for (;;) {
    const rows = await next;
    const full = rows.length >= limit;
    // Ask for the next page while this one is written: the network and IndexedDB overlap.
    if (full) next = fetchPage(lastCursor(rows));
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

/** One stored page of a language being added: its rows, its last row's cursor, whether full. */
export interface StoredPage {
  rows: number;
  last?: Cursor;
  full: boolean;
}

/** Pulls and stores one page of `table` (a language being added: db/languages.ts). */
export async function pullOnePage<T extends SyncedTable>(target: PullTarget, table: T, input: PageInput): Promise<StoredPage> {
  const rows = await query(target.api, table, input);
  if (rows.length > 0) {
    const put = await storePage(target, table, rows);
    target.stored?.(table, put);
  }
  return { rows: rows.length, last: rows.length > 0 ? lastCursor(rows) : undefined, full: rows.length >= (input.limit ?? Infinity) };
}

function lastCursor(rows: readonly SyncedRowOf[]): Cursor {
  const last = rows[rows.length - 1] as SyncedRowOf;
  return { updatedAt: last.updatedAt, id: last.id };
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
