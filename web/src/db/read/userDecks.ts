// Reads of the learner's decks (userDecks: which decks they study, with their settings).
// Tombstones (decks removed from their list) are left out (live.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserDeck } from '../../api/generated/types';
import { db } from '../db';
import { isLive, present, type Loaded } from './live';

/** The learner's settings for a deck: `null` when the deck is not among their decks. */
export function useUserDeck(deckId: string | undefined): Loaded<UserDeck> {
  return useLiveQuery(async () => (deckId ? present(await db.userDecks.get(deckId)) : null), [deckId]);
}

/** Reads the learner's decks. */
export async function readMyDecks(): Promise<UserDeck[]> {
  return (await db.userDecks.toArray()).filter(isLive);
}

/** The learner's decks; `initial` (read ahead) until the query has answered. */
export function useMyDecks(initial?: UserDeck[]): UserDeck[] | undefined {
  return useLiveQuery(readMyDecks, [], initial);
}
