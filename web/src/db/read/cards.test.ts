// The due count of a deck (the sums shown on /home and the deck lists).
import { describe, expect, it } from 'vitest';
import type { Deck } from '../../api/generated/types';
import { dueInDeck } from './cards';

const deck = (entryIds: string[]): Deck => ({
  id: 'd1', languageCode: 'ko', title: 'Deck', description: '', entryIds, position: 0, updatedAt: 1, deleted: false,
});

describe('dueInDeck', () => {
  it("sums the deck's entries' due cards, once per listed entry", () => {
    const due = new Map([['e1', 2], ['e3', 1], ['other', 5]]);
    expect(dueInDeck(deck(['e1', 'e2', 'e3']), due)).toBe(3);
    expect(dueInDeck(deck([]), due)).toBe(0);
  });

  it('is 0 while the counts are loading and when nothing is due', () => {
    expect(dueInDeck(deck(['e1']), undefined)).toBe(0);
    expect(dueInDeck(deck(['e1']), new Map())).toBe(0);
  });
});
