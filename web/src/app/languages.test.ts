// Languages shown by name in the UI's language, sorted by that name, never by code.
import { describe, expect, it } from 'vitest';
import { byName, languageName } from './languages';

const rows = [
  { id: 'ko', name: 'Korean' },
  { id: 'zh', name: 'Chinese' },
  { id: 'ar', name: 'Arabic' },
  { id: 'el', name: 'Greek' },
  { id: 'qaa', name: 'Private use' },
];

describe('languageName', () => {
  const cases: [string, string, string][] = [
    ['ko', 'en-US', 'Korean'],
    ['zh', 'en-US', 'Chinese'],
    ['ko', 'ko-KR', '한국어'],
    ['el', 'ar', 'اليونانية'],
    ['qaa', 'en-US', 'Private use'],
    ['xx-not-a-code', 'en-US', 'xx-not-a-code'],
  ];
  for (const [code, locale, want] of cases) {
    it(`${code} in ${locale}: ${want}`, () => expect(languageName(code, locale, rows.find((r) => r.id === code))).toBe(want));
  }
});

describe('byName', () => {
  it('sorts by the name in the UI language, not by code', () => {
    expect(byName(rows, 'en-US').map((l) => l.label)).toEqual(['Arabic', 'Chinese', 'Greek', 'Korean', 'Private use']);
    expect(byName(rows.slice(0, 4), 'ko-KR').map((l) => l.id)).toEqual(['el', 'ar', 'zh', 'ko']);
  });
});
