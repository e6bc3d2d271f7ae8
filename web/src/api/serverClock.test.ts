// Measuring the device's clock against the server's: the shortest round trip wins.
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset, now, observeResponse, observeServerTime, offsetOf, resetClock } from './serverClock';

describe('offsetOf', () => {
  it.each([
    { name: 'no sample', samples: [], want: null },
    { name: 'the midpoint of one answer', samples: [{ server: 1_000_500, sent: 1000, received: 2000 }], want: 999_000 },
    {
      name: 'the shortest round trip of several',
      samples: [
        { server: 5000, sent: 0, received: 4000 },
        { server: 10_050, sent: 10_000, received: 10_100 },
      ],
      want: 0,
    },
    { name: 'a clock a day behind (server ahead)', samples: [{ server: 86_400_000 + 50, sent: 0, received: 100 }], want: 86_400_000 },
    { name: 'a round trip too long to say anything', samples: [{ server: 1, sent: 0, received: 60_000 }], want: null },
    { name: 'an answer before its request (a clock stepped): ignored', samples: [{ server: 1, sent: 10, received: 5 }], want: null },
  ])('$name', ({ samples, want }) => {
    expect(offsetOf(samples)).toBe(want);
  });
});

describe('the learner time line', () => {
  afterEach(() => resetClock());
  it('is the device clock plus the measured offset, read from every answer', () => {
    resetClock();
    const device = Date.now();
    observeServerTime({ server: device - 26 * 3_600_000, sent: device - 10, received: device + 10 });
    expect(clockOffset()).toBe(-26 * 3_600_000);
    expect(Math.abs(now() - (Date.now() - 26 * 3_600_000))).toBeLessThan(1000);
    observeResponse({ headers: new Headers({ 'x-server-time': String(device + 5000) }) }, device, device + 2);
    // A shorter round trip wins.
    expect(clockOffset()).toBe(4999);
    observeResponse({ headers: new Headers() }, device, device + 1);
    expect(clockOffset()).toBe(4999);
  });
});
