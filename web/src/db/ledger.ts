// The pending-write ledger: the one rule that holds local writes and server rows together (DESIGN
// §4, §6). A pending outbox item's local write wins over any row that arrives from the server for
// the same row (a pulled page, an answer to an earlier item): the arriving row is not stored but
// becomes that item's `before`, the server's version it knows, which is what a refusal puts back.
// Pure functions over rows and outbox items: no Dexie, so the rule is tested as a table
// (ledger.test.ts); the pull (pagePull.ts), the push and its answers (outbox.ts), a refresh
// (sync.ts) and a taken-back answer (study/store.ts, through outbox.ts) all decide here.
import { TABLE_KEYS } from '../api/generated/procedures';
import type { OutboxBefore, OutboxItem, SyncedRow, SyncedTable, TableRows } from './db';

/** A row's local key, the field the registry names: userEntries are keyed by entryId (SPEC §3),
 * every other table by id. */
export function rowKey<T extends SyncedTable>(table: T, row: TableRows[T]): string {
  return (row as unknown as Record<string, string>)[TABLE_KEYS[table]] as string;
}

/** A row from the server as stored locally: one without its local key (a user entry from a server
 * that sends only its id) is keyed by its id. */
export function keyed<T extends SyncedTable>(table: T, row: TableRows[T]): TableRows[T] {
  const key = TABLE_KEYS[table];
  if (key === 'id' || (row as unknown as Record<string, unknown>)[key] != null) return row;
  return { ...row, [key]: row.id };
}

/** `table/key`, the identity of a local row across tables. */
export const rowId = (table: SyncedTable, key: string): string => `${table}/${key}`;
const beforeId = (b: OutboxBefore): string => rowId(b.table, b.key);

/** A row of a table, as the server sends it. */
export interface TableRow {
  table: SyncedTable;
  row: SyncedRow;
}

/** The stored state of a refused item: 'failed' is its spelling in IndexedDB, which databases
 * already hold and tabs of older builds read, so it stays; in code it is "refused". */
export const REFUSED_STATE = 'failed';

/** Pending: waiting to be sent (not refused). */
export const isPending = (item: OutboxItem): boolean => item.state !== REFUSED_STATE;
/** Refused for good by the server: kept out of the queue until retried or discarded. */
export const isRefused = (item: OutboxItem): boolean => !isPending(item);

/** `table/key` of every row a pending item wrote: the rows arriving rows may not overwrite. */
export function heldRowIds(items: readonly OutboxItem[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    if (!isPending(item)) continue;
    for (const b of item.before ?? []) ids.add(beforeId(b));
  }
  return ids;
}

/** Whether a pending item among `items` wrote a row of `table`. */
export const holdsTable = (items: readonly OutboxItem[], table: SyncedTable): boolean =>
  items.some((i) => isPending(i) && (i.before ?? []).some((b) => b.table === table));

/** What becomes of rows arriving from the server while `queued` waits: `store` the rows no
 * pending item wrote; `updated` the pending items whose `before` now holds an arriving row (each
 * a copy, in queue order; items not changed are left out). */
export function settle(arriving: readonly TableRow[], queued: readonly OutboxItem[]): { store: TableRow[]; updated: OutboxItem[] } {
  const pending = queued.filter(isPending);
  const held = heldRowIds(pending);
  // Nothing held (the usual pull): every row is stored, without keying each one.
  if (held.size === 0) return { store: [...arriving], updated: [] };
  const store: TableRow[] = [];
  const answered = new Map<string, SyncedRow>();
  for (const r of arriving) {
    const id = rowId(r.table, rowKey(r.table, r.row));
    if (held.has(id)) answered.set(id, r.row);
    else store.push(r);
  }
  const updated: OutboxItem[] = [];
  if (answered.size === 0) return { store, updated };
  for (const item of pending) {
    const before = item.before ?? [];
    if (!before.some((b) => answered.has(beforeId(b)))) continue;
    updated.push({ ...item, before: before.map((b) => (answered.has(beforeId(b)) ? { ...b, row: answered.get(beforeId(b)) ?? null } : b)) });
  }
  return { store, updated };
}

/** The `before` of an item queued after `queued`: each row as the earliest pending item on the
 * same row knows it (the server's version, which the local row no longer is), else as given. */
export function baseOf(before: readonly OutboxBefore[], queued: readonly OutboxItem[]): OutboxBefore[] {
  const earlier = queued.filter(isPending);
  return before.map((b) => {
    for (const e of earlier) {
      const known = e.before?.find((x) => beforeId(x) === beforeId(b));
      if (known) return { ...b, row: known.row };
    }
    return b;
  });
}

/** What a refused item puts back: the rows it wrote, as the server has them, but those a pending
 * item among `later` wrote too (that write still wins). */
export function restoreOf(item: OutboxItem, later: readonly OutboxItem[]): OutboxBefore[] {
  const held = heldRowIds(later);
  return (item.before ?? []).filter((b) => !held.has(beforeId(b)));
}

/** The pending item of `procedure` whose input has id `id` (a queued save of one row). */
export function findQueued(items: readonly OutboxItem[], procedure: string, id: string): OutboxItem | undefined {
  return items.find((i) => isPending(i) && i.procedure === procedure && (i.input as { id?: string } | null)?.id === id);
}
