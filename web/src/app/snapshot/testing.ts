// Test helper for the snapshot and style cache tests: a localStorage in memory.

/** A Storage in memory; a write making a value longer than `limit` characters fails as a full
 * localStorage does. */
export function memoryStorage(limit = Infinity) {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > limit) throw new DOMException('full', 'QuotaExceededError');
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
  };
}
