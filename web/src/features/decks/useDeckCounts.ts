// The figures of decks as /home and the deck page show them (study/figures.ts over each deck, and
// queue.ts's studyCounts of the queue the review session of each deck would open at `now`), read
// again when the clock changes them.
import { useEffect, useState } from 'react';
import type { Deck } from '../../api/generated/types';
import { useDeckFigures, type DeckFigures } from '../../db/read/deckStudy';
import { endOfLocalDay } from '../../study/queue';
import { now as serverNow } from '../../api/serverClock';

/** Each of `decks` with its figures, read again whenever the data changes and when a card in
 * learning comes due (so the figures stay those a session started now would open); undefined
 * while reading. */
export function useDeckCounts(decks: readonly Deck[] | undefined): DeckFigures[] | undefined {
  const [now, setNow] = useState(() => serverNow());
  const read = useDeckFigures(decks, now);
  // The next moment the clock changes a figure: a learning card coming due, or midnight (a new
  // day's new cards); at the latest a minute from now.
  const changesAt = Math.min(endOfLocalDay(now), now + 60_000, ...(read ?? []).map((d) => d.changesAt ?? Infinity));
  useEffect(() => {
    const timer = setTimeout(() => setNow(serverNow()), Math.max(0, changesAt - serverNow()) + 50);
    return () => clearTimeout(timer);
  }, [changesAt]);
  // Until the query has answered for these decks, its answer for the previous ones (a deck just
  // followed) is not shown as theirs.
  const current = read && decks && read.length === decks.length && read.every((r, i) => r.deck === decks[i]);
  return current ? read : undefined;
}
