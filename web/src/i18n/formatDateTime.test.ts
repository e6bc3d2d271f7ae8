import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, warmDateTimeData } from './formatDateTime';

const AT = Date.UTC(2026, 10, 24, 9, 30);

afterEach(() => vi.unstubAllGlobals());

/** Replaces Intl.DateTimeFormat with one that records what is built and how often it formats. */
function spyDateTimeFormat(): { built: unknown[][]; formatted: () => number } {
  const built: unknown[][] = [];
  let formatted = 0;
  const Real = Intl.DateTimeFormat;
  vi.stubGlobal('Intl', {
    ...Intl,
    DateTimeFormat: class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built.push(args);
      }
      override format(date?: Date | number): string {
        formatted++;
        return super.format(date);
      }
    },
  });
  return { built, formatted: () => formatted };
}

describe('formatDateTime', () => {
  it('formats as Intl does, per locale', () => {
    const expected = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AT));
    expect(formatDateTime('en-US', AT)).toBe(expected('en-US'));
    expect(formatDateTime('ko-KR', AT)).toBe(expected('ko-KR'));
    expect(formatDateTime('ko-KR', AT)).not.toBe(formatDateTime('en-US', AT));
  });

  it('builds one formatter per locale, on first use', () => {
    const spy = spyDateTimeFormat();
    formatDateTime('he-IL', AT);
    formatDateTime('he-IL', AT + 1);
    expect(spy.built).toHaveLength(1);
    expect(spy.formatted()).toBe(2);
  });
});

describe('warmDateTimeData', () => {
  it("builds and uses a formatter for the thread's default locale, with the app's options", () => {
    const spy = spyDateTimeFormat();
    warmDateTimeData();
    expect(spy.built).toEqual([[undefined, { dateStyle: 'medium', timeStyle: 'short' }]]);
    expect(spy.formatted()).toBe(1);
  });

  it('never throws, even without Intl', () => {
    vi.stubGlobal('Intl', undefined);
    expect(() => warmDateTimeData()).not.toThrow();
  });
});
