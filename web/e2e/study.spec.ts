// Study pages end to end (issue 5): a review session by keyboard alone (with undo, also of a rating
// the server already has), reviews made offline that reach the server after reconnecting, a test
// run to its results, and two devices of one learner reviewing the same cards offline and
// converging (DESIGN §4).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE } from './helpers';
import {
  byId,
  card,
  deckId,
  localRows,
  openSignedIn,
  PASSWORD,
  reviewByKeyboard,
  schedule,
  signIn,
  signUp,
  summary,
  userQuery,
  waitForSync,
  type Auth,
  type CardRow,
  type ReviewRow,
} from './learner';

test('review a whole deck by keyboard alone, with undo', async ({ page, request }) => {
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await page.goto('/decks');
  await waitForSync(page);
  await page.goto(`/decks/${deck.id}/review`);
  await expect(card(page)).toBeVisible();

  // Undo: rate the first card, take it back, and the same card is asked again.
  const first = await card(page).getAttribute('data-card-id');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Rate your answer' })).toBeVisible();
  // Each rating shows its next interval (1 min, 6 min, 10 min, …).
  await expect(page.getByRole('button', { name: /^Again, next review in 1 min/ })).toBeVisible();
  await page.keyboard.press('3');
  await expect(card(page)).not.toHaveAttribute('data-card-id', first ?? '');
  await page.keyboard.press('u');
  await expect(card(page)).toHaveAttribute('data-card-id', first ?? '');
  await expect(page.getByText('Last rating undone')).toBeVisible();

  // Easy on every card: each new card graduates at once, so the session is today's 20 new cards.
  const answered = await reviewByKeyboard(page, () => '4');
  expect(answered).toBe(20);
  await expect(page.getByText('20 cards reviewed')).toBeVisible();
  await expect(page.getByTestId('summary-rating-4')).toHaveText('Easy: 20');

  // Kept locally for the guest: 20 reviews (the undone one gone), each queued for sign-in.
  await expect.poll(async () => (await localRows<ReviewRow>(page, 'userReviews')).length).toBe(20);
  const outbox = await localRows<{ procedure: string }>(page, 'outbox');
  expect(outbox.filter((o) => o.procedure === 'saveUserReview')).toHaveLength(20);
  expect((await localRows<CardRow>(page, 'userCards')).every((c) => c.state === 2)).toBe(true);

  // The limit of 20 new cards a day is used up: nothing more today.
  await page.getByRole('button', { name: 'Review again' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing to review in this deck right now.' })).toBeVisible();
});

test('reviews made offline reach the server after reconnecting', async ({ page, context, request }) => {
  const auth = await signUp(request);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
  await page.goto(`/decks/${deck.id}/review`);

  const online = await reviewByKeyboard(page, () => '4', 5);
  await context.setOffline(true);
  const offline = await reviewByKeyboard(page, (i) => (i % 3 === 0 ? '3' : '4'));
  expect(online + offline).toBeGreaterThanOrEqual(20);
  await expect(summary(page)).toBeVisible();
  // Every answer is stored before the next card shows.
  await expect.poll(async () => (await localRows<ReviewRow>(page, 'userReviews')).length).toBe(online + offline);
  const local = await localRows<ReviewRow>(page, 'userReviews');

  await context.setOffline(false);
  await expect
    .poll(async () => (await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).length, { timeout: 30_000 })
    .toBe(local.length);
  const remote = await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews');
  expect(new Set(remote.map((r) => r.id))).toEqual(new Set(local.map((r) => r.id)));
  // The outbox is empty, and the cards here are the server's.
  await expect.poll(async () => (await localRows(page, 'outbox')).length).toBe(0);
  const serverCards = await userQuery<CardRow>(request, auth.idToken, 'queryUserCards');
  await expect.poll(async () => byId(await localRows<CardRow>(page, 'userCards')).map(schedule)).toEqual(byId(serverCards).map(schedule));
});


/** Every save the app sends is cut like a lost connection ('cut'), or refused by the server
 * ('refused') as issue 23's were: BAD_REQUEST with serde's message, naming the field. */
const SAVES = '**/api/trpc/save*';
async function blockSaves(page: Page, how: 'cut' | 'refused'): Promise<void> {
  await page.route(SAVES, (route) => {
    if (how === 'cut') return route.abort('internetdisconnected');
    const procedures = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '').split(',');
    const error = {
      message: 'invalid type: floating point `1834.7000000000007`, expected i64 at line 1 column 212',
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400, reason: 'invalidType', field: 'durationMs' },
    };
    return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(procedures.map(() => ({ error }))) });
  });
}

/** A new learner answers `n` cards of the Korean deck while saves are blocked (`how`), then opens
 * the settings through the sync indicator. */
async function reviewWithSavesBlocked(page: Page, request: APIRequestContext, n: number, how: 'cut' | 'refused') {
  const auth = await signUp(request);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
  await blockSaves(page, how);
  await page.goto(`/decks/${deck.id}/review`);
  expect(await reviewByKeyboard(page, () => '3', n)).toBe(n);
  await page.locator('a[data-sync-status]').click();
  // Each answer waits in the outbox: to be sent ('cut') or kept aside ('refused').
  await expect.poll(async () => (await localRows(page, 'outbox')).length).toBe(n);
  return auth;
}

test('signing out with reviews not yet on the server asks first; staying keeps them and they arrive', async ({ page, request }) => {
  const auth = await reviewWithSavesBlocked(page, request, 2, 'cut');
  // The two reviews cannot be sent: signing out would delete them, so the app asks.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes not saved to your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2 changes made on this device have not reached the server yet');
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Signed in as ${auth.email}`)).toBeVisible();
  expect(await localRows<ReviewRow>(page, 'userReviews')).toHaveLength(2);
  expect(await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).toHaveLength(0);

  // With the connection back, signing out sends them first and does not ask.
  await page.unroute(SAVES);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog).toBeHidden();
  expect(await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).toHaveLength(2);
});

test('a session that ends with reviews unsent says so on the sign-in page; signing in again sends them', async ({ page, request }) => {
  const auth = await reviewWithSavesBlocked(page, request, 1, 'cut');
  // The session ends without a sign-out (its refresh token no longer works).
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('auth', JSON.stringify({ ...stored, expiresAt: 0, refreshToken: 'revoked' }));
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('authEnded') ?? '{}') as { userId?: string }).userId)).toBe(auth.userId);
  await page.goto('/signin');
  await expect(page.getByTestId('session-ended')).toContainText(`1 change made here is waiting to be sent to ${auth.email}.`);

  // Signed in again with the same account, the review is sent.
  await page.unroute(SAVES);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(auth.email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(async () => (await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).length, { timeout: 15_000 }).toBe(1);
});

test('reviews the server refuses are listed in the settings, to try again or discard', async ({ page, request }) => {
  const auth = await reviewWithSavesBlocked(page, request, 2, 'refused');
  const indicator = page.locator('a[data-sync-status]');
  // Never "Up to date" while changes are refused: how many, and where they are listed.
  await expect(indicator).toHaveAttribute('title', /^2 changes could not be saved: see Settings › Local data/);
  await expect(indicator).not.toHaveAttribute('title', /Up to date|synced/);
  await expect(indicator).toHaveAttribute('href', '/settings#refused-changes');

  const list = page.getByRole('region', { name: 'Changes the server refused' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // In plain words, never the server's parser message.
  await expect(list.getByRole('listitem').first()).toContainText(
    /^Review of .+The app sent something the server could not accept \(time taken to answer\)\. It will be sent again when the app updates\./,
  );
  await expect(list).not.toContainText(/invalid type|floating point|i64|durationMs|BAD_REQUEST/);

  // The server takes them again: one is retried and arrives, the other discarded.
  await page.unroute(SAVES);
  await list.getByRole('button', { name: /^Try again: Review of / }).first().click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: /^Discard: Review of / }).click();
  await expect(list).toBeHidden();
  await expect(indicator).not.toHaveAttribute('title', /could not be saved/);
  await expect.poll(async () => (await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).length).toBe(1);
  expect(await localRows(page, 'outbox')).toHaveLength(0);
});

test('undo takes back a rating the server already has', async ({ page, request }) => {
  const auth = await signUp(request);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
  await page.goto(`/decks/${deck.id}/review`);
  const first = await card(page).getAttribute('data-card-id');
  await reviewByKeyboard(page, () => '3', 1);
  const second = await card(page).getAttribute('data-card-id');
  await reviewByKeyboard(page, () => '3', 1);
  // Good on a new card is its 10-minute step, so the session's next card is another one; both
  // answers are stored as they are given, and sent.
  await expect
    .poll(async () => (await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).map((r) => r.cardId).sort(), { timeout: 15_000 })
    .toEqual([first, second].sort());
  const sent = await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews');
  expect(sent).toHaveLength(2);

  // Undo twice: both answers are taken back through their tombstones.
  await page.keyboard.press('u');
  await expect(page.getByText('Last rating undone')).toBeVisible();
  await page.keyboard.press('u');
  await expect(card(page)).toHaveAttribute('data-card-id', first ?? '');
  await expect
    .poll(async () => (await userQuery<ReviewRow & { deleted: boolean }>(request, auth.idToken, 'queryUserReviews')).map((r) => r.deleted), {
      timeout: 15_000,
    })
    .toEqual([true, true]);
  // Its card is gone (new again) on the server and here; the session asks it again.
  const serverCards = await userQuery<CardRow & { deleted: boolean }>(request, auth.idToken, 'queryUserCards');
  expect(serverCards.map((c) => [c.deleted, c.reps])).toEqual(sent.map(() => [true, 0]));
  await expect.poll(async () => (await localRows<CardRow & { deleted: boolean }>(page, 'userCards')).map((c) => c.deleted)).toEqual(sent.map(() => true));
  await expect(page.getByText('Last rating undone')).toBeVisible();
});

/** Holds the page's first API call back for 1.5 s (the rest go through at once). */
async function holdFirstApiCall(page: Page): Promise<void> {
  let calls = 0;
  await page.route('**/api/trpc/**', async (route) => {
    if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
}

test('the test and reading pages, opened before the first sync lands, fill in when it does', async ({ page, request }) => {
  const deck = await deckId(request, 'Beginner vocabulary');
  // The sync's first call is held back, so the pages first find an empty local database.
  await holdFirstApiCall(page);
  await page.goto(`/decks/${deck.id}/test`);
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible({ timeout: 30_000 });
  await waitForSync(page);

  const fresh = await page.context().browser()!.newContext();
  try {
    const other = await fresh.newPage();
    await holdFirstApiCall(other);
    const entry = deck.entryIds[0]!;
    await other.goto(`${new URL(page.url()).origin}/decks/${deck.id}/entries/${entry}/reading`);
    await expect(other.getByRole('button', { name: 'Show reading and meaning' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await fresh.close();
  }
});

test('run a test to the end', async ({ page, request }) => {
  const deck = await deckId(request, 'Beginner vocabulary');
  await page.goto('/decks');
  await waitForSync(page);
  await page.goto(`/decks/${deck.id}/test`);
  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toBeVisible();
  const total = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
  expect(total).toBe(20);
  const kinds = new Set<string>();
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Question ${i} of ${total}`)).toBeVisible();
    const textbox = page.getByRole('textbox', { name: 'Your answer' });
    if (await textbox.isVisible()) {
      kinds.add('typed');
      await textbox.fill(i % 2 ? 'no idea' : '');
      await textbox.press('Enter');
      await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      await textbox.press('Enter');
    } else if (await page.getByRole('button', { name: 'True', exact: true }).isVisible()) {
      kinds.add('trueFalse');
      await page.keyboard.press('t');
      await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      await page.keyboard.press('Enter');
    } else {
      kinds.add('choice');
      await expect(page.getByRole('group', { name: 'Answers' }).getByRole('button')).toHaveCount(4);
      await page.keyboard.press('2');
      await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      await page.keyboard.press('Enter');
    }
  }
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByTestId('quiz-score')).toHaveText(new RegExp(`^Score: \\d+ of ${total}$`));
  await expect(page.getByText(/^Time: \d+:\d\d$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mistakes to review' })).toBeVisible();
  expect(kinds).toEqual(new Set(['typed', 'trueFalse', 'choice']));
  // The test left the schedule alone (its switch is off by default): no review, no card; the test
  // itself is kept, every answer in it.
  await expect.poll(async () => (await localRows<{ answers: unknown[]; finishedAt: number | null }>(page, 'userTests')).map((t) => [t.answers.length, t.finishedAt !== null])).toEqual([[total, true]]);
  expect(await localRows<ReviewRow>(page, 'userReviews')).toEqual([]);
  expect(await localRows<CardRow>(page, 'userCards')).toEqual([]);
});

async function device(browser: Browser, auth: Auth): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
  return { context, page };
}

test('two devices review the same cards offline and converge', async ({ browser, request }) => {
  // Two browsers, each with a first sync and 30-odd answers: 32 s alone, but 66-108 s beside
  // another worker on a 2-core machine.
  test.setTimeout(180_000);
  const first = await signUp(request);
  const second = await signIn(request, first.email);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  const a = await device(browser, first);
  const b = await device(browser, second);
  try {
    for (const d of [a, b]) {
      await d.page.goto(`/decks/${deck.id}/review`);
      await expect(card(d.page)).toBeVisible();
      await d.context.setOffline(true);
    }
    // The same 20 new cards on both: A answers Good (each card twice: 10 min step, then review),
    // B answers Hard to its first ten, then Easy.
    const na = await reviewByKeyboard(a.page, () => '3');
    const nb = await reviewByKeyboard(b.page, (i) => (i < 10 ? '2' : '4'));
    await expect.poll(async () => (await localRows<ReviewRow>(a.page, 'userReviews')).length).toBe(na);
    await expect.poll(async () => (await localRows<ReviewRow>(b.page, 'userReviews')).length).toBe(nb);
    const reviewsA = await localRows<ReviewRow>(a.page, 'userReviews');
    const reviewsB = await localRows<ReviewRow>(b.page, 'userReviews');
    expect(new Set(reviewsA.map((r) => r.cardId))).toEqual(new Set(reviewsB.map((r) => r.cardId)));

    // B syncs first, then A; then B again.
    await b.context.setOffline(false);
    await expect.poll(async () => (await localRows(b.page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    await a.context.setOffline(false);
    await expect.poll(async () => (await localRows(a.page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    await b.page.reload();

    const all = new Set([...reviewsA, ...reviewsB].map((r) => r.id));
    await expect
      .poll(async () => new Set((await userQuery<ReviewRow>(request, first.idToken, 'queryUserReviews')).map((r) => r.id)).size, {
        timeout: 30_000,
      })
      .toBe(all.size);
    const serverCards = byId(await userQuery<CardRow>(request, first.idToken, 'queryUserCards')).map(schedule);
    expect(serverCards).toHaveLength(20);
    for (const d of [a, b]) {
      await expect.poll(async () => byId(await localRows<CardRow>(d.page, 'userCards')).map(schedule), { timeout: 30_000 }).toEqual(serverCards);
      await expect.poll(async () => (await localRows<ReviewRow>(d.page, 'userReviews')).length, { timeout: 30_000 }).toBe(all.size);
    }
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
