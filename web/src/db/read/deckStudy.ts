// The study figures of decks, read live: study/figures.ts over each deck's studied cards, and
// queue.ts's studyCounts of the queue the review session of each deck would open at `now`
// (study/deckStudy.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck } from '../../api/generated/types';
import { deckCounts, readDeckStudy } from '../../study/deckStudy';
import type { StudyFigures } from '../../study/figures';
import type { StudyCounts } from '../../study/queue';
import { db } from '../db';

export interface DeckFigures {
  deck: Deck;
  counts: StudyCounts;
  figures: StudyFigures;
  /** The deck's new cards a day. */
  newPerDay: number;
  /** When the clock next changes a figure (a learning card comes due); null: never. */
  changesAt: number | null;
}

/** Each of `decks` with its figures at `now`; undefined while reading (or without decks). */
export function useDeckFigures(decks: readonly Deck[] | undefined, now: number): DeckFigures[] | undefined {
  return useLiveQuery(
    async () =>
      decks
        ? Promise.all(
            decks.map(async (deck) => {
              const study = await readDeckStudy(deck, now, db);
              return { deck, newPerDay: study.newPerDay, ...deckCounts(study, now) };
            }),
          )
        : undefined,
    [decks, now],
  );
}
