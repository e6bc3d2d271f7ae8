import { describe, expect, it } from 'vitest';
import { formatBytes, numberFormatter } from './formatNumber';

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

describe('formatBytes', () => {
  it.each([
    { bytes: 0, want: '0 kB' },
    { bytes: 1_234, want: '1.2 kB' },
    { bytes: 456_789, want: '457 kB' },
    { bytes: 14_049_000, want: '14 MB' },
    { bytes: 2_500_000, want: '2.5 MB' },
  ])('$bytes bytes → $want', ({ bytes, want }) => {
    expect(formatBytes('en-US', bytes)).toBe(want);
  });
  it('speaks the locale', () => {
    expect(formatBytes('ar', 2_500_000)).toBe(new Intl.NumberFormat('ar', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(2.5));
  });
});
