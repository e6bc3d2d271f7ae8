// The deck orders and the other-languages pick, as tables.
import { describe, expect, it } from 'vitest';
import type { Deck } from '../../api/generated/types';
import { byLanguageThenPosition, byPosition, otherLanguagesOf } from './decks';

const deck = (id: string, languageCode: string, position: number, deleted = false): Deck => ({
  id, languageCode, title: id, description: '', entryIds: [], position, updatedAt: 1, deleted,
});

describe('deck orders', () => {
  it.each([
    ['position first', [deck('b', 'ko', 2), deck('a', 'ko', 1)], ['a', 'b']],
    ['id breaks a tie', [deck('b', 'ko', 1), deck('a', 'ko', 1)], ['a', 'b']],
  ])('byPosition: %s', (_name, decks, ids) => {
    expect([...decks].sort(byPosition).map((d) => d.id)).toEqual(ids);
  });

  it('byLanguageThenPosition groups by language, then position', () => {
    const decks = [deck('k2', 'ko', 2), deck('j1', 'ja', 1), deck('k1', 'ko', 1), deck('j0', 'ja', 0)];
    expect(decks.sort(byLanguageThenPosition).map((d) => d.id)).toEqual(['j0', 'j1', 'k1', 'k2']);
  });
});

describe('otherLanguagesOf', () => {
  it.each([
    ['none but the current', [deck('a', 'ko', 0)], 'ko', []],
    ['each other language once, in order', [deck('a', 'ja', 0), deck('b', 'ko', 0), deck('c', 'zh', 0), deck('d', 'ja', 1)], 'ko', ['ja', 'zh']],
    ['tombstones and misses skipped', [deck('a', 'ja', 0, true), undefined, deck('c', 'zh', 0)], 'ko', ['zh']],
  ])('%s', (_name, decks, current, codes) => {
    expect(otherLanguagesOf(decks, current)).toEqual(codes);
  });
});
