// The clock as pages read it: the learner's time line (the server's, api/serverClock.ts),
// refreshed every so often.
import { useEffect, useState } from 'react';
import { now as serverNow } from '../../api/serverClock';

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
