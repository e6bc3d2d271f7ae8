// Local-first mutations (DESIGN §6): each writes IndexedDB and queues the call in the outbox in
// one transaction, resolves as soon as that commits (never waiting on the network), and kicks a
// push when online. The server's answer replaces the local row when it comes.
import { v7 as uuidv7 } from 'uuid';
import type {
  CardKind,
  Character,
  Deck,
  Entry,
  SaveCharacterInput,
  SaveDeckInput,
  SaveEntryInput,
  SaveUserReviewInput,
  SaveUserTestInput,
  UserCard,
  UserDeck,
  UserEntry,
  UserReview,
  UserTest,
} from '../api/generated/types';
import { cardId } from './cardId';
import type { TableRows } from './db';
import type { MutationInputs } from '../api/procedures';
import { recordMutation, type LocalWrite } from './outbox';
import { syncEngine, type SyncEngine } from './sync';
import { now as serverNow } from '../api/serverClock';

/** A new review; `id` (UUIDv7) and `reviewedAt` (now) are filled in when absent. */
export interface NewReview {
  id?: string;
  entryId: string;
  kind: CardKind;
  /** 1 again, 2 hard, 3 good, 4 easy. */
  rating: number;
  reviewedAt?: number;
  durationMs?: number;
  score?: number;
  desiredRetention?: number;
}

/** A test as the test page holds it (issue 35), saved whole after every answer; `id` (UUIDv7) is
 * filled in when absent, so the first save names the test and later ones pass the row's id. */
export type NewTest = Omit<UserTest, 'id' | 'updatedAt' | 'deleted'> & { id?: string; deleted?: boolean };

type WithOptionalId<T extends { id: string }> = Omit<T, 'id'> & { id?: string };

export interface Mutations {
  /** Enables or disables an entry for the learner. */
  saveUserEntry(input: { entryId: string; enabled: boolean }): Promise<UserEntry>;
  /** Adds a deck to the learner's decks or changes its settings (`deleted: true` removes it). */
  saveUserDeck(input: {
    deckId: string;
    newPerDay?: number;
    desiredRetention?: number;
    deleted?: boolean;
  }): Promise<UserDeck>;
  /** Records a review made here (ids and times filled in); see recordReview. */
  saveUserReview(review: NewReview, opts?: { card?: UserCard }): Promise<UserReview>;
  /** Records a review as a rating produced it (study/session.ts answerCard): that row is stored,
   * and its wire form (reviewInput) is what the outbox sends. `card`: the card as the caller
   * rebuilt it locally (optional); the server's card replaces it when the review is acknowledged. */
  recordReview(review: UserReview, opts?: { card?: UserCard }): Promise<UserReview>;
  /** Takes a recorded review back: its tombstone, and `card` as the caller rebuilt it without the
   * review (a deleted card when none is left); the server's card replaces it when acknowledged. */
  deleteUserReview(review: UserReview, opts: { card: UserCard }): Promise<UserReview>;
  /** Saves a test, the whole row (`deleted: true` deletes it): a later save of the same id
   * replaces it. Signed out, it waits in the outbox until someone signs in, as reviews do. */
  saveUserTest(test: NewTest): Promise<UserTest>;
  /** Admin: creates or replaces a deck (`deleted: true` deletes it). */
  saveDeck(input: WithOptionalId<SaveDeckInput>): Promise<Deck>;
  /** Admin: creates or replaces an entry. */
  saveEntry(input: WithOptionalId<SaveEntryInput>): Promise<Entry>;
  /** Admin: creates or replaces a character. */
  saveCharacter(input: WithOptionalId<SaveCharacterInput>): Promise<Character>;
}

/** Mutations through a given engine (the app uses the exports below). */
export function createMutations(engine: SyncEngine): Mutations {
  const { db, cache } = engine;

  async function record<P extends Parameters<typeof recordMutation>[2]>(
    procedure: P,
    input: Parameters<typeof recordMutation<P>>[3],
    writes: LocalWrite[],
  ): Promise<void> {
    await recordMutation(db, cache, procedure, input, writes);
    engine.kick();
  }

  const recordReview: Mutations['recordReview'] = async (review, opts = {}) => {
    // Stored as new here: the server sets updatedAt when it has it.
    const input = reviewInput(review);
    const row: UserReview = { ...input, durationMs: review.durationMs, updatedAt: 0, deleted: false };
    const writes: LocalWrite[] = [{ table: 'userReviews', row }];
    if (opts.card) {
      if (opts.card.id !== row.cardId) throw new Error('saveUserReview: the card is not the review’s card');
      writes.push({ table: 'userCards', row: opts.card });
    }
    await record('saveUserReview', input, writes);
    return row;
  };

  /** A curator's save of a public row: the row as stored here over `defaults` (for a new row),
   * with `input` over it; the input sent is the whole row but the server's fields. */
  async function savePublic<T extends 'decks' | 'entries' | 'characters'>(
    procedure: 'saveDeck' | 'saveEntry' | 'saveCharacter',
    table: T,
    defaults: Partial<TableRows[T]>,
    input: Partial<TableRows[T]> & { id?: string; deleted?: boolean },
  ): Promise<TableRows[T]> {
    const id = input.id ?? uuidv7();
    const old = (await db.table(table).get(id)) as TableRows[T] | undefined;
    const row = {
      ...defaults,
      ...(old ?? {}),
      ...input,
      id,
      updatedAt: old?.updatedAt ?? 0,
      deleted: input.deleted ?? false,
    } as TableRows[T];
    // The row without the server's fields is the procedure's input (SaveDeckInput etc.).
    await record(procedure, withoutServerFields(row) as unknown as MutationInputs[typeof procedure], [{ table, row }]);
    return row;
  }

  return {
    async saveUserEntry({ entryId, enabled }) {
      const old = await db.userEntries.get(entryId);
      const row: UserEntry = { id: entryId, entryId, enabled, updatedAt: old?.updatedAt ?? 0, deleted: false };
      await record('saveUserEntry', { entryId, enabled }, [{ table: 'userEntries', row }]);
      return row;
    },

    async saveUserDeck({ deckId, newPerDay, desiredRetention, deleted = false }) {
      const old = await db.userDecks.get(deckId);
      const row: UserDeck = {
        id: deckId,
        deckId,
        newPerDay: newPerDay ?? old?.newPerDay ?? 20,
        desiredRetention: desiredRetention ?? old?.desiredRetention ?? 0.9,
        updatedAt: old?.updatedAt ?? 0,
        deleted,
      };
      // Send the whole settings, so a replay never depends on the server's defaults.
      const input = { deckId, newPerDay: row.newPerDay, desiredRetention: row.desiredRetention, deleted };
      await record('saveUserDeck', input, [{ table: 'userDecks', row }]);
      return row;
    },

    saveUserReview(review, opts) {
      const row: UserReview = {
        id: review.id ?? uuidv7(),
        cardId: cardId(review.entryId, review.kind),
        entryId: review.entryId,
        kind: review.kind,
        rating: review.rating,
        reviewedAt: review.reviewedAt ?? serverNow(),
        durationMs: review.durationMs ?? 0,
        ...(review.score !== undefined ? { score: review.score } : {}),
        ...(review.desiredRetention !== undefined ? { desiredRetention: review.desiredRetention } : {}),
        updatedAt: 0,
        deleted: false,
      };
      return recordReview(row, opts);
    },

    recordReview,

    async deleteUserReview(review, { card }) {
      if (card.id !== review.cardId) throw new Error('deleteUserReview: the card is not the review’s card');
      const row: UserReview = { ...review, deleted: true };
      // The same answer, so the server can tell it is this review (a different one is CONFLICT).
      const input: SaveUserReviewInput = { ...reviewInput(row), deleted: true };
      await record('saveUserReview', input, [
        { table: 'userReviews', row },
        { table: 'userCards', row: card },
      ]);
      return row;
    },

    async saveUserTest(test) {
      const id = test.id ?? uuidv7();
      const old = await db.userTests.get(id);
      const input = testInput({ ...test, id, deleted: test.deleted ?? false });
      const row: UserTest = { ...input, updatedAt: old?.updatedAt ?? 0, deleted: test.deleted ?? false };
      await record('saveUserTest', input, [{ table: 'userTests', row }]);
      return row;
    },

    saveDeck: (input) => savePublic('saveDeck', 'decks', { description: '', entryIds: [], position: 0 }, input),
    saveEntry: (input) => savePublic('saveEntry', 'entries', { reading: '', meanings: [], notes: '', examples: [] }, input),
    saveCharacter: (input) =>
      savePublic('saveCharacter', 'characters', { strokes: [], source: '', leniency: 1, alternatives: [] }, input),
  };
}

/** A review as `saveUserReview` takes it: the generated wire type, field by field (a row's
 * updatedAt and deleted are the server's). */
export function reviewInput(review: UserReview): SaveUserReviewInput {
  return {
    id: review.id,
    cardId: review.cardId,
    entryId: review.entryId,
    kind: review.kind,
    rating: review.rating,
    reviewedAt: review.reviewedAt,
    durationMs: review.durationMs,
    ...(review.score !== undefined ? { score: review.score } : {}),
    ...(review.desiredRetention !== undefined ? { desiredRetention: review.desiredRetention } : {}),
  };
}

/** A test as `saveUserTest` takes it: the generated wire type, field by field (what else the page
 * keeps on its objects stays here), `deleted` only when deleting. Times are whole ms (the server
 * takes integers), and a test never ends before it began, whatever the device clock did meanwhile:
 * the server refuses neither for a clock. */
export function testInput(test: Omit<UserTest, 'updatedAt'>): SaveUserTestInput {
  const startedAt = Math.round(test.startedAt);
  return {
    id: test.id,
    deckId: test.deckId,
    startedAt,
    finishedAt: test.finishedAt === null ? null : Math.max(Math.round(test.finishedAt), startedAt),
    rescheduled: test.rescheduled,
    answers: test.answers.map((a) => ({
      entryId: a.entryId,
      kind: a.kind,
      type: a.type,
      prompt: a.prompt,
      given: a.given,
      expected: a.expected,
      verdict: a.verdict,
      answeredAt: Math.round(a.answeredAt),
      reviewId: a.reviewId,
    })),
    ...(test.deleted ? { deleted: true } : {}),
  };
}

/** The input of a public save: the whole row but `updatedAt` (server-set); `deleted` only when
 * deleting. */
function withoutServerFields<T extends { updatedAt: number; deleted: boolean }>(
  row: T,
): Omit<T, 'updatedAt' | 'deleted'> & { deleted?: boolean } {
  const { updatedAt: _u, deleted, ...rest } = row;
  void _u;
  return deleted ? { ...rest, deleted } : rest;
}

let appMutations: Mutations | undefined;
const app = (): Mutations => (appMutations ??= createMutations(syncEngine()));

export const saveUserEntry: Mutations['saveUserEntry'] = (input) => app().saveUserEntry(input);
export const saveUserDeck: Mutations['saveUserDeck'] = (input) => app().saveUserDeck(input);
export const saveUserReview: Mutations['saveUserReview'] = (review, opts) => app().saveUserReview(review, opts);
export const recordReview: Mutations['recordReview'] = (review, opts) => app().recordReview(review, opts);
export const deleteUserReview: Mutations['deleteUserReview'] = (review, opts) => app().deleteUserReview(review, opts);
export const saveUserTest: Mutations['saveUserTest'] = (test) => app().saveUserTest(test);
export const saveDeck: Mutations['saveDeck'] = (input) => app().saveDeck(input);
export const saveEntry: Mutations['saveEntry'] = (input) => app().saveEntry(input);
export const saveCharacter: Mutations['saveCharacter'] = (input) => app().saveCharacter(input);
