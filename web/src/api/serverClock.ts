// The device's clock measured against the server's (issue 36): every API answer carries the
// server's wall-clock time when it left (`X-Server-Time`, ms; docs/rpc.md). Of the last few
// answers, the one with the shortest round trip gives the offset (its midpoint bounds the error
// by half that round trip, as NTP reasons), kept in local storage so a start offline still knows
// it. `now()` is the learner's time line: the device's clock plus that offset, so answers are
// recorded, and "due" and "today" reckoned, on the server's time line whatever the device's clock
// says. A clock off by more than CLOCK_WARN_MS is told to the learner (ClockWarning.tsx).

/** One answer's timing: the server's time in it, and when the request left and the answer came
 * (device clock, ms). */
export interface ClockSample {
  server: number;
  sent: number;
  received: number;
}

/** Past this, the learner is told their device's clock is off. */
export const CLOCK_WARN_MS = 2 * 60_000;
/** Samples kept: the best of the last few (a slow answer says little). */
const SAMPLES = 8;
/** A round trip longer than this says too little to move the offset. */
const MAX_ROUND_TRIP_MS = 10_000;
const STORAGE_KEY = 'clockOffset';

/** The offset (server − device, ms) from the sample with the shortest round trip; null without a
 * usable sample. */
export function offsetOf(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    const trip = s.received - s.sent;
    if (!Number.isFinite(s.server) || trip < 0 || trip > MAX_ROUND_TRIP_MS) continue;
    if (!best || trip < best.received - best.sent) best = s;
  }
  return best ? Math.round(best.server - (best.sent + best.received) / 2) : null;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function storedOffset(): number {
  const v = Number(storage()?.getItem(STORAGE_KEY));
  return Number.isFinite(v) ? v : 0;
}

let samples: ClockSample[] = [];
let offset = storedOffset();
const listeners = new Set<() => void>();

/** Takes an answer's timing into account. */
export function observeServerTime(sample: ClockSample): void {
  samples = [...samples.slice(-(SAMPLES - 1)), sample];
  const next = offsetOf(samples);
  if (next === null || next === offset) return;
  offset = next;
  try {
    storage()?.setItem(STORAGE_KEY, String(offset));
  } catch {
    // Storage full or blocked: the offset still holds for this page.
  }
  listeners.forEach((l) => l());
}

/** The server's time now, as well as this device knows it (ms since the epoch). */
export function now(): number {
  return Date.now() + offset;
}

/** Server − device (ms): positive when the device's clock is behind. */
export function clockOffset(): number {
  return offset;
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the server's time off an answer (the header may be missing: an old server, a proxy). */
export function observeResponse(response: Pick<Response, 'headers'>, sent: number, received: number): void {
  const header = response.headers.get('x-server-time');
  if (header === null) return;
  const server = Number(header);
  if (Number.isFinite(server) && server > 0) observeServerTime({ server, sent, received });
}

/** For tests: forget every sample and the stored offset. */
export function resetClock(to = 0): void {
  samples = [];
  offset = to;
  listeners.forEach((l) => l());
}
