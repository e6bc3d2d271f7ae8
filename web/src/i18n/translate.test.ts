import { describe, expect, it } from 'vitest';
import { pluralRules } from './translate';

describe('pluralRules', () => {
  it('agrees with Intl.PluralRules for the built-in languages', () => {
    const numbers = [...Array.from({ length: 250 }, (_, i) => i), 1000, 1001, 21, 101, 0.5, 1.5, 2.25, -1, 1e6];
    for (const locale of ['en', 'en-US', 'en-GB', 'ko', 'ko-KR']) {
      const intl = new Intl.PluralRules(locale);
      for (const n of numbers) expect(pluralRules(locale).select(n), `${locale} ${n}`).toBe(intl.select(n));
    }
  });

  it('uses Intl.PluralRules for other languages', () => {
    expect(pluralRules('ru').select(3)).toBe('few');
    expect(pluralRules('ar').select(0)).toBe('zero');
  });
});
