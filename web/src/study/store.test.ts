// The study store against a real server: a deck's study data, and taking a review back: a guest's
// queued upload is dropped; a signed-in user's is followed by a tombstone the server applies.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../api/generated/types';
import { harness, mintToken, newUserId, serverApi, type Harness } from '../db/testing/harness';
import { deckQueue, loadDeckStudy, takeBackReview } from './store';

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});
let deck: Deck;
beforeAll(async () => {
  const decks = (await serverApi(null).queryDecks.query({ offset: 0, limit: 50, languages: ['ko'] })).filter((d) => !d.deleted && d.entryIds.length >= 3);
  deck = decks[0] as Deck;
  expect(deck).toBeDefined();
});

describe('study store', () => {
  it('loads a deck, builds its queue, and takes back a queued review', async () => {
    const h = await harness();
    open.push(h);
    await h.engine.sync();
    const now = Date.now();
    const study = await loadDeckStudy(deck.id, now, h);
    expect(study?.entries.length).toBeGreaterThanOrEqual(3);
    if (!study) return;
    expect(study.newPerDay).toBe(20);
    expect(study.desiredRetention).toBe(0.9);
    const q = deckQueue(study, now);
    expect(q.due).toEqual([]);
    expect(q.fresh.length).toBe(Math.min(20, study.entries.length * 3));

    const first = q.fresh[0]!;
    // A guest's review stays queued (user procedures wait for sign-in).
    const review = await h.mutations.saveUserReview({ entryId: first.entryId, kind: first.kind, rating: 3 });
    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(1);
    const again = await loadDeckStudy(deck.id, Date.now(), h);
    expect(again?.newToday).toBe(1);
    expect(again?.reviews.get(first.cardId)).toHaveLength(1);

    expect(await takeBackReview(review.id, h)).toBe('removed');
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.userReviews.get(review.id)).toBeUndefined();
    expect(await h.db.userCards.get(first.cardId)).toBeUndefined();
    expect(await takeBackReview(review.id, h)).toBe('missing');
  });

  it('takes back a review the server already has: a tombstone, and the card without it', async () => {
    const userId = newUserId();
    const h = await harness({ userId });
    open.push(h);
    await h.engine.sync();
    const entryId = deck.entryIds[0]!;
    const first = await h.mutations.saveUserReview({ entryId, kind: 'meaning', rating: 3, reviewedAt: Date.now() - 600_000 });
    const second = await h.mutations.saveUserReview({ entryId, kind: 'meaning', rating: 1 });
    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(0);
    const withBoth = await h.db.userCards.get(first.cardId);
    expect(withBoth?.reps).toBe(2);

    expect(await takeBackReview(second.id, h)).toBe('deleted');
    // At once, locally: the review is a tombstone and the card has only the first review.
    expect((await h.db.userReviews.get(second.id))?.deleted).toBe(true);
    expect((await h.db.userCards.get(first.cardId))?.reps).toBe(1);
    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(0);
    // The server agrees, and a sync keeps it so.
    const api = serverApi(await mintToken(userId));
    const serverCard = (await api.queryUserCards.query({ offset: 0 })).find((c) => c.id === first.cardId);
    expect(serverCard?.reps).toBe(1);
    expect((await api.queryUserReviews.query({ offset: 0 })).find((r) => r.id === second.id)?.deleted).toBe(true);
    await h.engine.sync();
    const local = await h.db.userCards.get(first.cardId);
    expect({ ...local, updatedAt: 0 }).toEqual({ ...serverCard, updatedAt: 0 });
    expect(await takeBackReview(second.id, h)).toBe('missing');

    // The last one taken back: the card is deleted, here and there.
    expect(await takeBackReview(first.id, h)).toBe('deleted');
    expect((await h.db.userCards.get(first.cardId))?.deleted).toBe(true);
    await h.engine.flush();
    expect((await api.queryUserCards.query({ offset: 0 })).find((c) => c.id === first.cardId)?.deleted).toBe(true);
    const study = await loadDeckStudy(deck.id, Date.now(), h);
    expect(study?.cards.has(first.cardId)).toBe(false);
    expect(study?.reviews.has(first.cardId)).toBe(false);
  });
});
