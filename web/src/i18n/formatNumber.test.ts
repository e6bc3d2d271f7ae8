import { describe, expect, it } from 'vitest';
import { numberFormatter } from './formatNumber';

describe('numberFormatter', () => {
  it('answers what Intl.NumberFormat answers, for small integers and the rest', () => {
    const values = [...Array.from({ length: 2001 }, (_, i) => i - 1000), -0, 1234, -1234, 999_999, 1.5, -0.25, 1e21, NaN, Infinity];
    for (const locale of ['en-US', 'ko-KR', 'en', 'ar', 'fa-IR', 'he-IL', 'de-DE']) {
      const format = numberFormatter(locale);
      const intl = new Intl.NumberFormat(locale);
      for (const n of values) expect(format(n), `${locale} ${n}`).toBe(intl.format(n));
    }
  });
});
