// An answer is kept from the moment its key is pressed (issue 36, db/journal.ts): ten answers each
// followed at once by a reload, and ten each followed at once by closing the tab, all reach the
// server; and so does a test's answer, a reading grade and a writing practice's answer, each cut
// short by a reload. Serial tests on one signed-in device keeping Korean alone; each ends by
// reading what the server stored.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { cardId } from '../src/db/cardId';
import { drawOnCanvas, keepingOnly, KOREAN_DECK_TITLE, type Row } from './helpers';
import { card, deckId, openSignedIn, signUp, strokesOf, userQuery, waitForSync, writeAll, type Auth } from './learner';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let auth: Auth;
let deck: Row & { entryIds: string[] };

interface StoredReview {
  id: string;
  entryId: string;
  kind: string;
  deleted: boolean;
}

const liveReviews = async (request: APIRequestContext) =>
  (await userQuery<StoredReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted);

test.beforeAll(async ({ browser, request, baseURL }) => {
  deck = await deckId(request, KOREAN_DECK_TITLE);
  auth = await signUp(request);
  const res = await request.post('/api/trpc/saveUserDeck', { data: { deckId: deck.id }, headers: { authorization: `Bearer ${auth.idToken}` } });
  expect(res.ok(), await res.text()).toBe(true);
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: keepingOnly(['ko']) });
  page = await context.newPage();
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
});

test.afterAll(async () => {
  await context.close();
});

/** Reveals the card on screen, then rates it Good with `then` in the same instant: the key and the
 * reload (or the close) in one task of the page, the hardest case for an answer's write. */
async function answerGoodThen(p: Page, then: 'reload' | 'close'): Promise<void> {
  await expect(p.locator('[data-revealed="false"]')).toHaveCount(1);
  await p.keyboard.press('Space');
  await expect(p.getByTestId('card-back')).toBeVisible();
  await p
    .evaluate((reload) => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true }));
      if (reload) location.reload();
    }, then === 'reload')
    // The reload may take the page's context away before the evaluation answers.
    .catch(() => undefined);
  if (then === 'close') await p.close();
}

test('ten answers, each followed at once by a reload: all ten on the server', async ({ request }) => {
  // Ten app starts in one test: 18–25 s on an idle machine, 33 s under a loaded one.
  test.setTimeout(120_000);
  await page.goto(`/decks/${deck.id}/review`);
  for (let i = 0; i < 10; i++) {
    await expect(card(page)).toBeVisible();
    await answerGoodThen(page, 'reload');
    await page.waitForLoadState();
  }
  await expect(card(page)).toBeVisible();
  await expect.poll(async () => (await liveReviews(request)).length, { timeout: 20_000 }).toBe(10);
  console.log(`answers kept across ten instant reloads: ${(await liveReviews(request)).length} of 10`);
});

test('ten answers, each followed at once by closing the tab: all ten on the server', async ({ request }) => {
  // Ten tabs opened and closed in one test: 20–25 s on an idle machine, 42 s under a loaded one.
  test.setTimeout(120_000);
  // One review at a time on a device: the first tab leaves its review.
  await page.goto('/home');
  for (let i = 0; i < 10; i++) {
    const tab = await context.newPage();
    await tab.goto(`/decks/${deck.id}/review`);
    await expect(card(tab)).toBeVisible();
    await answerGoodThen(tab, 'close');
  }
  // The next start stores what the closed tabs left journaled.
  await page.goto(`/decks/${deck.id}/review`);
  await expect(card(page)).toBeVisible();
  await expect.poll(async () => (await liveReviews(request)).length, { timeout: 20_000 }).toBe(20);
  console.log(`answers kept across ten instant tab closes: ${(await liveReviews(request)).length - 10} of 10`);
});

test('a test answer, a reading grade and a writing answer, each followed at once by a reload', async ({ request }) => {
  // A test's first answer.
  await page.goto(`/decks/${deck.id}/test`);
  await expect(page.getByTestId('quiz-prompt')).toBeVisible();
  const typed = page.getByRole('textbox', { name: 'Your answer' });
  if (await typed.isVisible()) {
    await typed.fill('x');
    await typed.press('Enter');
  } else {
    await page.keyboard.press((await page.getByRole('button', { name: 'True', exact: true }).isVisible()) ? 't' : '1');
  }
  await page.reload();
  await expect
    .poll(async () => (await userQuery<{ answers: unknown[] }>(request, auth.idToken, 'queryUserTests')).map((t) => t.answers.length), { timeout: 20_000 })
    .toEqual([1]);

  // A reading grade.
  const readingEntry = deck.entryIds[30]!;
  await page.goto(`/decks/${deck.id}/entries/${readingEntry}/reading`);
  await expect(page.getByRole('button', { name: 'Show reading and meaning' })).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await page.reload();
  await expect.poll(async () => (await liveReviews(request)).some((r) => r.entryId === readingEntry && r.kind === 'reading'), { timeout: 20_000 }).toBe(true);

  // A writing answer in practice (recall of a writing card already started: the ㄱ of the deck).
  const writingEntry = deck.entryIds[0]!;
  const started = { id: uuidv7(), cardId: cardId(writingEntry, 'writing'), entryId: writingEntry, kind: 'writing', rating: 4, reviewedAt: Date.now() - 2 * 86_400_000, durationMs: 2000 };
  expect((await request.post('/api/trpc/saveUserReview', { data: started, headers: { authorization: `Bearer ${auth.idToken}` } })).ok()).toBe(true);
  await page.goto(`/decks/${deck.id}/entries/${writingEntry}/writing`);
  await waitForSync(page, auth.userId);
  await page.getByRole('tab', { name: 'Recall' }).click();
  await expect(page.getByTestId('ink')).toBeVisible();
  const strokes = strokesOf('ko-jamo', 'ㄱ');
  await writeAll(page, strokes.slice(0, -1));
  // The last stroke finishes the entry; the reload follows at once.
  const last = strokes[strokes.length - 1]!;
  await drawOnCanvas(page, last.median);
  await page.reload();
  await expect
    .poll(async () => (await liveReviews(request)).filter((r) => r.entryId === writingEntry && r.kind === 'writing').length, { timeout: 20_000 })
    .toBe(2);
});

test('a second tab says a review is open elsewhere, and can take it over', async () => {
  await page.goto(`/decks/${deck.id}/review`);
  await expect(card(page)).toBeVisible();
  const second = await context.newPage();
  await second.goto(`/decks/${deck.id}/review`);
  await expect(second.getByTestId('review-elsewhere')).toHaveAttribute('data-state', 'elsewhere');
  await second.getByRole('button', { name: 'Review here instead' }).click();
  await expect(card(second)).toBeVisible();
  // The first tab says where the review went, and answers nothing more.
  await expect(page.getByTestId('review-elsewhere')).toHaveAttribute('data-state', 'taken');
  await second.close();
  await page.getByRole('button', { name: 'Continue here' }).click();
  await expect(card(page)).toBeVisible();
});

test('an answer the device cannot store is said so, kept, and stored on Try again', async ({ request }) => {
  const before = (await liveReviews(request)).length;
  await expect(card(page)).toBeVisible();
  const shown = await card(page).getAttribute('data-card-id');
  // This device's storage refuses every write, as a full disk does.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    (window as unknown as { restorePut: () => void }).restorePut = () => (IDBObjectStore.prototype.put = put);
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByTestId('save-trouble')).toContainText('could not be saved on this device');
  await expect(card(page)).toHaveAttribute('data-card-id', shown ?? '');
  await page.evaluate(() => (window as unknown as { restorePut: () => void }).restorePut());
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('save-trouble')).toHaveCount(0);
  await expect(card(page)).not.toHaveAttribute('data-card-id', shown ?? '');
  await expect.poll(async () => (await liveReviews(request)).length, { timeout: 20_000 }).toBe(before + 1);
});
