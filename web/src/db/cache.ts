// In-memory caches (SPEC §3, DESIGN §6): every entity of the eight synced tables, as a frozen
// (read-only, deeply) object by its local key, per table. The sync engine updates them after every
// page it writes, local writes and server answers update them too, and a refresh clears them.
// A miss only means "not seen since start": `loadCached` falls back to IndexedDB.
import { db as appDb, rowKey, type SyncedTable, type TableRows, type WriteItDb } from './db';

/** Freezes an object and everything reachable from it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class EntityCache {
  private readonly tables = new Map<SyncedTable, Map<string, unknown>>();

  private map(table: SyncedTable): Map<string, unknown> {
    let m = this.tables.get(table);
    if (!m) {
      m = new Map();
      this.tables.set(table, m);
    }
    return m;
  }

  /** The cached row (tombstones included: check `deleted`), or undefined. */
  get<T extends SyncedTable>(table: T, key: string): Readonly<TableRows[T]> | undefined {
    return this.tables.get(table)?.get(key) as Readonly<TableRows[T]> | undefined;
  }

  /** Caches rows as they are now in IndexedDB. The rows are frozen in place: pass copies of
   * objects that someone still means to change. */
  put<T extends SyncedTable>(table: T, rows: readonly TableRows[T][]): void {
    const m = this.map(table);
    for (const row of rows) m.set(rowKey(table, row), deepFreeze(row));
  }

  delete(table: SyncedTable, keys: readonly string[]): void {
    const m = this.tables.get(table);
    if (m) for (const k of keys) m.delete(k);
  }

  /** Forgets the given tables (all by default). */
  clear(tables?: readonly SyncedTable[]): void {
    if (!tables) this.tables.clear();
    else for (const t of tables) this.tables.delete(t);
  }

  /** How many rows of a table are cached. */
  size(table: SyncedTable): number {
    return this.tables.get(table)?.size ?? 0;
  }
}

/** The app's caches. */
export const cache = new EntityCache();

/** The cached entity of `table` with this id (userEntries: entryId), or undefined. */
export function getCached<T extends SyncedTable>(table: T, id: string): Readonly<TableRows[T]> | undefined {
  return cache.get(table, id);
}

/** The cached entity, read from IndexedDB (and cached) on a miss. */
export async function loadCached<T extends SyncedTable>(
  table: T,
  id: string,
  database: WriteItDb = appDb,
  entityCache: EntityCache = cache,
): Promise<Readonly<TableRows[T]> | undefined> {
  const hit = entityCache.get(table, id);
  if (hit) return hit;
  const row = (await database.table(table).get(id)) as TableRows[T] | undefined;
  if (!row) return undefined;
  // A newer version may have been cached while reading: keep that one.
  const raced = entityCache.get(table, id);
  if (raced) return raced;
  entityCache.put(table, [row]);
  return row;
}

/** Forgets every cached entity (refresh). */
export function clearCache(): void {
  cache.clear();
}
