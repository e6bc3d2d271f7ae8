// Filtering of the study lists: normalisation, every word, the language filter.
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGES, entryListStatus, filterRows, haystack, normalizeSearch, passes } from './filter';

const rows = [
  { languageCode: 'ko', text: '안녕하세요', reading: 'annyeonghaseyo', meanings: ['hello', 'hi (polite)'] },
  { languageCode: 'ko', text: '감사합니다', reading: 'gamsahamnida', meanings: ['thank you (formal)'] },
  { languageCode: 'ja', text: 'ありがとう', reading: 'arigatou', meanings: ['Thank you'] },
];
const hays = rows.map((r) => haystack([r.text, r.reading, r.meanings]));

describe('list filter', () => {
  it('normalises case, width and Hangul composition', () => {
    expect(normalizeSearch('  HeLLo ')).toBe('hello');
    expect(normalizeSearch('ＡＢＣ')).toBe('abc');
    expect(normalizeSearch('\u1100\u1161')).toBe('가');
  });

  it('matches text, reading or any meaning; every word must occur', () => {
    expect(filterRows(rows, hays, 'thank', ALL_LANGUAGES).map((r) => r.text)).toEqual(['감사합니다', 'ありがとう']);
    expect(filterRows(rows, hays, 'thank formal', ALL_LANGUAGES).map((r) => r.text)).toEqual(['감사합니다']);
    expect(filterRows(rows, hays, '\u1100\u1161\u11b7', ALL_LANGUAGES).map((r) => r.text)).toEqual(['감사합니다']);
    expect(filterRows(rows, hays, 'nyeong', ALL_LANGUAGES)).toHaveLength(1);
  });

  it('filters by language, with or without a query', () => {
    expect(filterRows(rows, hays, '', 'ja').map((r) => r.text)).toEqual(['ありがとう']);
    expect(filterRows(rows, hays, 'thank', 'ko')).toHaveLength(1);
    expect(filterRows(rows, hays, '', ALL_LANGUAGES)).toBe(rows);
    expect(passes(hays[0]!, 'ko', '', 'en')).toBe(false);
  });

  it('does not match across fields', () => {
    // "annyeonghaseyo" + "hello": the separator keeps "yohel" from matching.
    expect(filterRows(rows, hays, 'yohel', ALL_LANGUAGES)).toHaveLength(0);
  });
});

describe('entryListStatus', () => {
  const rows = ['a', 'b'];
  it.each([
    ['loading', undefined, undefined, false, { key: 'loading.label' }],
    ['rows read, their reading not known', rows, undefined, false, { key: 'loading.label' }],
    ['all read', rows, true, false, { key: 'entries.count', count: 2 }],
    ['more on their way', rows, false, false, { key: 'lists.loadingMore' }],
    ['search over all rows', rows, true, true, { key: 'entries.matches', count: 2 }],
    ['search before all rows are here', rows, false, true, { key: 'loading.label' }],
    ['no match', [], true, true, { key: 'entries.matches', count: 0 }],
  ] as const)('%s', (_, shown, complete, searching, expected) => {
    expect(entryListStatus(shown, complete, searching)).toEqual(expected);
  });
});
