// Ordering of ids and codes as IndexedDB orders keys.

/** Compares strings by UTF-16 code units, as IndexedDB orders keys: the order of the indexes, and
 * cheap (a locale's collation, as in localeCompare, loads collation data on first use). For ids and
 * language codes, not for text shown in a list. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
