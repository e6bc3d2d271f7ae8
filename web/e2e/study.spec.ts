// Study pages end to end (issue 5): a review session by keyboard alone (with undo, also of a rating
// the server already has), reviews made offline that reach the server after reconnecting, a test
// run to its results, and two devices of one learner reviewing the same cards offline and
// converging (DESIGN §4).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, query, waitForStarterSync, type Row } from './helpers';

const PASSWORD = 'correct horse battery staple';

interface Auth {
  userId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

async function signUp(request: APIRequestContext): Promise<Auth & { email: string }> {
  const email = `study-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/identity/v1/accounts:signUp', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return toAuth((await res.json()) as TokenAnswer);
}

/** Another session of the same account (a second device): its own refresh token. */
async function signIn(request: APIRequestContext, email: string): Promise<Auth> {
  const res = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return toAuth((await res.json()) as TokenAnswer);
}

interface TokenAnswer {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}
const toAuth = (a: TokenAnswer): Auth => ({
  userId: a.localId,
  email: a.email,
  idToken: a.idToken,
  refreshToken: a.refreshToken,
  expiresAt: Date.now() + Number(a.expiresIn) * 1000,
});

/** Waits for a first complete sync (for a signed-in user: of their rows too). */
async function waitForSync(page: Page, userId = ''): Promise<void> {
  await waitForStarterSync(page);
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem('lastSync') !== null, localStorage.getItem('lastSyncUser') ?? '']), { timeout: 30_000 })
    .toEqual([true, userId]);
}

/** Stores the session as src/session/auth.ts expects it, then opens `path` signed in. */
async function openSignedIn(page: Page, auth: Auth, path: string): Promise<void> {
  await page.goto('/decks');
  await page.evaluate((a) => localStorage.setItem('auth', JSON.stringify(a)), auth);
  await page.goto(path);
}

async function deckId(request: APIRequestContext, title: string): Promise<Row & { entryIds: string[] }> {
  const decks = await query(request, 'queryDecks', { offset: 0, limit: 5000 });
  const deck = decks.find((d) => d.title === title && !d.deleted);
  expect(deck, title).toBeDefined();
  return deck as Row & { entryIds: string[] };
}

/** A signed-in query with the user's token. */
async function userQuery<T>(request: APIRequestContext, token: string, procedure: string): Promise<T[]> {
  const input = encodeURIComponent(JSON.stringify({ offset: 0, limit: 5000 }));
  const res = await request.get(`/api/trpc/${procedure}?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${procedure}: HTTP ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: T[] } }).result.data;
}

/** Every row of a local table (IndexedDB `writeit`). */
async function localRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error ?? new Error('cannot open writeit'));
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error ?? new Error('getAll failed'));
        };
      }),
    table,
  );
}

const summary = (page: Page) => page.getByRole('heading', { name: 'Session complete' });
const card = (page: Page) => page.getByRole('region', { name: 'Card' });

/** Answers cards by keyboard alone until the session ends: Space reveals, `key(i)` rates. */
async function reviewByKeyboard(page: Page, key: (i: number) => string, stopAfter = Infinity): Promise<number> {
  await expect(card(page).or(summary(page))).toBeVisible();
  let answered = 0;
  while (answered < stopAfter && !(await summary(page).isVisible())) {
    await expect(page.locator('[data-revealed="false"]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('card-back')).toBeVisible();
    await page.keyboard.press(key(answered));
    answered++;
    // The next card (unrevealed) or the summary replaces the answered one.
    await expect(page.locator('[data-revealed="true"]')).toHaveCount(0);
    expect(answered).toBeLessThan(500);
  }
  return answered;
}

interface CardRow {
  id: string;
  due: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: number | null;
  learningSteps: number;
  scheduledDays: number;
  elapsedDays: number;
}
interface ReviewRow {
  id: string;
  cardId: string;
  rating: number;
}
const schedule = (c: CardRow) => [c.id, c.due, c.stability, c.difficulty, c.reps, c.lapses, c.state, c.lastReview, c.learningSteps, c.scheduledDays, c.elapsedDays];
const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

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
  // The last answers are written just after they are shown.
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
 * ('refused', FORBIDDEN). */
const SAVES = '**/api/trpc/save*';
async function blockSaves(page: Page, how: 'cut' | 'refused'): Promise<void> {
  await page.route(SAVES, (route) => {
    if (how === 'cut') return route.abort('internetdisconnected');
    const procedures = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '').split(',');
    const error = { message: 'Not allowed here.', code: -32603, data: { code: 'FORBIDDEN', httpStatus: 403 } };
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(procedures.map(() => ({ error }))) });
  });
}

/** A new learner answers `n` cards of the Korean deck while saves are blocked (`how`), then opens
 * the settings through the sync indicator (leaving the review page writes the last answer, held
 * until then for undo). */
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
  await page.getByRole('button', { name: 'Sign out' }).click();
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
  await page.getByRole('button', { name: 'Sign out' }).click();
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
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authEnded'))).toBe(auth.userId);
  await page.goto('/signin');
  await expect(page.getByRole('alert')).toContainText('1 change made on this device before your session ended has not reached the server');

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
  await expect(indicator).toHaveAttribute('title', /2 changes refused/);

  const list = page.getByRole('region', { name: 'Changes the server refused' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText(/^Review of .+Not allowed here\./);

  // The server takes them again: one is retried and arrives, the other discarded.
  await page.unroute(SAVES);
  await list.getByRole('button', { name: /^Try again: Review of / }).first().click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: /^Discard: Review of / }).click();
  await expect(list).toBeHidden();
  await expect(indicator).not.toHaveAttribute('title', /refused/);
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
  await reviewByKeyboard(page, () => '3', 2);
  // The first answer is written once the second is given, and sent.
  await expect
    .poll(async () => (await userQuery<ReviewRow>(request, auth.idToken, 'queryUserReviews')).map((r) => r.cardId), { timeout: 15_000 })
    .toEqual([first]);

  // Undo twice: the held-back second answer, then the first, which the server has.
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  await expect(card(page)).toHaveAttribute('data-card-id', first ?? '');
  await expect
    .poll(async () => (await userQuery<ReviewRow & { deleted: boolean }>(request, auth.idToken, 'queryUserReviews')).map((r) => [r.cardId, r.deleted]), {
      timeout: 15_000,
    })
    .toEqual([[first, true]]);
  // Its card is gone (new again) on the server and here; the session asks it again.
  const serverCards = await userQuery<CardRow & { deleted: boolean }>(request, auth.idToken, 'queryUserCards');
  expect(serverCards.map((c) => [c.id, c.deleted, c.reps])).toEqual([[first, true, 0]]);
  await expect.poll(async () => (await localRows<CardRow & { deleted: boolean }>(page, 'userCards')).map((c) => [c.id, c.deleted])).toEqual([[first, true]]);
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
  // Every answer was recorded as a review of its card.
  await expect.poll(async () => (await localRows<ReviewRow>(page, 'userReviews')).length).toBe(total);
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
