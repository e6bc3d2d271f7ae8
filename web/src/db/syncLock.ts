// One push or pull of the shared local data at a time, across every tab of the origin (the Web
// Locks API; auth.ts takes one the same way for token refresh), or across this tab where the
// browser has no Web Locks. The outbox, the tables and lastSync are shared by all tabs, so two
// tabs pushing the same queue at once could let an older write reach the server last, a refresh
// could interleave with another tab's sync, and a page read before a push was acknowledged could
// overwrite that push's answer.

/** Runs `body` while holding the lock; resolves or rejects as `body` does. Not re-entrant. */
export type RunExclusive = <T>(body: () => Promise<T>) => Promise<T>;

/** The name of the lock (Web Locks are per origin). */
export const SYNC_LOCK = 'writeit-sync';

/** A lock within this JavaScript context: bodies run one after another, in call order. */
export function memoryLock(): RunExclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(body: () => Promise<T>): Promise<T> => {
    const run = tail.then(body);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The origin-wide lock of the Web Locks API, or a memory lock where there is none. */
export function browserLock(name: string = SYNC_LOCK): RunExclusive {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return memoryLock();
  return <T>(body: () => Promise<T>): Promise<T> => locks.request(name, body) as Promise<T>;
}
