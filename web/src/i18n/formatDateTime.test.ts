import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, prepareDateTimeFormat } from './formatDateTime';

const AT = Date.UTC(2026, 10, 24, 9, 30);

afterEach(() => vi.unstubAllGlobals());

describe('formatDateTime', () => {
  it('formats as Intl does, per locale', () => {
    const expected = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AT));
    expect(formatDateTime('en-US', AT)).toBe(expected('en-US'));
    expect(formatDateTime('ko-KR', AT)).toBe(expected('ko-KR'));
    expect(formatDateTime('ko-KR', AT)).not.toBe(formatDateTime('en-US', AT));
  });

  it('builds a formatter ahead in idle time, once per locale', () => {
    const idle = vi.fn<(cb: () => void, opts?: { timeout: number }) => number>(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    let built = 0;
    const Real = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: class extends Real {
        constructor(...args: ConstructorParameters<typeof Real>) {
          super(...args);
          built++;
        }
      },
    });
    prepareDateTimeFormat('he-IL', 1234);
    expect(idle).toHaveBeenCalledTimes(1);
    const [build, options] = idle.mock.calls[0]!;
    expect(options).toEqual({ timeout: 1234 });
    expect(built).toBe(0); // nothing built until the browser is idle
    build();
    expect(built).toBe(1);
    // Built: neither preparing again nor formatting builds another.
    prepareDateTimeFormat('he-IL');
    expect(idle).toHaveBeenCalledTimes(1);
    formatDateTime('he-IL', AT);
    expect(built).toBe(1);
  });
});
