// Every locale file is valid and complete: each English message translated with the same
// placeholders, each plural group in exactly the locale's CLDR categories (Korean has only `other`,
// Arabic all six).
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

  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en-US')) {
    it(`translates every English message into ${locale} with the same placeholders`, () => {
      const messages = load(locale);
      const english = enUS as Record<string, string>;
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
      const groups = new Set(Object.keys(english).filter((k) => k !== baseKey(k)).map(baseKey));
      const missing = Object.keys(english).filter((k) => k === baseKey(k) && !(k in messages));
      for (const group of groups) missing.push(...categories.map((c) => `${group}_${c}`).filter((k) => !(k in messages)));
      expect(missing).toEqual([]);
      for (const [key, text] of Object.entries(messages)) {
        const base = baseKey(key);
        if (base !== key) expect(groups.has(base) && categories.includes(key.slice(base.length + 1)), `${locale} ${key}`).toBe(true);
        const en = english[key] ?? english[`${base}_other`] ?? '';
        // A zero, one or two form may say its number in words ('بطاقتان', two cards).
        const mayOmitCount = /_(zero|one|two)$/.test(key);
        const expected = placeholders(en).filter((p) => !(mayOmitCount && p === 'count'));
        expect(placeholders(text).filter((p) => !(mayOmitCount && p === 'count')), `${locale} ${key}`).toEqual(expected);
      }
    });
  }

  it('formats plurals and placeholders, falling back to English', () => {
    const en = enUS as Record<string, string>;
    expect(translate(en, en, 'en-US', 'decks.entryCount', { count: 1 })).toBe('1 entry');
    expect(translate(en, en, 'en-US', 'decks.entryCount', { count: 1200 })).toBe('1,200 entries');
    const ko = load('ko-KR');
    expect(translate(ko, en, 'ko-KR', 'decks.entryCount', { count: 1 })).toBe('항목 1개');
    const ar = load('ar');
    expect(translate(ar, en, 'ar', 'nav.home')).toBe('الرئيسية');
    // Arabic counts in its own forms: none, one, two (dual), 3-10 (plural), 11-99 (singular).
    const cards = [0, 1, 2, 3, 11].map((count) => translate(ar, en, 'ar', 'study.progressSteps', { count }).replace(/\d+/g, '#'));
    expect(new Set(cards).size).toBe(5);
    // An English fallback in a right-to-left locale is isolated left to right (translate.test.ts).
    expect(translate({}, en, 'ar', 'errors.localeLoad', { code: 'ar' })).toBe('\u2066Failed loading locale (ar)\u2069');
    expect(translate({}, {}, 'en-US', 'nav.home')).toBe('nav.home');
  });

  it('has no message the code never uses (a dead string would still be translated five times)', () => {
    const root = join(__dirname, '..');
    const source = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('messages'))
      .map((f) => readFileSync(join(root, f), 'utf8'))
      .join('\n');
    // Keys built in code: `sync.table.${table}`, `writing.rating${n}`.
    const built = [...source.matchAll(/`([a-zA-Z][\w.-]*)\$\{/g)].map((m) => m[1]!).filter((p) => p.includes('.'));
    const unused = [...new Set(Object.keys(enUS).map(baseKey))].filter(
      (key) => !new RegExp(`['"\`]${key.replace(/[.-]/g, '\\$&')}['"\`]`).test(source) && !built.some((p) => key.startsWith(p)),
    );
    expect(unused).toEqual([]);
  });

  it('keeps the SPEC wording of the error messages in English', () => {
    expect(enUS['errors.notFoundTitle']).toBe('Page Not Found');
    expect(enUS['errors.serverErrorTitle']).toBe('Internal Server Error');
    expect(enUS['errors.pageNotFoundFull']).toBe('Page Not Found: {path}');
    expect(enUS['errors.pageNotFound']).toBe('Page not found: {path}');
    expect(enUS['errors.localeLoad']).toBe('Failed loading locale ({code})');
  });
});
