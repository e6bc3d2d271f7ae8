// The study store against a real server: a deck's study data, and undo of a recorded review
// while its upload is queued (a guest's, held until sign-in) but not once the server has it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../api/generated/types';
import { harness, newUserId, serverApi, type Harness } from '../db/testing/harness';
import { deckQueue, loadDeckStudy, retractReview } from './store';

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});
let deck: Deck;
beforeAll(async () => {
  const decks = (await serverApi(null).queryDecks.query({ offset: 0, limit: 50 })).filter((d) => !d.deleted && d.entryIds.length >= 3);
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

    expect(await retractReview(review.id, h)).toBe('removed');
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.userReviews.get(review.id)).toBeUndefined();
    expect(await h.db.userCards.get(first.cardId)).toBeUndefined();
    expect(await retractReview(review.id, h)).toBe('missing');
  });

  it('cannot take back a review the server already has', async () => {
    const h = await harness({ userId: newUserId() });
    open.push(h);
    await h.engine.sync();
    const entryId = deck.entryIds[0]!;
    const review = await h.mutations.saveUserReview({ entryId, kind: 'meaning', rating: 4 });
    await h.engine.flush();
    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await retractReview(review.id, h)).toBe('sent');
    expect(await h.db.userReviews.get(review.id)).toBeDefined();
  });
});
