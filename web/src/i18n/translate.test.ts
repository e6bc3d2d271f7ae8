import { describe, expect, it } from 'vitest';
import { FSI, LRI, PDI, pluralRules, translate, type MessageKey } from './translate';

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

describe('translate: bidi isolation', () => {
  const en = { 'review.title': 'Review: {title}', 'home.streakDays_one': '{count} day', 'home.streakDays_other': '{count} days' };
  const ar = { 'review.title': 'مراجعة: {title}' };
  const ko = { 'review.title': '복습: {title}' };

  it('leaves left-to-right text with left-to-right values as it is', () => {
    expect(translate(en, en, 'en-US', 'review.title' as MessageKey, { title: 'Hangul letters (jamo)' })).toBe('Review: Hangul letters (jamo)');
    expect(translate(ko, en, 'ko-KR', 'review.title' as MessageKey, { title: '한글 (자모)' })).toBe('복습: 한글 (자모)');
  });

  it('isolates a value with right-to-left letters in a left-to-right message', () => {
    expect(translate(en, en, 'en-US', 'review.title' as MessageKey, { title: 'حروف (أبجد)' })).toBe(`Review: ${FSI}حروف (أبجد)${PDI}`);
    expect(translate(en, en, 'en-US', 'review.title' as MessageKey, { title: 'אותיות' })).toBe(`Review: ${FSI}אותיות${PDI}`);
  });

  it('isolates every value of a right-to-left message', () => {
    expect(translate(ar, en, 'ar', 'review.title' as MessageKey, { title: 'Hangul letters (jamo)' })).toBe(`مراجعة: ${FSI}Hangul letters (jamo)${PDI}`);
  });

  it('isolates an English fallback in a right-to-left locale left to right, numbers in English', () => {
    expect(translate(ar, en, 'ar', 'home.streakDays' as MessageKey, { count: 3 })).toBe(`${LRI}3 days${PDI}`);
    expect(translate({}, en, 'he', 'review.title' as MessageKey, { title: 'אותיות' })).toBe(`${LRI}Review: ${FSI}אותיות${PDI}${PDI}`);
    // Not in a left-to-right one.
    expect(translate({}, en, 'ko-KR', 'home.streakDays' as MessageKey, { count: 1 })).toBe('1 day');
  });

  it('renders an isolated English fallback in visual order left to right inside a right-to-left paragraph', () => {
    // The controls are invisible format characters (Unicode category Cf): nothing else is added.
    const text = translate(ar, en, 'ar', 'home.streakDays' as MessageKey, { count: 0 });
    expect(text.replace(/[\u2066-\u2069]/g, '')).toBe('0 days');
    expect([...text].filter((c) => /\p{Cf}/u.test(c))).toHaveLength(2);
  });
});
