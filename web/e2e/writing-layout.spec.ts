// The canvas is whole on screen (issue 35): in a mixed review's writing card, the writing session
// and writing practice, at 1280×800 and 390×844, light and dark, en-US and he (right to left), as
// a guest (the guest notice shown): the canvas and the control that moves on (ready to trace,
// write from memory, Next, next character, write it again) lie inside the viewport with the page
// not scrolled, drawing a stroke leaves it unscrolled, and nothing is wider than the screen. The
// figures are printed. One page per size; the theme is switched in place, the locale by reload.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { composeSyllable } from '../src/characters/hangul';
import { cardId } from '../src/db/cardId';
import { drawOnCanvas, keepingOnly, KOREAN_DECK_TITLE, waitForStarterSync } from './helpers';
import { entryIds, localRows, strokesOf, wayOn, writeAll } from './learner';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const LOCALES = ['en-US', 'he'] as const;

// Korean alone on this device: a first sync of one language, not eight.
test.use({ storageState: keepingOnly(['ko']) });
/** A practice entry with a long title (two lines on a phone before) and seven characters. */
const LONG = '처음 뵙겠습니다';

interface Figures {
  canvasTop: number;
  canvasBottom: number;
  nextTop: number | null;
  nextBottom: number | null;
  next: string;
  viewport: number;
  scrollY: number;
  overflow: number;
}

/** Where the canvas and the visible way on are, with the page as it is (never scrolled here). */
function figures(page: Page): Promise<Figures> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="ink"]')!.getBoundingClientRect();
    const next = Array.from(document.querySelectorAll('[data-next-control]')).find((e) => e.getBoundingClientRect().height > 0);
    const n = next?.getBoundingClientRect();
    const root = document.documentElement;
    return {
      canvasTop: Math.round(canvas.top),
      canvasBottom: Math.round(canvas.bottom),
      nextTop: n ? Math.round(n.top) : null,
      nextBottom: n ? Math.round(n.bottom) : null,
      next: next?.textContent ?? '',
      viewport: innerHeight,
      scrollY,
      overflow: Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth,
    };
  });
}

/** Checks the canvas and the way on in light and dark, and prints the figures. */
async function check(page: Page, label: string, expectNext: string | RegExp | null): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const f = await figures(page);
    console.log(`${label} ${colorScheme}: canvas ${f.canvasTop}–${f.canvasBottom}, next "${f.next}" ${f.nextTop}–${f.nextBottom}, viewport ${f.viewport}, scrollY ${f.scrollY}`);
    const where = `${label} (${colorScheme}): ${JSON.stringify(f)}`;
    expect(f.scrollY, where).toBe(0);
    expect(f.canvasTop, where).toBeGreaterThanOrEqual(0);
    expect(f.canvasBottom, where).toBeLessThanOrEqual(f.viewport);
    expect(f.overflow, where).toBeLessThanOrEqual(0);
    if (expectNext !== null) {
      expect(f.next, where).toMatch(expectNext);
      expect(f.nextTop, where).toBeGreaterThanOrEqual(0);
      expect(f.nextBottom, where).toBeLessThanOrEqual(f.viewport);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Puts an entry's meaning and reading cards on this device as learnt days ago and not due, so a
 * mixed review opens with the entry's writing card, new (siblings are buried: a first session
 * holds no writing card otherwise). */
async function startedBefore(page: Page, entryId: string): Promise<void> {
  const ids = { meaning: cardId(entryId, 'meaning'), reading: cardId(entryId, 'reading') };
  await page.evaluate(
    ({ entryId, ids }) =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => fail(open.error ?? new Error('open'));
        open.onsuccess = () => {
          const tx = open.result.transaction('userCards', 'readwrite');
          const now = Date.now();
          for (const [kind, id] of Object.entries(ids)) {
            tx.objectStore('userCards').put({
              id, entryId, kind, due: now + 10 * 86_400_000, stability: 15, difficulty: 3, elapsedDays: 0, scheduledDays: 12,
              learningSteps: 0, reps: 1, lapses: 0, state: 2, lastReview: now - 2 * 86_400_000, updatedAt: 0, deleted: false,
            });
          }
          tx.oncomplete = () => {
            open.result.close();
            done();
          };
          tx.onerror = () => fail(tx.error ?? new Error('put'));
        };
      }),
    { entryId, ids },
  );
}

/** Draws a stroke (refused or not) and checks that the page did not scroll. */
async function drawUnscrolled(page: Page, points: readonly (readonly [number, number])[]): Promise<void> {
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await drawOnCanvas(page, points);
  await expect(page.getByTestId('writing-message')).not.toBeEmpty();
  expect(await page.evaluate(() => scrollY)).toBe(0);
}

/** A new writing card on screen (review or session): watched, traced (a stroke refused first),
 * written from memory, each way on checked. */
async function teachCard(page: Page, label: string, texts: ReadonlyMap<string, string>): Promise<void> {
  await expect(page.getByTestId('ink')).toBeVisible();
  const entryId = (await page.locator('[data-entry-id]').getAttribute('data-entry-id')) ?? '';
  const strokes = strokesOf('ko-jamo', texts.get(entryId) ?? '');
  await check(page, `${label}, watching`, /ready to trace|להעתקה/);
  await wayOn(page, /ready to trace|להעתקה/).click();
  await drawUnscrolled(page, [[80, 960], [300, 970]]);
  await writeAll(page, strokes, { scroll: false });
  await check(page, `${label}, traced`, /from memory|מהזיכרון/);
  await wayOn(page, /from memory|מהזיכרון/).click();
  await writeAll(page, strokes, { scroll: false });
  await expect(page.getByTestId('writing-next')).toBeEnabled();
  await check(page, `${label}, written`, /^(Next|הבא)$/);
}

for (const size of SIZES) {
  test(`the canvas and the way on fit ${size.width}×${size.height} on the three writing surfaces`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/home');
    await waitForStarterSync(page);
    const entries = await localRows<{ id: string; text: string }>(page, 'entries');
    const texts = new Map(entries.map((e) => [e.id, e.text]));
    const jamoDeck = (await localRows<{ id: string; title: string; entryIds: string[] }>(page, 'decks')).find((d) => d.title === KOREAN_DECK_TITLE)!;
    const long = await entryIds(page, 'ko', LONG);
    const jamo = (j: string) => strokesOf('ko-jamo', j);
    const first = composeSyllable(LONG[0]!, jamo) ?? [];
    for (const locale of LOCALES) {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const tag = `${size.width}×${size.height} ${locale}`;

      // 1. A writing card within a mixed review: its entry's meaning and reading cards learnt
      // before, so the review opens with it. Each locale takes two entries: this one, and the
      // next, whose writing card the writing session then teaches.
      await startedBefore(page, jamoDeck.entryIds[2 * LOCALES.indexOf(locale)]!);
      await page.goto(`/decks/${jamoDeck.id}/review`);
      await expect(page.locator('[data-revealed]')).toHaveCount(1);
      for (let i = 0; i < 12 && (await page.locator('[data-entry-id]').count()) === 0; i++) {
        await page.keyboard.press('Space');
        await expect(page.getByTestId('card-back')).toBeVisible();
        await page.keyboard.press('3');
        await expect(page.locator('[data-revealed="false"]')).toHaveCount(1);
      }
      await teachCard(page, `review ${tag}`, texts);

      // 2. The writing session.
      await page.goto(`/decks/${jamoDeck.id}/review?cards=writing`);
      await teachCard(page, `session ${tag}`, texts);

      // 3. Practice (guided) of the long entry: its first syllable traced, then the next one.
      await page.goto(`/decks/${long.deckId}/entries/${long.entryId}/writing`);
      await expect(page.getByTestId('ink')).toBeVisible();
      await check(page, `practice ${tag}, tracing`, null);
      await drawUnscrolled(page, [[80, 960], [300, 970]]);
      await writeAll(page, first, { scroll: false });
      await check(page, `practice ${tag}, a character traced`, /Next character|לתו הבא/);
    }
  });
}
