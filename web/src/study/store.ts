// The study engine's I/O: reading a deck's study data from IndexedDB (deckStudy.ts reads the
// entries, the learner's userEntries, userDeck, cards and their reviews); recording answers
// through the outbox, the one answer path of every practice page, each answer journaled first
// (db/journal.ts: kept from the moment its key is pressed) and the journal replayed at start;
// keeping a test's row the same way; taking an answer back (dropped while a guest's upload waits,
// else a tombstone sent after it), the one undo.
import type { CardKind, UserCard, UserReview } from '../api/generated/types';
import { loadCached, type EntityCache } from '../db/cache';
import { cardId } from '../db/cardId';
import type { WriteItDb } from '../db/db';
import { v7 as uuidv7 } from 'uuid';
import { held, hold, release, type EntryAnswer, type JournalEntry } from '../db/journal';
import { deleteUserReview, recordReview, saveUserTest, type Mutations, type NewTest } from '../db/mutations';
import { dropQueued } from '../db/outbox';
import { syncEngine } from '../db/sync';
import type { SessionStore } from '../session/session';
import { currentWeights } from '../db/read/userParameters';
import { cardTombstone, DEFAULT_RETENTION, replaySchedule, toUserCard, type Rating } from './scheduler';
import { answerCard } from './session';
import { readDeckStudy, type DeckStudy } from './deckStudy';

export { deckQueue, type DeckStudy } from './deckStudy';

/** A recorded answer: the review and its card as replayed here. */
export interface Answered {
  review: UserReview;
  card: UserCard;
}

interface Deps {
  db: WriteItDb;
  cache: EntityCache;
  /** Who is signed in: a guest's user mutations wait in the outbox until someone is. */
  session: Pick<SessionStore, 'getSession'>;
  mutations: Pick<Mutations, 'recordReview' | 'deleteUserReview' | 'saveUserTest'>;
  /** After the outbox changed (the sync status counts it). */
  outboxChanged?: () => void;
}

const appDeps = (): Deps => {
  const engine = syncEngine();
  return {
    db: engine.db,
    cache: engine.cache,
    session: engine.session,
    mutations: { recordReview, deleteUserReview, saveUserTest },
    outboxChanged: () => void engine.updateCounts().catch(() => undefined),
  };
};

/** Reads a deck's study data; null when the deck is not here (or deleted). */
export async function loadDeckStudy(deckId: string, now: number, deps: Deps = appDeps()): Promise<DeckStudy | null> {
  const { db, cache } = deps;
  // Answers a reload cut short are stored before a session reads the deck.
  await answersReplayed(deps);
  // Through the memory cache: a deck studied again (or its page reloaded after a sync) is read
  // from memory.
  const deck = await loadCached('decks', deckId, db, cache);
  if (!deck || deck.deleted) return null;
  return readDeckStudy(deck, now, db, deps.session.getSession()?.userId);
}

/** Records an answer, the one way every practice page does: journaled at once, synchronously
 * (call it in the key's own event handler, before anything asynchronous), then the review and the
 * locally replayed card written to IndexedDB and queued in the outbox in one transaction (sent
 * when online and signed in; a guest's wait for sign-in). Resolves once that transaction has
 * committed: a page shows the next card or the result only then, so an answer on screen is an
 * answer stored. */
export async function recordAnswer(answer: { review: UserReview; card: UserCard }, deps: Pick<Deps, 'mutations'> = appDeps()): Promise<void> {
  const key = answer.review.id;
  hold({ kind: 'review', key, review: answer.review });
  try {
    await deps.mutations.recordReview(answer.review, { card: answer.card });
  } finally {
    // Stored, or refused here and told to the learner (who answers again): either way not replayed.
    release(key);
  }
}

/** Keeps a test's row as it stands after an answer, and the review that answer counted as (when
 * the learner asked: `answer`), the way recordAnswer keeps an answer: both journaled at once,
 * synchronously (call it in the key's event handler), then the review recorded and the row saved
 * through the outbox. */
export async function keepTest(test: NewTest & { id: string }, answer?: { review: UserReview; card: UserCard }, deps: Pick<Deps, 'mutations'> = appDeps()): Promise<void> {
  const key = `test/${test.id}/${test.answers.length}`;
  hold({ kind: 'test', key, test: { ...test } });
  try {
    if (answer) await recordAnswer(answer, deps);
    await deps.mutations.saveUserTest(test);
  } finally {
    release(key);
  }
}

/** Answers one card of a deck outside a session (writing practice): journaled at once, then reads
 * the card, its stored reviews and the deck's desired retention, replays the answer and records
 * it. */
export async function answerEntryCard(
  target: { deckId: string; entryId: string; kind: CardKind },
  rating: Rating,
  at: number,
  durationMs: number,
  extra: Partial<Pick<UserReview, 'score' | 'id'>> = {},
  deps: Deps = appDeps(),
): Promise<Answered> {
  const answer: EntryAnswer = { reviewId: extra.id ?? uuidv7(), target, rating, at, durationMs, ...(extra.score !== undefined ? { score: extra.score } : {}) };
  const key = `entry/${answer.reviewId}`;
  hold({ kind: 'entryAnswer', key, answer });
  try {
    return await answerEntry(answer, deps);
  } finally {
    release(key);
  }
}

async function answerEntry(a: EntryAnswer, deps: Deps): Promise<Answered> {
  const { db } = deps;
  const { target } = a;
  const id = cardId(target.entryId, target.kind);
  const [card, reviews, userDeck, weights] = await Promise.all([
    db.userCards.get(id),
    db.userReviews.where('cardId').equals(id).toArray(),
    db.userDecks.get(target.deckId),
    currentWeights(db, deps.session.getSession()?.userId),
  ]);
  const item = { cardId: id, entryId: target.entryId, kind: target.kind, card: card && !card.deleted ? card : null };
  const retention = userDeck && !userDeck.deleted ? userDeck.desiredRetention : DEFAULT_RETENTION;
  const answered = answerCard(
    item,
    reviews.filter((r) => !r.deleted && r.id !== a.reviewId),
    a.rating,
    a.at,
    a.durationMs,
    { desiredRetention: retention, weights },
    { id: a.reviewId, ...(a.score !== undefined ? { score: a.score } : {}) },
  );
  await recordAnswer(answered, deps);
  return answered;
}

/** Stores one journaled answer a reload cut short, unless it was stored after all; true when it
 * was stored now. */
async function replayOne(entry: JournalEntry, deps: Deps): Promise<boolean> {
  const { db } = deps;
  if (entry.kind === 'review') {
    const { review } = entry;
    if (await db.userReviews.get(review.id)) return false;
    const others = (await db.userReviews.where('cardId').equals(review.cardId).toArray()).filter((r) => !r.deleted);
    const schedule = replaySchedule([...others, review], await currentWeights(db, deps.session.getSession()?.userId));
    if (!schedule) return false;
    const updatedAt = (await db.userCards.get(review.cardId))?.updatedAt ?? 0;
    await deps.mutations.recordReview(review, { card: toUserCard(review.cardId, review.entryId, review.kind, schedule, updatedAt) });
    return true;
  }
  if (entry.kind === 'test') {
    const stored = await db.userTests.get(entry.test.id);
    if (stored && stored.answers.length >= entry.test.answers.length) return false;
    await deps.mutations.saveUserTest(entry.test);
    return true;
  }
  if (await db.userReviews.get(entry.answer.reviewId)) return false;
  await answerEntry(entry.answer, deps);
  return true;
}

/** Stores every journaled answer a reload or a closed tab cut short (idempotent: each carries
 * its client-made id); resolves with how many were stored now. An entry that cannot be stored
 * stays for the next start. */
export async function replayAnswers(deps: Deps = appDeps()): Promise<number> {
  let stored = 0;
  for (const entry of held()) {
    try {
      if (await replayOne(entry, deps)) stored++;
      release(entry.key);
    } catch (e) {
      console.error('replaying a journaled answer failed', e);
    }
  }
  if (stored > 0) deps.outboxChanged?.();
  return stored;
}

const replays = new WeakMap<WriteItDb, Promise<number>>();
/** The journal's replay into a database, once a page (study pages wait for it before reading a
 * deck; the app starts it at once when the journal holds anything: app/syncBridge.ts). */
export function answersReplayed(deps: Deps = appDeps()): Promise<number> {
  let replay = replays.get(deps.db);
  if (!replay) replays.set(deps.db, (replay = held().length === 0 ? Promise.resolve(0) : replayAnswers(deps)));
  return replay;
}

/** 'removed': a guest's review, still queued, is gone, its card rebuilt from the other reviews.
 * 'deleted': the review's tombstone is queued after it (the server has it, or may be receiving
 * it now), and the card is rebuilt without it here and there. 'missing': no such review here. */
export type TakeBackOutcome = 'removed' | 'deleted' | 'missing';

/** Takes back a recorded review. A guest's queued upload is dropped (nothing is sent for a guest,
 * so it cannot be in flight); otherwise a tombstone follows it through the outbox, so an upload
 * in flight at this moment is taken back on the server too. */
export async function takeBackReview(reviewId: string, deps: Deps = appDeps()): Promise<TakeBackOutcome> {
  if (deps.session.getSession() === null) {
    const dropped = await dropQueuedReview(reviewId, deps);
    if (dropped !== 'sent') return dropped;
  }
  const { db } = deps;
  const review = await db.userReviews.get(reviewId);
  if (!review || review.deleted) return 'missing';
  const others = (await db.userReviews.where('cardId').equals(review.cardId).toArray()).filter((r) => !r.deleted && r.id !== reviewId);
  const schedule = replaySchedule(others, await currentWeights(db, deps.session.getSession()?.userId));
  const updatedAt = (await db.userCards.get(review.cardId))?.updatedAt ?? 0;
  const card = schedule
    ? toUserCard(review.cardId, review.entryId, review.kind, schedule, updatedAt)
    : cardTombstone(review.cardId, review.entryId, review.kind, updatedAt);
  await deps.mutations.deleteUserReview(review, { card });
  deps.outboxChanged?.();
  return 'deleted';
}

/** Drops a review whose upload is still queued, and rebuilds its card from the card's remaining
 * local reviews (or removes it when none is left); 'sent' when no queued upload is found. */
async function dropQueuedReview(reviewId: string, deps: Deps): Promise<'removed' | 'sent' | 'missing'> {
  const { db, cache } = deps;
  let card: UserCard | null = null;
  let cardKey = '';
  // Read before the transaction: it may touch only the tables it names.
  const weights = await currentWeights(db, deps.session.getSession()?.userId);
  const outcome = await db.transaction('rw', [db.outbox, db.userReviews, db.userCards], async (): Promise<'removed' | 'sent' | 'missing'> => {
    const review = await db.userReviews.get(reviewId);
    if (!review) return 'missing';
    if (!(await dropQueued(db, 'saveUserReview', reviewId))) return 'sent';
    await db.userReviews.delete(reviewId);
    cardKey = review.cardId;
    const others = (await db.userReviews.where('cardId').equals(review.cardId).toArray()).filter((r) => !r.deleted);
    const schedule = replaySchedule(others, weights);
    const old = await db.userCards.get(review.cardId);
    if (schedule) {
      card = toUserCard(review.cardId, review.entryId, review.kind, schedule, old?.updatedAt ?? 0);
      await db.userCards.put(card);
    } else {
      await db.userCards.delete(review.cardId);
    }
    return 'removed';
  });
  if (outcome === 'removed') {
    cache.delete('userReviews', [reviewId]);
    if (card) cache.put('userCards', [structuredClone(card)]);
    else cache.delete('userCards', [cardKey]);
    deps.outboxChanged?.();
  }
  return outcome;
}
