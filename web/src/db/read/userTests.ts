// Reads of the learner's tests (userTests: a test over a deck with its answers, kept as the test's
// own history: issue 35), by deck through the deckId index, newest first. A test under way (no
// finishedAt) is a test like the others; a tombstone (a deleted test) is none (live.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserTest } from '../../api/generated/types';
import { db, type WriteItDb } from '../db';
import { isLive, type Loaded } from './live';

/** Newest first: the later start (client clock), then the later id (UUIDv7, made later). */
export function newestFirst(a: UserTest, b: UserTest): number {
  if (a.startedAt !== b.startedAt) return b.startedAt - a.startedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The live tests of `deckId`, newest first. */
export async function readTestsOf(deckId: string, from: WriteItDb = db): Promise<UserTest[]> {
  return (await from.userTests.where('deckId').equals(deckId).toArray()).filter(isLive).sort(newestFirst);
}

/** The newest live test of `deckId` (null: none): the test page defaults its switch from it. */
export async function readLastTest(deckId: string, from: WriteItDb = db): Promise<UserTest | null> {
  return (await readTestsOf(deckId, from))[0] ?? null;
}

/** The live tests of a deck, newest first, live: undefined while reading (and without a deck, no
 * tests). */
export function useTestsOf(deckId: string | undefined): UserTest[] | undefined {
  return useLiveQuery(async () => (deckId ? readTestsOf(deckId) : []), [deckId]);
}

/** The newest live test of a deck, live: undefined while reading, null when there is none. */
export function useLastTest(deckId: string | undefined): Loaded<UserTest> {
  return useLiveQuery(async () => (deckId ? readLastTest(deckId) : null), [deckId]);
}
