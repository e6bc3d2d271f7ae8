// The figures of decks as /home and the deck page show them (New, Learning later today, Due now):
// queue.ts's studyCounts of the queue the review session of each deck would open at `now`.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck } from '../../api/generated/types';
import { db } from '../../db/db';
import { deckCounts, readDeckStudy } from '../../study/deckStudy';
import type { StudyCounts } from '../../study/queue';

/** Each of `decks` with its figures at `now`; undefined while reading. */
export function useDeckCounts(decks: readonly Deck[] | undefined, now: number): { deck: Deck; counts: StudyCounts }[] | undefined {
  return useLiveQuery(
    async () => (decks ? Promise.all(decks.map(async (deck) => ({ deck, counts: deckCounts(await readDeckStudy(deck, now, db), now) }))) : undefined),
    [decks, now],
  );
}
