// The clock as pages read it: the current time, refreshed every so often, and the end of today
// (the bound of "due today").
import { useEffect, useState } from 'react';
import { endOfToday } from '../stats/stats';

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The end of the learner's today (next local midnight), the bound of "due today"; it changes
 * once a day, so queries keyed on it do not re-run every minute. */
export function useEndOfToday(): number {
  return endOfToday(useNow());
}
