// The answer journal (issue 36): an answer is journaled synchronously when given, and one whose
// IndexedDB write a reload cut short is stored at the next start, once, whatever its kind; a
// journaled answer that was stored after all is not stored twice.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Deck } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { clearJournal, held, hold } from '../db/journal';
import { harnessesPerTest, serverApi } from '../db/testing/harness';
import { answerCard } from './session';
import { keepTest, recordAnswer, replayAnswers } from './store';

const harness = harnessesPerTest();
let deck: Deck;
beforeAll(async () => {
  // The journal lives in the page's local storage: a memory one here (node has none).
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  });
  deck = (await serverApi(null).queryDecks.query({ offset: 0, limit: 50, languages: ['ko'] })).find((d) => !d.deleted && d.entryIds.length >= 4) as Deck;
});
afterEach(() => clearJournal());

const answerOf = (entryId: string, at: number) =>
  answerCard({ cardId: cardId(entryId, 'meaning'), entryId, kind: 'meaning', card: null }, [], 3, at, 1000, { desiredRetention: 0.9 });

describe('the answer journal', () => {
  it('holds an answer from the moment it is given, and lets it go once stored', async () => {
    const h = await harness({});
    const answer = answerOf(deck.entryIds[0]!, Date.now());
    const stored = recordAnswer(answer, h);
    // Synchronously, before the IndexedDB write has even begun.
    expect(held().map((e) => e.key)).toEqual([answer.review.id]);
    await stored;
    expect(held()).toEqual([]);
    await h.engine.flush();
  });

  it('stores at start what a reload cut short, once; what was stored after all is not stored twice', async () => {
    const h = await harness({});
    const t = Date.now();
    const cut = answerOf(deck.entryIds[0]!, t);
    const done = answerOf(deck.entryIds[1]!, t + 1);
    await recordAnswer(done, h);
    // As a reload leaves them: journaled, one of them never written.
    hold({ kind: 'review', key: cut.review.id, review: cut.review });
    hold({ kind: 'review', key: done.review.id, review: done.review });
    const test = { id: uuidv7(), deckId: deck.id, startedAt: t, finishedAt: null, rescheduled: false, answers: [] };
    hold({ kind: 'test', key: `test/${test.id}/0`, test });
    const writingId = uuidv7();
    hold({ kind: 'entryAnswer', key: `entry/${writingId}`, answer: { reviewId: writingId, target: { deckId: deck.id, entryId: deck.entryIds[2]!, kind: 'writing' }, rating: 3, at: t + 2, durationMs: 900, score: 0.9 } });

    expect(await replayAnswers(h)).toBe(3);
    expect(held()).toEqual([]);
    expect(await h.db.userReviews.get(cut.review.id)).toMatchObject({ id: cut.review.id, rating: 3 });
    expect(await h.db.userCards.get(cut.review.cardId)).toMatchObject({ state: 1, reps: 1 });
    expect(await h.db.userReviews.get(writingId)).toMatchObject({ kind: 'writing', score: 0.9 });
    expect(await h.db.userTests.get(test.id)).toMatchObject({ deckId: deck.id });
    const queued = (await h.db.outbox.toArray()).map((i) => i.procedure).sort();
    expect(queued).toEqual(['saveUserReview', 'saveUserReview', 'saveUserReview', 'saveUserTest']);
    // Again: nothing.
    hold({ kind: 'review', key: cut.review.id, review: cut.review });
    expect(await replayAnswers(h)).toBe(0);
    expect(await h.db.outbox.count()).toBe(4);
    await h.engine.flush();
  });

  it('keeps a test row and the review it counted as, journaled together', async () => {
    const h = await harness({});
    const answer = answerOf(deck.entryIds[3]!, Date.now());
    const test = { id: uuidv7(), deckId: deck.id, startedAt: Date.now(), finishedAt: null, rescheduled: true, answers: [] };
    const kept = keepTest(test, answer, h);
    expect(held().map((e) => e.kind).sort()).toEqual(['review', 'test']);
    await kept;
    expect(held()).toEqual([]);
    expect(await h.db.userReviews.get(answer.review.id)).toBeDefined();
    expect(await h.db.userTests.get(test.id)).toBeDefined();
    await h.engine.flush();
  });
});
