import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, warmDateTimeData } from './formatDateTime';

const AT = Date.UTC(2026, 10, 24, 9, 30);

afterEach(() => vi.unstubAllGlobals());

describe('formatDateTime', () => {
  it('formats as Intl does, per locale', () => {
    const expected = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AT));
    expect(formatDateTime('en-US', AT)).toBe(expected('en-US'));
    expect(formatDateTime('ko-KR', AT)).toBe(expected('ko-KR'));
    expect(formatDateTime('ko-KR', AT)).not.toBe(formatDateTime('en-US', AT));
  });

  it('builds one formatter per locale, on first use', () => {
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
    formatDateTime('he-IL', AT);
    formatDateTime('he-IL', AT + 1);
    expect(built).toBe(1);
  });
});

describe('warmDateTimeData', () => {
  it("builds and uses a formatter for the thread's default locale, with the app's options", () => {
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
    warmDateTimeData();
    expect(built).toEqual([[undefined, { dateStyle: 'medium', timeStyle: 'short' }]]);
    expect(formatted).toBe(1);
  });

  it('never throws, even without Intl', () => {
    vi.stubGlobal('Intl', undefined);
    expect(() => warmDateTimeData()).not.toThrow();
  });
});
