// In-memory caches (SPEC §3, DESIGN §6): entities of the ten synced tables, as frozen (read-only,
// deeply) objects by local key, per table. Filled as they are used: `loadCached` reads a miss from
// IndexedDB and keeps it, and local writes and the server's answers put their rows. The cache
// follows the database (followChanges): whatever any context commits (this tab, the sync worker,
// another tab, whose sync moves the shared lastSync past rows this tab then never pulls) drops the
// cached copies of those rows, and the next read loads the new version. A sync does not fill the
// cache: the UI reads through Dexie live queries, and caching every pulled row cost the main
// thread 0.7 s of clones and freezes on a first sync of the 50,000-entry catalogue (make bench),
// for rows nobody asked for.
import Dexie, { RangeSet, rangesOverlap, type ObservabilitySet } from 'dexie';
import { db as appDb, PUBLIC_TABLES, USER_TABLES, type SyncedTable, type TableRows, type WriteItDb } from './db';
import { rowKey } from './ledger';

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
  /** Bumped by every delete and clear: a read that began before one may be out of date. */
  private generation = 0;

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

  /** Forgets these rows (the next read loads them afresh). */
  delete(table: SyncedTable, keys: readonly string[]): void {
    this.generation++;
    const m = this.tables.get(table);
    if (m) for (const k of keys) m.delete(k);
  }

  /** Forgets the given tables (all by default). */
  clear(tables?: readonly SyncedTable[]): void {
    this.generation++;
    if (!tables) this.tables.clear();
    else for (const t of tables) this.tables.delete(t);
  }

  /** Changes whenever rows are forgotten: compare before and after a read from IndexedDB. */
  version(): number {
    return this.generation;
  }

  /** The keys of a table's cached rows. */
  keys(table: SyncedTable): string[] {
    return [...(this.tables.get(table)?.keys() ?? [])];
  }

  /** How many rows of a table are cached. */
  size(table: SyncedTable): number {
    return this.tables.get(table)?.size ?? 0;
  }
}

/** Makes `entityCache` forget the rows of database `dbName` that any context changes, as Dexie
 * reports each committed write (here, and from other tabs and workers over its BroadcastChannel):
 * the primary-key ranges written, per table ('all' after a page comes back from the back-forward
 * cache). Returns the unsubscribe. */
export function followChanges(entityCache: EntityCache, dbName: string): () => void {
  const listener = (parts: ObservabilitySet) => {
    if ('all' in parts) {
      entityCache.clear();
      return;
    }
    for (const table of [...PUBLIC_TABLES, ...USER_TABLES]) {
      const written = parts[`idb://${dbName}/${table}/`];
      if (!written) continue;
      // Even when none of its rows is cached: the version then tells an in-flight read it raced.
      entityCache.delete(
        table,
        entityCache.keys(table).filter((key) => rangesOverlap(written, new RangeSet(key))),
      );
    }
  };
  Dexie.on('storagemutated', listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}

/** The app's caches, following the app's database. */
export const cache = new EntityCache();
followChanges(cache, appDb.name);

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
  const version = entityCache.version();
  const row = (await database.table(table).get(id)) as TableRows[T] | undefined;
  if (!row) return undefined;
  // A newer version may have been cached while reading: keep that one.
  const raced = entityCache.get(table, id);
  if (raced) return raced;
  // Rows were forgotten while reading (a sync stored newer ones): this one may be older than what
  // IndexedDB holds now, so it is returned but not kept.
  if (entityCache.version() !== version) return deepFreeze(row);
  entityCache.put(table, [row]);
  return row;
}

/** Forgets every cached entity (refresh). */
export function clearCache(): void {
  cache.clear();
}
