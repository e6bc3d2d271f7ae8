// Teach, then test (issue 35): a new learner's first writing card of a character is watched (the
// stroke order animated), traced over the outline stroke by stroke (a refused stroke told and not
// counted), then written from memory; the server then holds exactly one writing review of that
// card, with the memory stage's score and rating (read back through the API, not from the page).
// A character failed from memory is traced once more before Next. One signed-in device for both.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { cardId } from '../src/db/cardId';
import { writingRating, writingScore, EMPTY_TALLY } from '../src/features/writing/grading';
import { drawOnCanvas, KOREAN_DECK_TITLE } from './helpers';
import { card, deckId, localRows, openSignedIn, signUp, strokesOf, userQuery, waitForSync, wayOn, writeAll, type Auth } from './learner';

interface StoredReview {
  cardId: string;
  entryId: string;
  kind: string;
  rating: number;
  score?: number;
  deleted: boolean;
}

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let auth: Auth;
let texts: Map<string, string>;

test.beforeAll(async ({ browser, request, baseURL }) => {
  test.setTimeout(60_000);
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: process.env.WRITEIT_E2E_STORAGE });
  page = await context.newPage();
  auth = await signUp(request);
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
  texts = new Map((await localRows<{ id: string; text: string }>(page, 'entries')).map((e) => [e.id, e.text]));
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await page.goto(`/decks/${deck.id}/review?cards=writing`);
  await expect(card(page)).toBeVisible();
});

test.afterAll(async () => {
  await context.close();
});

/** The card on screen: its entry and the strokes of its jamo. */
async function current(): Promise<{ entryId: string; strokes: ReturnType<typeof strokesOf> }> {
  const entryId = (await card(page).getAttribute('data-entry-id')) ?? '';
  return { entryId, strokes: strokesOf('ko-jamo', texts.get(entryId) ?? '') };
}

async function liveReviews(request: APIRequestContext): Promise<StoredReview[]> {
  return (await userQuery<StoredReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted);
}

const message = () => page.getByTestId('writing-message');
const ink = () => page.getByRole('group', { name: /Writing area/ });

test('a first writing card is watched, traced, then written from memory; one review, the memory score', async ({ request }) => {
  const { entryId, strokes } = await current();
  // Watch: the new card shows the model with its stroke order animated; drawing does nothing.
  await expect(card(page).getByText('New', { exact: true })).toBeVisible();
  await expect(message()).toHaveText('Watch how it is written, stroke by stroke. Then trace it.');
  await expect(page.getByTestId('writing-stages').locator('[aria-current="step"]')).toHaveText(/Watch/);
  expect(Number(await ink().getAttribute('data-animation-ms'))).toBeGreaterThan(0);
  await drawOnCanvas(page, strokes[0]!.median);
  await expect(ink()).toHaveAttribute('data-strokes-done', '0');
  await page.getByRole('button', { name: 'Watch again' }).click();

  // Trace: stroke by stroke over the outline; a refused stroke is told and not counted.
  await wayOn(page, "I'm ready to trace").click();
  await expect(message()).toHaveText(`Trace stroke 1 of ${strokes.length} over the outline.`);
  await drawOnCanvas(page, [[100, 950], [300, 960]]);
  await expect(message()).toHaveText(/Not quite|later stroke|backwards/);
  await expect(ink()).toHaveAttribute('data-strokes-done', '0');
  await writeAll(page, strokes, { scroll: false });
  await expect(message()).toHaveText('Traced. Now write it from memory, on an empty grid.');
  // Nothing is recorded while learning.
  await expect(page.getByTestId('writing-next')).toHaveCount(0);

  // From memory, on an empty grid: the first stroke backwards once (corrected), then all right.
  await wayOn(page, 'Write it from memory').click();
  await expect(ink()).toHaveAttribute('data-strokes-done', '0');
  await expect(page.getByTestId('ink-overlay')).toHaveCount(0);
  await expect(message()).toHaveText(`From memory: write stroke 1 of ${strokes.length}.`);
  await drawOnCanvas(page, [...strokes[0]!.median].reverse());
  await expect(message()).toHaveText('Right stroke, but drawn backwards. Start from the other end.');
  await writeAll(page, strokes, { scroll: false });
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
  await expect(page.getByTestId('stroke-outcomes')).toHaveText('Stroke 1 corrected.');
  await expect(page.getByTestId('ink-overlay')).toHaveAttribute('data-wrong', '');
  // The one figure: the memory stage's alone (the refused trace costs nothing).
  const tally = { ...EMPTY_TALLY, freeScores: [], strokes: strokes.length, backwards: 1 };
  const score = writingScore(tally);
  await expect(page.getByTestId('character-score')).toHaveAttribute('data-score', String(Math.round(score * 100)));
  await expect(page.getByTestId('writing-result')).toHaveCount(0);
  await page.getByTestId('writing-next').click();

  // The server: exactly one writing review of that card, with the memory stage's grade.
  await expect.poll(async () => (await liveReviews(request)).length, { timeout: 15_000 }).toBe(1);
  const [review] = await liveReviews(request);
  expect(review).toMatchObject({ cardId: cardId(entryId, 'writing'), entryId, kind: 'writing', score, rating: writingRating(tally) });
});

test('a character failed from memory is traced once more before Next', async ({ request }) => {
  await expect(card(page).getByText('New', { exact: true })).toBeVisible();
  const { entryId, strokes } = await current();
  await wayOn(page, "I'm ready to trace").click();
  await writeAll(page, strokes, { scroll: false });
  await wayOn(page, 'Write it from memory').click();
  // Three misses on each stroke show it whole; then it is written: shown, so wrong.
  for (const [i, s] of strokes.entries()) {
    for (let k = 0; k < 3; k++) await drawOnCanvas(page, [[60, 960], [160, 980]]);
    await expect(page.locator(`[data-hint="${i}"]`)).toHaveCount(1);
    await drawOnCanvas(page, s.median);
    await expect(ink()).toHaveAttribute('data-strokes-done', String(i + 1));
  }
  await expect(page.getByTestId('character-score')).toHaveAttribute('data-rating', '1');
  await expect(page.getByTestId('ink-overlay')).toHaveAttribute('data-wrong', strokes.map((_, i) => i).join(','));
  // Not remembered: traced once more before the way on to the next card.
  await expect(message()).toHaveText('Not remembered yet: trace it once more before going on.');
  await expect(page.getByTestId('writing-next')).toHaveCount(0);
  await wayOn(page, 'Trace it once more').click();
  await expect(page.getByTestId('writing-stages').locator('[aria-current="step"]')).toHaveText(/Trace once more/);
  await writeAll(page, strokes, { scroll: false });
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
  await page.getByTestId('writing-next').click();
  await expect(card(page).and(page.locator(`:not([data-entry-id="${entryId}"])`))).toBeVisible();

  // The memory stage's grade is the one recorded: Again, score 0 (the retrace is not graded).
  await expect.poll(async () => (await liveReviews(request)).length, { timeout: 15_000 }).toBe(2);
  const review = (await liveReviews(request)).find((r) => r.entryId === entryId);
  expect(review).toMatchObject({ kind: 'writing', rating: 1, score: 0 });
});
