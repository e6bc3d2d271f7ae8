// The study engine's I/O: reading a deck's study data from IndexedDB (deckStudy.ts reads the
// entries, the learner's userEntries, userDeck, cards and their reviews); recording answers through the outbox, the one
// answer path of every practice page; taking an answer back (dropped while a guest's upload
// waits, else a tombstone sent after it), the one undo.
import type { CardKind, UserCard, UserReview } from '../api/generated/types';
import { loadCached, type EntityCache } from '../db/cache';
import { cardId } from '../db/cardId';
import type { WriteItDb } from '../db/db';
import { deleteUserReview, recordReview, type Mutations } from '../db/mutations';
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
  mutations: Pick<Mutations, 'recordReview' | 'deleteUserReview'>;
  /** After the outbox changed (the sync status counts it). */
  outboxChanged?: () => void;
}

const appDeps = (): Deps => {
  const engine = syncEngine();
  return {
    db: engine.db,
    cache: engine.cache,
    session: engine.session,
    mutations: { recordReview, deleteUserReview },
    outboxChanged: () => void engine.updateCounts().catch(() => undefined),
  };
};

/** Reads a deck's study data; null when the deck is not here (or deleted). */
export async function loadDeckStudy(deckId: string, now: number, deps: Deps = appDeps()): Promise<DeckStudy | null> {
  const { db, cache } = deps;
  // Through the memory cache: a deck studied again (or its page reloaded after a sync) is read
  // from memory.
  const deck = await loadCached('decks', deckId, db, cache);
  if (!deck || deck.deleted) return null;
  return readDeckStudy(deck, now, db, deps.session.getSession()?.userId);
}

/** Records an answer, the one way every practice page does: the review and the locally replayed
 * card written to IndexedDB and queued in the outbox in one transaction (sent when online and
 * signed in; a guest's wait for sign-in). Resolves once that transaction has committed: a page
 * shows the next card or the result only then, so an answer on screen is an answer stored. */
export async function recordAnswer(answer: { review: UserReview; card: UserCard }, deps: Pick<Deps, 'mutations'> = appDeps()): Promise<void> {
  await deps.mutations.recordReview(answer.review, { card: answer.card });
}

/** Answers one card of a deck outside a session (writing practice): reads the card, its stored
 * reviews and the deck's desired retention, replays the answer and records it. */
export async function answerEntryCard(
  target: { deckId: string; entryId: string; kind: CardKind },
  rating: Rating,
  at: number,
  durationMs: number,
  extra: Partial<Pick<UserReview, 'score'>> = {},
  deps: Deps = appDeps(),
): Promise<Answered> {
  const { db } = deps;
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
    reviews.filter((r) => !r.deleted),
    rating,
    at,
    durationMs,
    { desiredRetention: retention, weights },
    extra,
  );
  await recordAnswer(answered, deps);
  return answered;
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
