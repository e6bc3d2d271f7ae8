// Every locale file is valid, and en-US and ko-KR are complete (ko-KR may use only `_other`
// plural forms, since Korean has one plural category).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from './messages/en-US.json';
import { SUPPORTED_LOCALES } from './locale';
import { translate } from './translate';

const dir = join(__dirname, 'messages');
const load = (locale: string) => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('has one file per supported locale, each a flat map of strings', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
    expect(files).toEqual([...SUPPORTED_LOCALES].sort());
    for (const locale of SUPPORTED_LOCALES) {
      for (const [key, value] of Object.entries(load(locale))) {
        expect(typeof value, `${locale} ${key}`).toBe('string');
        expect(key in enUS || `${key}_other` in enUS || `${baseKey(key)}_other` in enUS, `${locale} has unknown key ${key}`).toBe(true);
      }
    }
  });

  it('translates every English message into Korean with the same placeholders', () => {
    const ko = load('ko-KR');
    const english = enUS as Record<string, string>;
    const enBases = new Set(Object.keys(english).map(baseKey));
    const koBases = new Set(Object.keys(ko).map(baseKey));
    expect([...enBases].filter((k) => !koBases.has(k))).toEqual([]);
    for (const [key, text] of Object.entries(ko)) {
      const en = english[key] ?? english[`${baseKey(key)}_other`] ?? '';
      expect(placeholders(text), key).toEqual(placeholders(en));
    }
  });

  it('formats plurals and placeholders, falling back to English', () => {
    const en = enUS as Record<string, string>;
    expect(translate(en, en, 'en-US', 'decks.entryCount', { count: 1 })).toBe('1 entry');
    expect(translate(en, en, 'en-US', 'decks.entryCount', { count: 1200 })).toBe('1,200 entries');
    const ko = load('ko-KR');
    expect(translate(ko, en, 'ko-KR', 'decks.entryCount', { count: 1 })).toBe('항목 1개');
    const ar = load('ar');
    expect(translate(ar, en, 'ar', 'nav.home')).toBe('الرئيسية');
    // An English fallback in a right-to-left locale is isolated left to right (translate.test.ts).
    expect(translate(ar, en, 'ar', 'errors.localeLoad', { code: 'ar' })).toBe('\u2066Failed loading locale (ar)\u2069');
    expect(translate({}, {}, 'en-US', 'nav.home')).toBe('nav.home');
  });

  it('keeps the SPEC wording of the error messages in English', () => {
    expect(enUS['errors.notFoundTitle']).toBe('Page Not Found');
    expect(enUS['errors.serverErrorTitle']).toBe('Internal Server Error');
    expect(enUS['errors.pageNotFoundFull']).toBe('Page Not Found: {path}');
    expect(enUS['errors.pageNotFound']).toBe('Page not found: {path}');
    expect(enUS['errors.localeLoad']).toBe('Failed loading locale ({code})');
  });
});
