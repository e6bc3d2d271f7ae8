// The one answer path against the real server: what each practice page records (review, test,
// reading, writing), built as the page builds it, with the fractional timings and scores that
// browsers really produce, passes the server's validation; nothing is refused, and the server's
// cards equal the ones replayed on the device.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deck, UserCard } from '../api/generated/types';
import { v7 as uuidv7 } from 'uuid';
import { errorCode } from '../api/client';
import { cardId } from '../db/cardId';
import { allRows, harnessesPerTest, mintToken, newUserId, serverApi, type Harness } from '../db/testing/harness';
import { writingRating, writingScore } from '../features/writing/grading';
import { buildQuiz, grade, seededRandom } from './quiz';
import { createEmptyCard, default_w, fsrs, type Card, type Grade } from 'ts-fsrs';
import type { SaveUserReviewInput } from '../api/generated/types';
import { answerCard, REVIEW_DURATION_MAX_MS, StudySession, wholeDuration } from './session';
import { replaySchedule } from './scheduler';
import { answerEntryCard, deckQueue, loadDeckStudy, recordAnswer } from './store';

const harness = harnessesPerTest();
let deck: Deck;
beforeAll(async () => {
  const decks = (await serverApi(null).queryDecks.query({ offset: 0, limit: 50, languages: ['ko'] })).filter((d) => !d.deleted && d.entryIds.length >= 4);
  deck = decks[0] as Deck;
  expect(deck).toBeDefined();
});

/** Pushes everything and checks that the server took every answer and agrees on every card. */
async function expectAllStored(h: Harness, reviewIds: readonly string[]): Promise<void> {
  await h.engine.flush();
  const left = await h.db.outbox.toArray();
  expect(left.map((i) => `${i.procedure}: ${i.state ?? 'pending'} ${String(i.lastError ?? '')}`)).toEqual([]);
  const api = serverApi(await h.session.getIdToken());
  const serverReviews = await allRows((p) => api.queryUserReviews.query(p));
  expect(serverReviews.filter((r) => reviewIds.includes(r.id) && !r.deleted).map((r) => r.id).sort()).toEqual([...reviewIds].sort());
  const serverCards = new Map((await allRows((p) => api.queryUserCards.query(p))).map((c) => [c.id, c]));
  const local = (await h.db.userCards.toArray()).filter((c) => !c.deleted);
  expect(local.length).toBeGreaterThan(0);
  const strip = (c: UserCard | undefined) => (c ? { ...c, updatedAt: 0 } : c);
  for (const c of local) expect(strip(serverCards.get(c.id))).toEqual(strip(c));
}

describe('the one answer path', () => {
  it('the server refuses a fractional duration: the reason every page goes through answerCard', async () => {
    const api = serverApi(await mintToken(newUserId()));
    const entryId = deck.entryIds[0]!;
    const review = { id: uuidv7(), cardId: cardId(entryId, 'writing'), entryId, kind: 'writing' as const, rating: 3, reviewedAt: Date.now(), durationMs: 582.300048828125 };
    await expect(api.saveUserReview.mutate(review)).rejects.toSatisfy((e: unknown) => errorCode(e) === 'BAD_REQUEST');
    await expect(api.saveUserReview.mutate({ ...review, durationMs: wholeDuration(review.durationMs) })).resolves.toBeDefined();
  });

  it('review, test, reading and writing answers, as each page builds them, are all stored', async () => {
    const h = await harness({});
    await h.signIn();
    await h.engine.sync();
    const t0 = Date.now() - 60_000;
    const study = (await loadDeckStudy(deck.id, t0, h))!;
    const ids: string[] = [];

    // Review: the session prepares, the page records, then accepts (ReviewPage).
    const session = new StudySession(deckQueue(study, t0), { desiredRetention: study.desiredRetention, reviews: study.reviews });
    const timings = [582.300048828125, 0.4, 1234.5, -3, Number.NaN];
    for (const [i, ms] of timings.entries()) {
      const at = t0 + i * 1000 + 0.25;
      const answer = session.prepare((((i % 4) + 1) as 1 | 2 | 3 | 4), at, ms);
      expect(answer).not.toBeNull();
      await recordAnswer(answer!, h);
      session.accept(answer!);
      ids.push(answer!.review.id);
    }

    // Test: each graded response recorded as a review of its card (TestPage).
    const quiz = buildQuiz(study.entries, seededRandom(7), 3);
    expect(quiz.length).toBe(3);
    for (const [i, q] of quiz.entries()) {
      const graded = grade(q, q.type === 'trueFalse' ? { truth: i % 2 === 0 } : q.type === 'choice' ? { choice: i % 2 } : { text: 'not it' });
      const at = t0 + 10_000 + i * 1000;
      const item = { cardId: q.cardId, entryId: q.entry.id, kind: q.kind, card: (await h.db.userCards.get(q.cardId)) ?? null };
      const known = (await h.db.userReviews.where('cardId').equals(q.cardId).toArray()).filter((r) => !r.deleted);
      const answer = answerCard(item, known, graded.rating, at, 4321.987, study);
      await recordAnswer(answer, h);
      ids.push(answer.review.id);
    }

    // Reading and writing of one entry, outside a session (ReadingPage, WritingPage), with a card
    // left open for more than a day and a writing tally timed by pointer events.
    const entry = study.entries[study.entries.length - 1]!;
    const reading = await answerEntryCard({ deckId: deck.id, entryId: entry.id, kind: 'reading' }, 3, t0 + 20_000, 2 * REVIEW_DURATION_MAX_MS, {}, h);
    expect(reading.review.durationMs).toBe(REVIEW_DURATION_MAX_MS);
    ids.push(reading.review.id);
    const tally = { strokes: 7, misses: 2, backwards: 1, hints: 0, durationMs: 9876.543, freeScores: [0.8333333333333334] };
    const writing = await answerEntryCard(
      { deckId: deck.id, entryId: entry.id, kind: 'writing' },
      writingRating(tally),
      t0 + 30_000,
      tally.durationMs,
      { score: writingScore(tally) },
      h,
    );
    expect(Number.isInteger(writing.review.durationMs)).toBe(true);
    ids.push(writing.review.id);

    await expectAllStored(h, ids);
  });

  it('a guest’s answers wait for sign-in, then all arrive', async () => {
    const h = await harness({});
    await h.engine.sync();
    const now = Date.now();
    const study = (await loadDeckStudy(deck.id, now, h))!;
    const session = new StudySession(deckQueue(study, now), { desiredRetention: study.desiredRetention, reviews: study.reviews });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = session.prepare(3, now + i, 812.7)!;
      await recordAnswer(answer, h);
      session.accept(answer);
      ids.push(answer.review.id);
    }
    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(3);
    await h.signIn();
    await expectAllStored(h, ids);
  });

  it('a learner with fitted weights: the device answers with them, and the server agrees', async () => {
    const h = await harness({});
    const userId = await h.signIn();
    const api = serverApi(await h.session.getIdToken());
    // A history whose true weights are not the defaults: initial stabilities 2.5 times theirs.
    const truth = fsrs({ w: default_w.map((w, i) => (i <= 3 ? w * 2.5 : w)), enable_fuzz: false, enable_short_term: false });
    const rand = seededRandom(27);
    const day = 86_400_000;
    const start = Date.now() - 120 * day;
    const history: SaveUserReviewInput[] = [];
    for (const [i, entryId] of deck.entryIds.slice(0, 60).entries()) {
      for (const kind of ['meaning', 'reading'] as const) {
        let at = start + Math.floor(i / 2) * day + 3_600_000;
        let card: Card = createEmptyCard(new Date(at));
        let rating: Grade = rand() < 0.2 ? 1 : 3;
        while (at < Date.now() - day) {
          history.push({ id: uuidv7(), cardId: cardId(entryId, kind), entryId, kind, rating, reviewedAt: at, durationMs: 4000 });
          card = truth.next(card, new Date(at), rating).card;
          at = card.due.getTime() + 3_600_000;
          rating = rand() < truth.get_retrievability(card, new Date(at), false) ? 3 : 1;
        }
      }
    }
    for (let i = 0; i < history.length; i += 32) {
      await Promise.all(history.slice(i, i + 32).map((r) => api.saveUserReview.mutate(r)));
    }
    const row = await api.optimizeUserParameters.mutate();
    expect(row.id).toBe(userId);
    expect(row.reviews).toBe(history.length);
    expect(row.fitted).toBe(true);
    await h.engine.sync();
    expect((await h.db.userParameters.get(userId))?.weights).toEqual(row.weights);

    // Answer the deck's due and new cards on the device, as the review page does.
    const now = Date.now();
    const study = (await loadDeckStudy(deck.id, now, h))!;
    expect(study.weights).toEqual(row.weights);
    const session = new StudySession(deckQueue(study, now), { desiredRetention: study.desiredRetention, weights: study.weights, reviews: study.reviews });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = session.prepare(3, now + i * 1000, 900)!;
      // The card is the replay with the learner's weights, not the defaults'.
      const known = [...(study.reviews.get(answer.review.cardId) ?? []), answer.review];
      expect(answer.card).toMatchObject(replaySchedule(known, row.weights)!);
      if (i === 0) expect(replaySchedule(known)).not.toEqual(replaySchedule(known, row.weights));
      await recordAnswer(answer, h);
      session.accept(answer);
      ids.push(answer.review.id);
    }
    // The server replays them with the same weights: every card on the device equals the server's.
    await expectAllStored(h, ids);
  });
});
