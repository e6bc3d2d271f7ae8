// The deck editor's reordering and undo history.
import { describe, expect, it } from 'vitest';
import { UNDO_DEPTH, moveEntry, popVersion, pushVersion, sameVersion, validateDeck, versionOf, type DeckHistory } from './deckEdit';

describe('moveEntry', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves down and up', () => {
    expect(moveEntry(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveEntry(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveEntry(ids, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
  });
  it('clamps the target and leaves the array alone when nothing moves', () => {
    expect(moveEntry(ids, 0, -1)).toBe(ids);
    expect(moveEntry(ids, 3, 9)).toBe(ids);
    expect(moveEntry(ids, 2, 99)).toEqual(['a', 'b', 'd', 'c']);
    expect(moveEntry(ids, 7, 0)).toBe(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('undo history', () => {
  const v = (title: string, entryIds: string[] = []) => versionOf({ title, description: '', entryIds });
  it('gives back versions newest first, then nothing', () => {
    let h: DeckHistory = [];
    h = pushVersion(h, v('one', ['a', 'b']));
    h = pushVersion(h, v('one', ['b', 'a']));
    const first = popVersion(h)!;
    expect(first.version.entryIds).toEqual(['b', 'a']);
    const second = popVersion(first.history)!;
    expect(second.version.entryIds).toEqual(['a', 'b']);
    expect(popVersion(second.history)).toBeNull();
  });
  it(`keeps the last ${UNDO_DEPTH} versions`, () => {
    let h: DeckHistory = [];
    for (let i = 0; i < UNDO_DEPTH + 5; i++) h = pushVersion(h, v(`t${i}`));
    expect(h).toHaveLength(UNDO_DEPTH);
    expect(h[0]!.title).toBe('t5');
  });
  it('copies the ids, so a later change of the deck does not rewrite history', () => {
    const ids = ['a'];
    const version = versionOf({ title: 't', description: '', entryIds: ids });
    ids.push('b');
    expect(version.entryIds).toEqual(['a']);
    expect(sameVersion(version, v('t', ['a']))).toBe(true);
    expect(sameVersion(version, v('t', ['b']))).toBe(false);
  });
});

it('checks a deck’s title and description', () => {
  const limits = { title: 200, description: 2000 };
  expect(validateDeck({ title: ' ', description: '' }, limits)).toEqual({ title: { key: 'required' } });
  expect(validateDeck({ title: 'x'.repeat(201), description: 'y'.repeat(2001) }, limits)).toEqual({
    title: { key: 'tooLong', max: 200 },
    description: { key: 'tooLong', max: 2000 },
  });
  expect(validateDeck({ title: 'Basics', description: '' }, limits)).toEqual({});
});
