// The tombstone rule every read follows: a synced row with `deleted` set is a deletion the server
// keeps so that other devices learn of it (SPEC §3); no page shows it. The read modules beside this
// one filter through these functions, so the rule has one home.

/** `undefined` while loading, `null` when absent (or deleted), else the row. */
export type Loaded<T> = T | null | undefined;

/** Whether `row` is there and not a tombstone. */
export function isLive<T extends { deleted: boolean }>(row: T | null | undefined): row is T {
  return !!row && !row.deleted;
}

/** The row, or null when it is absent or a tombstone. */
export function present<T extends { deleted: boolean }>(row: T | null | undefined): T | null {
  return isLive(row) ? row : null;
}

/** The rows that are there and not tombstones, in their order (a bulkGet's misses dropped). */
export function liveRows<T extends { deleted: boolean }>(rows: readonly (T | null | undefined)[]): T[] {
  return rows.filter(isLive);
}
