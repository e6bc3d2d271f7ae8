// One review session per learner per device at a time (issue 36): two tabs reviewing at once
// showed the same queue, and 17 of 40 cards were answered twice. A review holds a Web Lock named
// for the learner; a second tab finds it taken and says so, offering to take over, and the tab
// taken over from says where the review went. Without the Web Locks API (old browsers), every tab
// reviews, as before.
import { useCallback, useEffect, useRef, useState } from 'react';

/** 'mine': this tab reviews; 'elsewhere': another tab holds the review; 'taken': another tab took
 * it over from this one; 'waiting': not known yet. */
export type StudyLockState = 'waiting' | 'mine' | 'elsewhere' | 'taken';

/** The lock of a learner's reviews on this device. */
export const lockName = (userId: string | null | undefined): string => `writeit-review-${userId ?? 'guest'}`;

function locks(): LockManager | undefined {
  return typeof navigator !== 'undefined' ? navigator.locks : undefined;
}

/** Holds the learner's review lock while the page is shown; `takeOver` steals it from another tab. */
export function useStudyLock(userId: string | null | undefined): { state: StudyLockState; takeOver: () => void } {
  const name = lockName(userId);
  const manager = locks();
  const [state, setState] = useState<StudyLockState>(manager ? 'waiting' : 'mine');
  /** Resolving it lets the held lock go. */
  const letGo = useRef<(() => void) | null>(null);

  const hold = useCallback(
    (steal: boolean) => {
      if (!manager) return;
      letGo.current?.();
      let held = false;
      const release = new Promise<void>((done) => (letGo.current = done));
      manager
        .request(name, steal ? { steal: true } : { ifAvailable: true }, async (lock) => {
          if (!lock) {
            setState('elsewhere');
            return;
          }
          held = true;
          setState('mine');
          await release;
        })
        .catch(() => {
          // Stolen by another tab: its request aborts this one's.
          if (held) setState('taken');
        });
    },
    [manager, name],
  );

  useEffect(() => {
    hold(false);
    return () => letGo.current?.();
  }, [hold]);

  return { state, takeOver: useCallback(() => hold(true), [hold]) };
}
