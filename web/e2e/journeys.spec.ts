// Learner journeys judged by the server (issue 23): each one is lived as a learner lives it, in the
// real app against a real `writeit serve`, and ends by reading what the server stored through the
// API — every answer given on screen is a review there, none refused, and each of the learner's
// cards on the server is the replay of its live reviews. Each journey adds its count of answers
// given, stored and refused to the run's summary (e2e/journeyTally.ts, printed at the end).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { composeSyllable } from '../src/characters/hangul';
import { replaySchedule } from '../src/study/scheduler';
import { v7 as uuidv7 } from 'uuid';
import { cardId } from '../src/db/cardId';
import { KOREAN_DECK_TITLE } from './helpers';
import { recordJourney } from './journeyTally';
import { sendReviews } from './simulatedLearner';
import {
  card,
  deckId,
  entryIds,
  localRows,
  openSignedIn,
  reviewByKeyboard,
  signUp,
  strokesOf,
  summary,
  userQuery,
  waitForSync,
  writeAll,
  type Auth,
  type CardRow,
} from './learner';

interface StoredReview {
  id: string;
  cardId: string;
  entryId: string;
  kind: string;
  rating: number;
  reviewedAt: number;
  durationMs: number;
  score?: number;
  desiredRetention?: number;
  deleted: boolean;
}
type StoredCard = CardRow & { deleted: boolean };

/** The server's view of the learner: their reviews (live and taken back) and cards. */
async function serverState(request: APIRequestContext, auth: Auth) {
  const reviews = await userQuery<StoredReview>(request, auth.idToken, 'queryUserReviews');
  const cards = await userQuery<StoredCard>(request, auth.idToken, 'queryUserCards');
  return { reviews, live: reviews.filter((r) => !r.deleted), cards };
}

/** Waits until the server holds `expected` live reviews (by id), then checks that nothing was
 * refused or left behind on the device, and that every card on the server is the replay of its
 * live reviews (an undone review is not in it). Records the journey's figures. */
async function expectStored(page: Page, request: APIRequestContext, auth: Auth, journey: string, expected: readonly string[]) {
  await expect
    .poll(async () => (await serverState(request, auth)).live.map((r) => r.id).sort(), { timeout: 30_000, message: `${journey}: reviews on the server` })
    .toEqual([...expected].sort());
  const outbox = await localRows<{ procedure: string; state?: string }>(page, 'outbox');
  const refused = outbox.filter((i) => i.state === 'failed').length;
  const { live, cards } = await serverState(request, auth);
  recordJourney({ journey, given: expected.length, stored: live.filter((r) => expected.includes(r.id)).length, refused });
  expect(refused, `${journey}: changes refused`).toBe(0);
  for (const c of cards) {
    const replayed = replaySchedule(live.filter((r) => r.cardId === c.id));
    if (replayed === null) expect(c.deleted, `${journey}: card ${c.id} has no live review`).toBe(true);
    else expect({ ...replayed, id: c.id }, `${journey}: card ${c.id} is the replay of its reviews`).toEqual(scheduleOf(c));
  }
  return live;
}

const scheduleOf = (c: StoredCard) => ({
  id: c.id,
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsedDays,
  scheduledDays: c.scheduledDays,
  learningSteps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.lastReview,
});

/** The ids of the reviews the device holds for this learner (live ones). */
async function localReviewIds(page: Page): Promise<string[]> {
  return (await localRows<StoredReview>(page, 'userReviews')).filter((r) => !r.deleted).map((r) => r.id);
}

/** A new learner follows the Korean letters deck from its page, and its review opens. */
async function followAndReview(page: Page, request: APIRequestContext): Promise<{ auth: Auth; deck: { id: string } }> {
  const auth = await signUp(request);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await openSignedIn(page, auth, `/decks/${deck.id}`);
  await waitForSync(page, auth.userId);
  await page.getByRole('button', { name: 'Add to my decks' }).click();
  await expect(page.getByRole('button', { name: 'Remove from my decks' })).toBeVisible();
  await expect
    .poll(async () => (await userQuery<{ deckId: string; deleted: boolean }>(request, auth.idToken, 'queryUserDecks')).map((d) => [d.deckId, d.deleted]))
    .toEqual([[deck.id, false]]);
  await page.getByRole('link', { name: 'Review' }).click();
  await expect(card(page)).toBeVisible();
  return { auth, deck };
}

// The answer on screen is the answer stored: the moment the next card shows, leaving is safe.
for (const { n, end, offline } of [
  { n: 2, end: 'reload', offline: false },
  { n: 3, end: 'close', offline: false },
  { n: 3, end: 'close', offline: true },
  { n: 4, end: 'reload', offline: false },
] as const) {
  test(`${n} ratings, then the tab is ${end === 'reload' ? 'reloaded' : 'closed'} at once${offline ? ' (offline)' : ''}: every rating reaches the server`, async ({
    page,
    context,
    request,
  }) => {
    const { auth } = await followAndReview(page, request);
    if (offline) await context.setOffline(true);
    const ratings = ['3', '1', '4', '2'];
    expect(await reviewByKeyboard(page, (i) => ratings[i % 4]!, n)).toBe(n);
    // Right after the last rating: no waiting for a write, a push or anything else.
    let after = page;
    if (end === 'reload') {
      await page.reload();
    } else {
      await page.close();
      if (offline) await context.setOffline(false);
      after = await context.newPage();
      await after.goto('/home');
    }
    await waitForSync(after, auth.userId);
    const ids = await localReviewIds(after);
    expect(ids).toHaveLength(n);
    const live = await expectStored(after, request, auth, `${n} ratings then ${end}${offline ? ' offline' : ''}`, ids);
    expect(live.map((r) => r.rating).sort()).toEqual(ratings.slice(0, n).map(Number).sort());
    // None of the answered cards is new again.
    const cards = await userQuery<StoredCard>(request, auth.idToken, 'queryUserCards');
    expect(cards.filter((c) => !c.deleted && c.reps > 0)).toHaveLength(n);
  });
}

test('offline for a whole session with an undo, then online: every answer arrives, the undone one taken back', async ({ page, context, request }) => {
  const { auth } = await followAndReview(page, request);
  await context.setOffline(true);
  // Easy graduates each new card at once: the session is today's 20 new cards.
  const before = await reviewByKeyboard(page, () => '4', 5);
  const undone = await card(page).getAttribute('data-card-id');
  expect(await reviewByKeyboard(page, () => '1', 1)).toBe(1);
  await page.keyboard.press('u');
  await expect(page.getByText('Last rating undone')).toBeVisible();
  await expect(card(page)).toHaveAttribute('data-card-id', undone ?? '');
  const rest = await reviewByKeyboard(page, () => '4');
  await expect(summary(page)).toBeVisible();
  expect(before + rest).toBe(20);
  const ids = await localReviewIds(page);
  expect(ids).toHaveLength(20);

  await context.setOffline(false);
  const live = await expectStored(page, request, auth, 'offline session with an undo', ids);
  // The undone answer reached the server as a tombstone, and its card counts only the answer after.
  const { reviews, cards } = await serverState(request, auth);
  expect(reviews.filter((r) => r.deleted).map((r) => [r.cardId, r.rating])).toEqual([[undone, 1]]);
  expect(live.filter((r) => r.cardId === undone).map((r) => r.rating)).toEqual([4]);
  expect(cards.find((c) => c.id === undone)?.reps).toBe(1);
  // The device holds the server's cards.
  await expect
    .poll(async () => (await localRows<StoredCard>(page, 'userCards')).map(scheduleOf).sort((a, b) => (a.id < b.id ? -1 : 1)))
    .toEqual(cards.map(scheduleOf).sort((a, b) => (a.id < b.id ? -1 : 1)));
});

/** One entry of each script: its language, text, and the strokes of each of its characters. */
const SCRIPTS: { lang: string; text: string; strokes: () => ReturnType<typeof strokesOf>[] }[] = [
  { lang: 'ko', text: '나', strokes: () => [composeSyllable('나', (j) => strokesOf('ko-jamo', j)) ?? []] },
  { lang: 'zh', text: '大', strokes: () => [strokesOf('zh-starter', '大')] },
  { lang: 'ja', text: '三', strokes: () => [strokesOf('ja-starter', '三')] },
  { lang: 'en', text: 'Aa', strokes: () => [strokesOf('en', 'A'), strokesOf('en', 'a')] },
  { lang: 'ru', text: 'Дд', strokes: () => [strokesOf('ru', 'Д'), strokesOf('ru', 'д')] },
  { lang: 'el', text: 'Γγ', strokes: () => [strokesOf('el', 'Γ'), strokesOf('el', 'γ')] },
  { lang: 'ar', text: 'ب', strokes: () => [strokesOf('ar', 'ب')] },
  { lang: 'he', text: 'ב', strokes: () => [strokesOf('he', 'ב')] },
];

test('writing in each of the eight scripts to the end: one writing review per entry on the server, with its score', async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = await signUp(request);
  await openSignedIn(page, auth, '/home');
  await waitForSync(page, auth.userId);
  // Practice records a review only for a writing card already started (issue 35): each entry's
  // was answered once two days ago (through the API), and the device pulls it.
  const targets = await Promise.all(SCRIPTS.map(({ lang, text }) => entryIds(page, lang, text)));
  const before = Date.now() - 2 * 86_400_000;
  await sendReviews(
    request,
    auth.idToken,
    targets.map(({ entryId }, i) => ({ id: uuidv7({ msecs: before + i }), cardId: cardId(entryId, 'writing'), entryId, kind: 'writing' as const, rating: 3, reviewedAt: before + i, durationMs: 4000 })),
  );
  await page.reload();
  await expect.poll(async () => (await localRows<{ id: string }>(page, 'userCards')).length, { timeout: 30_000 }).toBe(SCRIPTS.length);
  const written: { entryId: string; lang: string }[] = [];
  for (const [n, { lang, text, strokes }] of SCRIPTS.entries()) {
    const { deckId: deck, entryId } = targets[n]!;
    await page.goto(`/decks/${deck}/entries/${entryId}/writing`);
    // Recall: a real recall of a started card, so it is recorded.
    await page.getByRole('tab', { name: 'Recall' }).click();
    const characters = strokes();
    for (const [i, s] of characters.entries()) {
      await expect(page.getByRole('group', { name: `Writing area, character ${i + 1} of ${characters.length}` })).toBeVisible();
      expect(s.length, `${lang} ${text}: strokes of character ${i + 1}`).toBeGreaterThan(0);
      await writeAll(page, s);
      // A finished character stays on the canvas until the learner goes on.
      if (i + 1 < characters.length) await page.getByRole('button', { name: 'Next character' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
    await expect(page.getByText(/Score 100%/)).toBeVisible();
    await expect(page.getByTestId('practice-outcome')).toHaveText('Counted as a review of this writing card.');
    written.push({ entryId, lang });
  }
  // The last result is taken back: the entry starts again, and its review becomes a tombstone.
  await page.getByRole('button', { name: 'Take back this result' }).click();
  // The page says so once the tombstone is stored (the writing area is on screen before, too).
  await expect(page.getByText('Last rating undone')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Writing area, character 1 of 1' })).toBeVisible();
  const ids = await localReviewIds(page);
  expect(ids).toHaveLength(2 * SCRIPTS.length - 1);
  const live = await expectStored(page, request, auth, 'writing in eight scripts, one taken back', ids);
  const takenBack = written.pop()!;
  for (const { entryId, lang } of written) {
    const review = live.find((r) => r.entryId === entryId && r.reviewedAt > before + SCRIPTS.length);
    expect(review, lang).toMatchObject({ kind: 'writing', score: 1 });
    expect(Number.isInteger(review?.durationMs), `${lang}: whole milliseconds`).toBe(true);
  }
  const { reviews } = await serverState(request, auth);
  expect(reviews.filter((r) => r.deleted).map((r) => [r.entryId, r.kind])).toEqual([[takenBack.entryId, 'writing']]);
});

test('a test and a reading session to the end: the test kept as its history, one review per reading answer', async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = await signUp(request);
  const deck = await deckId(request, 'Beginner vocabulary');
  await openSignedIn(page, auth, `/decks/${deck.id}/test`);
  await waitForSync(page, auth.userId);
  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toBeVisible();
  const total = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Question ${i} of ${total}`)).toBeVisible();
    const textbox = page.getByRole('textbox', { name: 'Your answer' });
    if (await textbox.isVisible()) {
      await textbox.fill('no idea');
      await textbox.press('Enter');
      await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      await textbox.press('Enter');
    } else {
      await page.keyboard.press((await page.getByRole('button', { name: 'True', exact: true }).isVisible()) ? 'f' : '1');
      await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      await page.keyboard.press('Enter');
    }
  }
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();

  // Reading: three entries in a row, each revealed and graded, one graded again after an undo.
  await page.goto(`/decks/${deck.id}/entries/${deck.entryIds[0]}/reading`);
  for (let i = 0; i < 3; i++) {
    await expect(page.getByRole('button', { name: 'Show reading and meaning' })).toBeVisible();
    await page.keyboard.press('Space');
    await page.keyboard.press(String((i % 4) + 1));
    await expect(page.getByText(/^Saved\. Next reading review/)).toBeVisible();
    if (i === 1) {
      await page.keyboard.press('u');
      await expect(page.getByRole('group', { name: 'Rate your answer' })).toBeVisible();
      await page.keyboard.press('4');
      await expect(page.getByText(/^Saved\. Next reading review/)).toBeVisible();
    }
    if (i < 2) await page.getByRole('link', { name: 'Next entry' }).click();
  }
  // The test left the schedule alone (its switch is off by default): the reviews are the reading
  // session's, and the test is kept whole as its own history on the server.
  const ids = await localReviewIds(page);
  expect(ids).toHaveLength(3);
  await expectStored(page, request, auth, 'a test and a reading session', ids);
  await expect
    .poll(async () => (await userQuery<{ answers: unknown[]; rescheduled: boolean }>(request, auth.idToken, 'queryUserTests')).map((t) => [t.answers.length, t.rescheduled]))
    .toEqual([[total, false]]);
  // The grade taken back is a tombstone on the server: the reading card of the second entry.
  const { reviews } = await serverState(request, auth);
  expect(reviews.filter((r) => r.deleted).map((r) => [r.entryId, r.kind, r.rating])).toEqual([[deck.entryIds[1], 'reading', 2]]);
});
