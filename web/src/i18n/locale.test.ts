import { describe, expect, it } from 'vitest';
import { browserLanguages, localeCookie, localeDirection, matchLocale, pickLocale, readCookie } from './locale';

describe('locale', () => {
  it('matches exact tags, then by language', () => {
    expect(matchLocale('ko-KR')).toBe('ko-KR');
    expect(matchLocale('ko')).toBe('ko-KR');
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('EN_us')).toBe('en-US');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('he')).toBe('he');
    expect(matchLocale('fr-FR')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
  });

  it('prefers the cookie, then browser languages, then en-US', () => {
    expect(pickLocale('a=1; locale=ko-KR; b=2', ['en-US'])).toBe('ko-KR');
    expect(pickLocale('locale=xx', ['fr', 'fa-IR', 'en'])).toBe('fa');
    expect(pickLocale('', ['de-DE', 'fr'])).toBe('en-US');
    expect(pickLocale('', [])).toBe('en-US');
  });

  it('reads and writes the cookie', () => {
    expect(readCookie('x=1;locale=he', 'locale')).toBe('he');
    expect(readCookie('x=1', 'locale')).toBeUndefined();
    const cookie = localeCookie('ko-KR');
    expect(cookie).toContain('locale=ko-KR');
    expect(cookie).toContain(`Max-Age=${365 * 86400}`);
    expect(cookie).toContain('Path=/');
  });

  it('knows the right-to-left locales', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('fa')).toBe('rtl');
    expect(localeDirection('he-IL')).toBe('rtl');
    expect(localeDirection('en-US')).toBe('ltr');
    expect(localeDirection('ko-KR')).toBe('ltr');
  });

  it('reads navigator languages', () => {
    expect(browserLanguages({ language: 'ko', languages: ['ko', 'en'] })).toEqual(['ko', 'en']);
    expect(browserLanguages({ language: 'ko', languages: [] })).toEqual(['ko']);
    expect(browserLanguages(undefined)).toEqual([]);
  });
});
