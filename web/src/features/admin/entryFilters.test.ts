// The admin entries filters (in no deck, without reading, without stroke data) and the bulk
// deck edits.
import { describe, expect, it } from 'vitest';
import type { Deck, Entry } from '../../api/generated/types';
import { addToDeck, entriesInDecks, filterEntries, hasStrokeData, missingStrokesChecker, removeFromDeck } from './entryFilters';

const e = (id: string, text: string, reading = ''): Entry => ({
  id, languageCode: 'ko', text, reading, meanings: [], notes: '', examples: [], updatedAt: 1, deleted: false,
});
const deck = (entryIds: string[], deleted = false): Deck => ({
  id: 'd', languageCode: 'ko', title: 'D', description: '', entryIds, position: 0, updatedAt: 1, deleted,
});

describe('stroke data', () => {
  const stored = new Set(['ㅁ', 'ㅜ', 'ㄹ', '水']);
  it('counts stored characters and syllables composed of stored jamo', () => {
    expect(hasStrokeData('水', stored)).toBe(true);
    expect(hasStrokeData('물', stored)).toBe(true); // ㅁ ㅜ ㄹ
    expect(hasStrokeData('무', stored)).toBe(true);
    expect(hasStrokeData('불', stored)).toBe(false); // no ㅂ
    expect(hasStrokeData('火', stored)).toBe(false);
  });
  it('looks at the letters of the text only', () => {
    const missing = missingStrokesChecker(stored);
    expect(missing('물 무!')).toBe(false);
    expect(missing('물 불')).toBe(true);
    expect(missing('123 ?')).toBe(false);
  });
});

describe('filterEntries', () => {
  const rows = [e('a', '물', 'mul'), e('b', '불'), e('c', '무', ' ')];
  it('keeps everything with no filter on', () => {
    expect(filterEntries(rows, { noDeck: false, noReading: false, noCharacters: false }, {})).toBe(rows);
  });
  it('combines the filters that are on', () => {
    const inDecks = entriesInDecks([deck(['a']), deck(['b'], true)]);
    expect([...inDecks]).toEqual(['a']);
    const ids = (f: Parameters<typeof filterEntries>[1]) =>
      filterEntries(rows, f, { inDecks, missingStrokes: missingStrokesChecker(new Set(['ㅁ', 'ㅜ', 'ㄹ'])) }).map((r) => r.id);
    expect(ids({ noDeck: true, noReading: false, noCharacters: false })).toEqual(['b', 'c']);
    expect(ids({ noDeck: false, noReading: true, noCharacters: false })).toEqual(['b', 'c']);
    expect(ids({ noDeck: false, noReading: false, noCharacters: true })).toEqual(['b']);
    expect(ids({ noDeck: true, noReading: true, noCharacters: true })).toEqual(['b']);
  });
  it('passes rows while a filter’s data is still loading', () => {
    expect(filterEntries(rows, { noDeck: true, noReading: false, noCharacters: true }, {})).toHaveLength(3);
  });
});

describe('bulk deck edits', () => {
  it('appends new entries in order, keeps those already in', () => {
    expect(addToDeck(['a', 'b'], ['c', 'a', 'd', 'c'])).toEqual({ entryIds: ['a', 'b', 'c', 'd'], added: 2, skipped: 0 });
  });
  it('stops at the server’s 10,000 entries', () => {
    const full = Array.from({ length: 9_999 }, (_, i) => `e${i}`);
    const r = addToDeck(full, ['x', 'y', 'z']);
    expect(r.entryIds).toHaveLength(10_000);
    expect(r).toMatchObject({ added: 1, skipped: 2 });
  });
  it('removes the selection', () => {
    expect(removeFromDeck(['a', 'b', 'c'], new Set(['b', 'z']))).toEqual({ entryIds: ['a', 'c'], removed: 1 });
  });
});
