// One teacher (issue 35), judged by the server and by every page's figures:
// - a learner studies, reloads mid-session (the counter reads the same), undoes an answer;
//   siblings are not shown on the same day;
// - a 20-question test with the switch off changes nothing on the server (no card started, no
//   review), its answers kept as the test's own history; with it on, only cards already started
//   get a review, and the switch is remembered for the deck's next test;
// - then Home, the deck page, its statistics, the cards list and its statistics show the same
//   figures for the same scope, equal to those computed here from the server's rows.
// The tests run in order on one signed-in device that keeps Korean alone (one first sync, no
// language downloaded per test).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { cardId } from '../src/db/cardId';
import { keepingOnly, KOREAN_DECK_TITLE, query, type Row } from './helpers';
import { card, deckId, openSignedIn, signUp, userQuery, waitForSync, type Auth } from './learner';

interface ServerCard {
  id: string;
  entryId: string;
  due: number;
  state: number;
  lastReview: number | null;
  deleted: boolean;
}
interface ServerReview {
  id: string;
  cardId: string;
  entryId: string;
  reviewedAt: number;
  deleted: boolean;
}
interface ServerTest {
  id: string;
  deckId: string;
  rescheduled: boolean;
  finishedAt: number | null;
  answers: { entryId: string; verdict: string; reviewId: string | null }[];
  deleted: boolean;
}

const LEARNING = 1;
const REVIEW = 2;
const RELEARNING = 3;

/** The figures of a scope computed from the server's rows, by the plain definitions (not the app's
 * module): what every page must show. */
function fromServer(cards: ServerCard[], reviews: ServerReview[], now: number) {
  const live = cards.filter((c) => !c.deleted && c.lastReview !== null);
  const d = new Date(now);
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const endOfDay = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  const steps = (c: ServerCard) => c.state === LEARNING || c.state === RELEARNING;
  return {
    learning: live.filter((c) => c.state === LEARNING).length,
    relearning: live.filter((c) => c.state === RELEARNING).length,
    review: live.filter((c) => c.state === REVIEW).length,
    started: live.length,
    dueNow: live.filter((c) => (steps(c) ? c.due <= now : c.due < endOfDay)).length,
    laterToday: live.filter((c) => steps(c) && c.due > now && c.due < endOfDay).length,
    reviewsToday: reviews.filter((r) => !r.deleted && r.reviewedAt >= midnight && r.reviewedAt < endOfDay).length,
  };
}

/** Every figure block on the page, by kind and scope, as numbers. */
async function pageFigures(page: Page): Promise<Record<string, Record<string, number>>> {
  return page.evaluate(() => {
    const out: Record<string, Record<string, number>> = {};
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-figures]'))) {
      const { figures, scope, testid, ...values } = el.dataset;
      void testid;
      const numbers: Record<string, number> = {};
      for (const [k, v] of Object.entries(values)) numbers[k] = Number(v);
      out[`${figures}@${scope}`] = { ...out[`${figures}@${scope}`], ...numbers };
    }
    return out;
  });
}

async function follow(request: APIRequestContext, auth: Auth, deck: string): Promise<void> {
  const res = await request.post('/api/trpc/saveUserDeck', { data: { deckId: deck }, headers: { authorization: `Bearer ${auth.idToken}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

const progress = (page: Page) => page.getByTestId('study-progress');

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let auth: Auth;
let deck: Row & { entryIds: string[] };

test.beforeAll(async ({ browser, request, baseURL }) => {
  deck = await deckId(request, KOREAN_DECK_TITLE);
  auth = await signUp(request);
  await follow(request, auth, deck.id);
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: keepingOnly(['ko']) });
  page = await context.newPage();
  await openSignedIn(page, auth, '/decks');
  await waitForSync(page, auth.userId);
});

test.afterAll(async () => {
  await context.close();
});

test('a session keeps its counter through a reload, and an undo reaches the server', async ({ request }) => {
  await page.goto(`/decks/${deck.id}/review`);
  // Good on four new cards: each goes to its 10-minute step, shown apart from the total.
  const answer = async () => {
    const shown = await card(page).getAttribute('data-card-id');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('card-back')).toBeVisible();
    await page.keyboard.press('3');
    await expect(card(page)).not.toHaveAttribute('data-card-id', shown ?? '');
  };
  for (let i = 0; i < 4; i++) await answer();
  await expect(progress(page)).toHaveText('4 of 20 done · 4 cards in learning steps');
  // A reload in the middle: the day's counter reads the same.
  await page.reload();
  await expect(card(page)).toBeVisible();
  await expect(progress(page)).toHaveText('4 of 20 done · 4 cards in learning steps');
  await answer();
  await answer();
  // Undo the last answer: the server must end without it.
  await page.keyboard.press('u');
  await expect(page.getByText('Last rating undone')).toBeVisible();
  await expect(progress(page)).toHaveText('5 of 20 done · 5 cards in learning steps');

  await expect
    .poll(async () => (await userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted).length, { timeout: 20_000 })
    .toBe(5);
  // Siblings apart: the five answers are of five entries.
  const reviews = (await userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted);
  expect(new Set(reviews.map((r) => r.entryId)).size).toBe(5);
});

/** Answers the test on screen to its end, or until `enough` says so of the letters asked so far;
 * right when `right(i)` says so (the deck teaches sounds: `readings` by letter). Returns the
 * questions answered. */
async function answerTest(page: Page, readings: Map<string, string>, right: (i: number) => boolean, enough: (asked: string[]) => boolean = () => false): Promise<number> {
  let asked = 0;
  const letters: string[] = [];
  await expect(page.getByText('Question 1 of')).toBeVisible();
  for (;;) {
    // The question as shown, read at once.
    const q = await page.evaluate(() => ({
      prompt: document.querySelector('[data-testid="quiz-prompt"]')?.textContent?.trim() ?? '',
      heading: document.querySelector('#quiz-question')?.textContent ?? '',
      options: Array.from(document.querySelectorAll('[role="group"][aria-label="Answers"] button')).map((b) => (b.textContent ?? '').replace(/^\d+\.\s*/, '')),
    }));
    const sound = readings.get(q.prompt);
    expect(sound, q.prompt).toBeDefined();
    const good = right(asked);
    if (q.heading.startsWith('Choose')) {
      const at = q.options.indexOf(sound!);
      expect(at, `${q.prompt}: ${q.options.join(' | ')}`).toBeGreaterThanOrEqual(0);
      await page.keyboard.press(String(good ? at + 1 : ((at + 1) % q.options.length) + 1));
    } else if (q.heading.startsWith('Type')) {
      await page.getByLabel('Your answer').fill(good ? sound! : 'zzz');
      await page.getByLabel('Your answer').press('Enter');
    } else {
      const claimed = /“(.*)”/.exec(q.heading)?.[1];
      await page.keyboard.press((claimed === sound) === good ? 't' : 'f');
    }
    await expect(page.getByTestId('quiz-feedback')).toBeVisible();
    asked++;
    letters.push(q.prompt);
    if (enough(letters)) return asked;
    // Enter goes on (in the typed answer's field, or on the focused Next button).
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Question ${asked + 1} of`).or(page.getByTestId('quiz-score'))).toBeVisible();
    if (await page.getByTestId('quiz-score').isVisible()) return asked;
    expect(asked).toBeLessThan(20);
  }
}

/** What the test with the switch off leaves to the next one. */
const shared: { started: string[]; readings: Map<string, string>; before: { cards: ServerCard[]; reviews: ServerReview[] } } = { started: [], readings: new Map(), before: { cards: [], reviews: [] } };

test('a 20-question test with the switch off changes nothing on the server; its answers are kept', async ({ request }) => {
  const entries = (await query(request, 'queryEntries', { offset: 0, limit: 5000 })) as (Row & { text: string; reading: string })[];
  const readings = new Map(entries.filter((e) => deck.entryIds.includes(e.id)).map((e) => [e.text, e.reading]));
  // Twenty reading cards started two days ago (Easy: in review, not due today).
  const started = deck.entryIds.slice(0, 20);
  await Promise.all(
    started.map(async (entryId) => {
      const review = { id: uuidv7(), cardId: cardId(entryId, 'reading'), entryId, kind: 'reading', rating: 4, reviewedAt: Date.now() - 2 * 86_400_000, durationMs: 2000 };
      const res = await request.post('/api/trpc/saveUserReview', { data: review, headers: { authorization: `Bearer ${auth.idToken}` } });
      expect(res.ok(), await res.text()).toBe(true);
    }),
  );
  const before = {
    cards: await userQuery<ServerCard>(request, auth.idToken, 'queryUserCards'),
    reviews: await userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews'),
  };
  // The device syncs them, then opens the test.
  await page.goto(`/decks/${deck.id}`);
  await expect(page.locator(`[data-figures="cards"][data-scope="deck:${deck.id}"]`)).toHaveAttribute('data-review', '20');
  await page.goto(`/decks/${deck.id}/test`);
  await expect(page.getByTestId('quiz-prompt')).toBeVisible();

  // Off by default: every other answer wrong, and nothing reaches the schedule.
  await expect(page.getByTestId('test-counts').locator('input')).not.toBeChecked();
  expect(await answerTest(page, readings, (i) => i % 2 === 0)).toBe(20);
  await expect.poll(async () => (await userQuery<ServerTest>(request, auth.idToken, 'queryUserTests')).length, { timeout: 20_000 }).toBe(1);
  const afterOff = {
    cards: await userQuery<ServerCard>(request, auth.idToken, 'queryUserCards'),
    reviews: await userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews'),
  };
  const startedByTest = afterOff.cards.length - before.cards.length;
  const reviewsByTest = afterOff.reviews.length - before.reviews.length;
  console.log(`a 20-question test with the switch off: ${startedByTest} cards started, ${reviewsByTest} reviews recorded`);
  expect([startedByTest, reviewsByTest]).toEqual([0, 0]);
  expect(afterOff.cards).toEqual(before.cards);
  const [offTest] = await userQuery<ServerTest>(request, auth.idToken, 'queryUserTests');
  expect(offTest).toMatchObject({ deckId: deck.id, rescheduled: false, deleted: false });
  expect(offTest!.finishedAt).not.toBeNull();
  expect(offTest!.answers).toHaveLength(20);
  expect(offTest!.answers.filter((a) => a.verdict === 'correct')).toHaveLength(10);
  expect(offTest!.answers.every((a) => a.reviewId === null)).toBe(true);
  // The test's history is on the results page.
  await expect(page.getByTestId('quiz-history').getByRole('listitem')).toHaveCount(1);
  shared.started = started;
  shared.readings = readings;
  shared.before = before;
});

test('with the switch on, only cards already started get a review, and the switch is remembered', async ({ request }) => {
  const { started, readings, before } = shared;
  const entries = (await query(request, 'queryEntries', { offset: 0, limit: 5000 })) as (Row & { text: string; reading: string })[];

  // On: answers right until two letters of started cards and two of others were asked; only the
  // started ones get a review, and no card is started. The test is left there: it is kept as far
  // as it went, unfinished.
  await page.getByRole('button', { name: 'Take another test' }).click();
  await page.getByTestId('test-counts').click();
  await expect(page.getByTestId('test-counts-help')).toContainText('Cards you have not started stay new');
  const startedText = new Set(entries.filter((e) => started.includes(e.id)).map((e) => e.text));
  const enough = (asked: string[]) => asked.filter((t) => startedText.has(t)).length >= 2 && asked.filter((t) => !startedText.has(t)).length >= 2;
  const askedOn = await answerTest(page, readings, () => true, enough);
  await expect
    .poll(async () => (await userQuery<ServerTest>(request, auth.idToken, 'queryUserTests')).find((t) => t.rescheduled)?.answers.length, { timeout: 20_000 })
    .toBe(askedOn);
  const onTest = (await userQuery<ServerTest>(request, auth.idToken, 'queryUserTests')).find((t) => t.rescheduled)!;
  expect(onTest.finishedAt).toBeNull();
  const counted = onTest.answers.filter((a) => a.reviewId !== null);
  const askedStarted = onTest.answers.filter((a) => started.includes(a.entryId));
  expect(askedStarted.length).toBeGreaterThanOrEqual(2);
  expect(counted.map((a) => a.entryId).sort()).toEqual(askedStarted.map((a) => a.entryId).sort());
  await expect
    .poll(async () => (await userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews')).length, { timeout: 20_000 })
    .toBe(before.reviews.length + counted.length);
  const afterOn = await userQuery<ServerCard>(request, auth.idToken, 'queryUserCards');
  expect(afterOn.map((c) => c.id).sort()).toEqual(before.cards.map((c) => c.id).sort());
  // Remembered for the deck: the next test starts with the switch on.
  await page.reload();
  await expect(page.getByTestId('quiz-prompt')).toBeVisible();
  await expect(page.getByTestId('test-counts').locator('input')).toBeChecked();
});

test('Home, the deck, the cards list and both statistics show the server’s figures for their scope', async ({ request }) => {
  const [cards, reviews] = await Promise.all([
    userQuery<ServerCard>(request, auth.idToken, 'queryUserCards'),
    userQuery<ServerReview>(request, auth.idToken, 'queryUserReviews'),
  ]);
  const now = Date.now();
  const want = fromServer(cards, reviews, now);
  // The session's five meaning cards in their steps, the twenty reading cards learnt before; the
  // answers of today: the session's and the test's that counted.
  expect(want).toMatchObject({ started: 25, learning: 5, review: 20 });
  expect(want.reviewsToday).toBeGreaterThan(5);

  const deckScope = `deck:${deck.id}`;
  const seen: { page: string; figures: Record<string, Record<string, number>> }[] = [];
  const visit = async (path: string, name: string, tab?: string) => {
    await page.goto(path);
    await expect(page.locator('[data-figures]').first()).toBeVisible();
    if (tab) {
      const tabs = page.getByRole('tab', { name: tab });
      await expect(async () => {
        await tabs.click();
        await expect(tabs).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
      }).toPass();
      await expect(page.getByTestId('stats').locator('[data-figures]')).toBeVisible();
    }
    seen.push({ page: name, figures: await pageFigures(page) });
  };
  await visit('/home', 'home');
  await expect(page.getByTestId('home-reviews-today')).toHaveAttribute('data-reviews-today', String(want.reviewsToday));
  await visit(`/decks/${deck.id}`, 'deck');
  await visit(`/decks/${deck.id}`, 'deck statistics', 'Statistics');
  await visit('/cards', 'cards');
  await visit('/cards', 'cards statistics', 'Statistics');

  // Every page's figures, scope by scope, equal the server's (the Korean scope holds this deck
  // alone, so it reads the same numbers).
  const expected: Record<string, number> = {
    dueNow: want.dueNow,
    laterToday: want.laterToday,
    reviewsToday: want.reviewsToday,
    learning: want.learning,
    relearning: want.relearning,
    review: want.review,
    started: want.started,
    notStarted: deck.entryIds.length * 3 - want.started,
  };
  let compared = 0;
  const differ: string[] = [];
  for (const { page: name, figures } of seen) {
    for (const [key, values] of Object.entries(figures)) {
      expect([deckScope, 'language:ko'], `${name}: ${key}`).toContain(key.split('@')[1]);
      for (const [figure, value] of Object.entries(values)) {
        if (figure === 'newToday') continue;
        compared++;
        if (expected[figure] !== value) differ.push(`${name} ${key} ${figure}: ${value}, server ${expected[figure]}`);
      }
    }
  }
  // New today: the same on every page (the server holds no queue: 20 a day, five started today).
  const newToday = seen.flatMap(({ figures }) => Object.values(figures).map((v) => v.newToday)).filter((v) => v !== undefined);
  expect(new Set(newToday)).toEqual(new Set([15]));
  console.log(`figures: ${seen.length} pages, ${compared} figures compared with the server's rows, ${differ.length} differ`);
  expect(differ).toEqual([]);
  expect(seen.map((s) => s.page)).toEqual(['home', 'deck', 'deck statistics', 'cards', 'cards statistics']);
});
