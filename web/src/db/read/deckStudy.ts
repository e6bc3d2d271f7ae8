// The study figures of decks (New, Learning later today, Due now), read live: queue.ts's
// studyCounts of the queue the review session of each deck would open at `now` (study/deckStudy.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck } from '../../api/generated/types';
import { deckCounts, readDeckStudy } from '../../study/deckStudy';
import type { StudyCounts } from '../../study/queue';
import { db } from '../db';

export interface DeckFigures {
  deck: Deck;
  counts: StudyCounts;
  /** When the clock next changes a figure (a learning card comes due); null: never. */
  changesAt: number | null;
}

/** Each of `decks` with its figures at `now`; undefined while reading (or without decks). */
export function useDeckFigures(decks: readonly Deck[] | undefined, now: number): DeckFigures[] | undefined {
  return useLiveQuery(
    async () => (decks ? Promise.all(decks.map(async (deck) => ({ deck, ...deckCounts(await readDeckStudy(deck, now, db), now) }))) : undefined),
    [decks, now],
  );
}
