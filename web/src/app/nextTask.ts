// Breaking long work into tasks, so input and painting can run between the parts.

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a later task. scheduler.yield() where the browser has it (the continuation runs
 * ahead of other queued tasks), else a zero-delay timeout. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
