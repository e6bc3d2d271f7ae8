// The merge of the recent changes: newest first across the three tables, cut at the limit.
import { describe, expect, it } from 'vitest';
import type { Character, Deck, Entry } from '../../api/generated/types';
import { mergeChanges } from './changes';

const deck = (id: string, updatedAt: number, deleted = false) => ({ id, languageCode: 'ko', title: `deck ${id}`, updatedAt, deleted }) as Deck;
const entry = (id: string, updatedAt: number) => ({ id, languageCode: 'ja', text: `entry ${id}`, updatedAt, deleted: false }) as Entry;
const character = (id: string, updatedAt: number) => ({ id, languageCode: 'ko', value: `char ${id}`, updatedAt, deleted: false }) as Character;

describe('mergeChanges', () => {
  it.each([
    ['newest first across tables', 10, ['entry e2', 'char c1', 'deck d1', 'entry e1']],
    ['cut at the limit', 2, ['entry e2', 'char c1']],
    ['nothing at limit 0', 0, []],
  ])('%s', (_name, limit, labels) => {
    const changes = mergeChanges([deck('d1', 30)], [entry('e1', 10), entry('e2', 50)], [character('c1', 40)], limit);
    expect(changes.map((c) => c.label)).toEqual(labels);
  });

  it('keeps kind, language and tombstone of each row', () => {
    expect(mergeChanges([deck('d1', 1, true)], [], [], 5)).toEqual([
      { kind: 'deck', id: 'd1', languageCode: 'ko', label: 'deck d1', updatedAt: 1, deleted: true },
    ]);
  });
});
