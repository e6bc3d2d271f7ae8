// The rules of which languages a device holds (db/languages.ts), as tables.
import { describe, expect, it } from 'vitest';
import {
  afterPage,
  dropsRow,
  emptyLanguageState,
  joinedLanguages,
  nextPull,
  readLanguageState,
  removalBlock,
  studiedLanguages,
  upgradedState,
  usedBy,
  writeLanguageState,
  type Hold,
  type LanguageState,
} from './languages';
import { memoryStorage } from './sync';

const cur = { updatedAt: 5, id: 'x' };
const adding = (table: 'decks' | 'entries' | 'characters', rows = 0, after = cur): Hold => ({ joined: false, table, after, rows });
const J: Hold = { joined: true };

describe('studiedLanguages', () => {
  it.each([
    { current: 'ko', followed: [], keep: [], want: ['ko'] },
    { current: 'zh', followed: ['ja', 'zh'], keep: [], want: ['zh', 'ja'] },
    { current: 'ko', followed: ['ja'], keep: ['fr', 'ja'], want: ['ko', 'ja', 'fr'] },
    { current: '', followed: [], keep: ['fr'], want: ['fr'] },
  ])('$current + $followed + $keep → $want', ({ current, followed, keep, want }) => {
    expect(studiedLanguages(current, followed, keep)).toEqual(want);
  });
});

describe('nextPull', () => {
  const state = (held: Record<string, Hold>): LanguageState => ({ held, keep: [] });
  it.each([
    { name: 'nothing held: the first studied from decks', held: {}, studied: ['ko'], want: { language: 'ko', table: 'decks', rows: 0, offset: 0 } },
    { name: 'all joined: nothing', held: { ko: J }, studied: ['ko'], want: null },
    { name: 'resumes a cursor', held: { ko: J, zh: adding('entries', 40) }, studied: ['ko', 'zh'], want: { language: 'zh', table: 'entries', after: cur, rows: 40, offset: 0 } },
    { name: "resumes a pass's bounds", held: { zh: { ...adding('entries', 40), offset: 0, until: 70 } }, studied: ['zh'], want: { language: 'zh', table: 'entries', after: cur, rows: 40, offset: 0, until: 70 } },
    { name: 'the current language before one being added', held: { ja: adding('characters') }, studied: ['zh', 'ja'], want: { language: 'zh', table: 'decks', rows: 0, offset: 0 } },
    { name: 'one being added but no longer studied still finishes', held: { ko: J, ja: adding('decks', 2) }, studied: ['ko'], want: { language: 'ja', table: 'decks', after: cur, rows: 2, offset: 0 } },
  ] as { name: string; held: Record<string, Hold>; studied: string[]; want: unknown }[])('$name', ({ held, studied, want }) => {
    expect(nextPull(state(held), studied)).toEqual(want);
  });
});

describe('afterPage', () => {
  const last = { updatedAt: 9, id: 'y' };
  const pass = { offset: 0, until: 100 };
  it.each([
    { name: 'a full page moves the cursor, the bounds kept', hold: undefined, table: 'decks', page: { rows: 10, last, full: true }, pass, lastSync: 100, want: { joined: false, table: 'decks', after: last, rows: 10, offset: 0, until: 100 } },
    { name: 'a short page ends the table', hold: adding('decks', 10), table: 'decks', page: { rows: 3, last, full: false }, pass, lastSync: 100, want: { joined: false, table: 'entries', rows: 13, offset: 0, until: 100 } },
    { name: 'an empty page ends the table', hold: adding('entries', 13), table: 'entries', page: { rows: 0, full: false }, pass, lastSync: 100, want: { joined: false, table: 'characters', rows: 13, offset: 0, until: 100 } },
    { name: 'the last short page joins', hold: adding('characters', 13), table: 'characters', page: { rows: 1, last, full: false }, pass, lastSync: 100, want: J },
    {
      name: 'a pass bounded below lastSync: another pass (until, lastSync] from decks',
      hold: adding('characters', 13),
      table: 'characters',
      page: { rows: 1, last, full: false },
      pass: { offset: 0, until: 90 },
      lastSync: 100,
      want: { joined: false, table: 'decks', rows: 14, offset: 90 },
    },
    { name: 'a full page keeps its bound though lastSync moved on', hold: adding('entries', 13), table: 'entries', page: { rows: 5, last, full: true }, pass: { offset: 0, until: 90 }, lastSync: 100, want: { joined: false, table: 'entries', after: last, rows: 18, offset: 0, until: 90 } },
    { name: 'a joined language stays joined', hold: J, table: 'decks', page: { rows: 1, last, full: true }, pass, lastSync: 100, want: J },
  ] as const)('$name', ({ hold, table, page, pass, lastSync, want }) => {
    expect(afterPage(hold, table, page, pass, lastSync)).toEqual(want);
  });
});

describe('state', () => {
  it('joined languages, sorted', () => {
    expect(joinedLanguages({ held: { zh: J, ko: J, ja: adding('decks') }, keep: [] })).toEqual(['ko', 'zh']);
  });
  it('an upgraded device holds its studied languages joined', () => {
    expect(upgradedState(['ko', 'ja'])).toEqual({ held: { ko: J, ja: J }, keep: [] });
  });
  it('round-trips through storage; absent or broken reads as none', () => {
    const s = memoryStorage();
    expect(readLanguageState(s)).toBeNull();
    const state = { held: { ko: J, zh: adding('entries', 7) }, keep: ['fr'] };
    writeLanguageState(s, state);
    expect(readLanguageState(s)).toEqual(state);
    s.setItem('languageState', '{oops');
    expect(readLanguageState(s)).toBeNull();
    s.setItem('languageState', 'null');
    expect(readLanguageState(s)).toBeNull();
    expect(emptyLanguageState(['fr'])).toEqual({ held: {}, keep: ['fr'] });
  });
});

describe('removal', () => {
  it.each([
    { code: 'ko', current: 'ko', followed: [], want: 'current' },
    { code: 'ja', current: 'ko', followed: ['ja'], want: 'followed' },
    { code: 'zh', current: 'ko', followed: ['ja'], want: null },
  ])('$code (current $current, followed $followed) → $want', ({ code, current, followed, want }) => {
    expect(removalBlock(code, current, followed)).toBe(want);
  });

  const used = usedBy(['日本語', 'café', '👨‍👩‍👧 family']);
  it.each([
    { value: '日', want: true },
    { value: '中', want: false },
    { value: 'é', want: true },
    { value: 'e\u0301', want: false },
    { value: '👨‍👩‍👧', want: true },
    { value: '👩', want: true },
    { value: '', want: false },
  ])('a kept entry uses $value: $want', ({ value, want }) => {
    expect(used(value)).toBe(want);
  });

  const held = (_table: string, key: string) => key === 'held';
  it.each([
    { row: { table: 'decks', key: 'd' }, want: true },
    { row: { table: 'entries', key: 'held' }, want: false },
    { row: { table: 'characters', key: 'c', value: '日' }, want: false },
    { row: { table: 'characters', key: 'c', value: '中' }, want: true },
    { row: { table: 'characters', key: 'held', value: '中' }, want: false },
  ] as const)('drops $row: $want', ({ row, want }) => {
    expect(dropsRow(row, held, used)).toBe(want);
  });
});
