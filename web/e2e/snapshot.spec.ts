// Page snapshots (web/src/app/snapshot): once a browsing page has settled, a copy is kept; the next
// start of that page in the same setting paints it before the app's code has run, inert, and the
// live page replaces it. The other specs run with snapshots off (global-setup.ts); these turn
// them on. The service worker is blocked so that page.route can hold the app's script back.
import { expect, test, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, waitForStarterSync } from './helpers';

test.use({ serviceWorkers: 'block' });

/** Paths of the kept snapshots. */
const keptPaths = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('pageSnapshots') ?? '[]') as { path: string }[]).map((s) => s.path));

/** Visits /decks with snapshots on until its snapshot is kept. */
async function keepDecks(page: Page): Promise<void> {
  await page.goto('/decks');
  await page.evaluate(() => localStorage.removeItem('pageSnapshotsOff'));
  await waitForStarterSync(page);
  await page.reload();
  await expect(page.getByRole('link', { name: KOREAN_DECK_TITLE })).toBeVisible();
  await expect.poll(() => keptPaths(page), { timeout: 15_000 }).toContain('/decks');
}

/** Waits until the start script has run (the saved styles are in place), the app's code held. */
async function started(page: Page): Promise<void> {
  await page.locator('style[data-emotion^="wi "]').waitFor({ state: 'attached' });
}

/** Holds the app's entry script until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((ok) => (release = ok));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a start paints the last visit’s page at once, inert, until the live page replaces it', async ({ page }) => {
  await keepDecks(page);
  const release = await holdApp(page);
  await page.goto('/decks', { waitUntil: 'commit' });

  // The app's code has not run: the copy is all there is.
  const cover = page.locator('#snapshot');
  await expect(cover).toBeVisible();
  await expect(cover.getByText(KOREAN_DECK_TITLE)).toBeVisible();
  await expect(cover).toHaveAttribute('aria-hidden', 'true');
  await expect(cover.locator('> div')).toHaveAttribute('inert', '');
  expect(await page.locator('#root').innerHTML()).toBe('');
  // Hidden from assistive technology, and a click on it goes nowhere.
  await expect(page.getByRole('link', { name: KOREAN_DECK_TITLE })).toHaveCount(0);
  await cover.getByText(KOREAN_DECK_TITLE).click({ force: true });
  await expect(page).toHaveURL(/\/decks$/);

  release();
  // The live page takes over: the copy is gone, the deck is a working link.
  await expect(cover).toHaveCount(0);
  const deck = page.getByRole('link', { name: KOREAN_DECK_TITLE });
  await expect(deck).toBeVisible();
  await expect(page.getByText(KOREAN_DECK_TITLE)).toHaveCount(1);
  await deck.click();
  await expect(page).toHaveURL(/\/decks\/[^/]+$/);
});

test('no snapshot is shown in another setting or for another page', async ({ page }) => {
  await keepDecks(page);
  // Another theme than the copy's.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  let release = await holdApp(page);
  await page.goto('/decks', { waitUntil: 'commit' });
  await started(page);
  await expect(page.locator('#snapshot')).toHaveCount(0);
  release();
  await expect(page.getByRole('link', { name: KOREAN_DECK_TITLE })).toBeVisible();

  // A page that was never kept.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  release = await holdApp(page);
  await page.goto('/settings', { waitUntil: 'commit' });
  await started(page);
  await expect(page.locator('#snapshot')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
