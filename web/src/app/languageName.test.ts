// Languages shown by name in the UI's language, sorted by that name, never by code.
import { describe, expect, it } from 'vitest';
import { byName, codesByName, languageLabel, languageName } from './languageName';

const rows = [
  { id: 'ko', name: 'Korean', nativeName: '한국어' },
  { id: 'zh', name: 'Chinese', nativeName: '中文' },
  { id: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { id: 'el', name: 'Greek', nativeName: 'Ελληνικά' },
  { id: 'qaa', name: 'Private use', nativeName: 'Tongue' },
  { id: 'qab', name: 'Unnamed', nativeName: '' },
];
const row = (code: string) => rows.find((r) => r.id === code);

describe('languageName', () => {
  const cases: [code: string, locale: string, want: string][] = [
    ['ko', 'en-US', 'Korean'],
    ['zh', 'en-US', 'Chinese'],
    ['ko', 'ko-KR', '한국어'],
    ['el', 'ko-KR', '그리스어'],
    ['el', 'ar', 'اليونانية'],
    ['ko', 'he', 'קוריאנית'],
    ['ko', 'fa', 'کره‌ای'],
    // A code the browser does not name: the server's own name for it, then its English one.
    ['qaa', 'en-US', 'Tongue'],
    ['qab', 'en-US', 'Unnamed'],
    // Nothing names it: the code.
    ['xx-not-a-code', 'en-US', 'xx-not-a-code'],
    ['q', 'en-US', 'q'],
  ];
  it.each(cases)('%s in %s: %s', (code, locale, want) => expect(languageName(code, locale, row(code))).toBe(want));
});

describe('languageLabel', () => {
  const cases: [code: string, locale: string, want: string][] = [
    ['ko', 'en-US', 'Korean · 한국어'],
    // The UI's name is the language's own: said once.
    ['ko', 'ko-KR', '한국어'],
    ['qaa', 'en-US', 'Tongue'],
    ['el', 'he', 'יוונית · Ελληνικά'],
  ];
  it.each(cases)('%s in %s: %s', (code, locale, want) => expect(languageLabel(code, locale, row(code))).toBe(want));
});

describe('byName', () => {
  const cases: [locale: string, want: string[]][] = [
    ['en-US', ['ar', 'zh', 'el', 'ko', 'qaa', 'qab']],
    ['ko-KR', ['el', 'ar', 'zh', 'ko', 'qaa', 'qab']],
  ];
  it.each(cases)('sorts by the name in %s, not by code', (locale, want) => {
    expect(byName(rows, locale).map((l) => l.id)).toEqual(want);
  });

  it('gives each its name as the label', () => {
    expect(byName(rows.slice(0, 4), 'en-US').map((l) => l.label)).toEqual(['Arabic', 'Chinese', 'Greek', 'Korean']);
  });

  it('sorts bare codes the same way', () => {
    expect(codesByName(['ko', 'el', 'ar'], 'en-US')).toEqual(['ar', 'el', 'ko']);
  });
});
