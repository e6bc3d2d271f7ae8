// (b) Every route of SPEC §2 renders inside its layout without the error page, with real ids from
// the server's starter content.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ERROR_HEADING, KOREAN_DECK_TITLE, collectPageErrors, query, type Row } from './helpers';

// No starter characters exist (jamo are composed), so the character route gets a well-formed id
// that matches nothing: the page must still render (its own "not found" state), not the error page.
const ABSENT_CHARACTER_ID = '01900000-0000-7000-8000-000000000000';

test('every route renders without the error page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const decks = await query(request, 'queryDecks', { offset: 0 });
  const deck = decks.find((d: Row) => d.title === KOREAN_DECK_TITLE && !d.deleted);
  expect(deck, 'the Korean starter deck').toBeDefined();
  const deckId = deck!.id;
  const entryId = deck!.entryIds![0]!;
  const characters = await query(request, 'queryCharacters', { offset: 0, limit: 1 });
  const characterId = characters[0]?.id ?? ABSENT_CHARACTER_ID;

  const routes = [
    '/',
    '/home',
    '/theme',
    '/signin',
    '/settings',
    '/cards',
    '/decks',
    '/entries',
    `/decks/${deckId}`,
    `/entries/${entryId}`,
    `/decks/${deckId}/test`,
    `/decks/${deckId}/review`,
    `/decks/${deckId}/entries/${entryId}`,
    `/decks/${deckId}/entries/${entryId}/reading`,
    `/decks/${deckId}/entries/${entryId}/writing`,
    '/admin',
    '/admin/ko',
    '/admin/ko/decks',
    '/admin/ko/entries',
    '/admin/ko/characters',
    `/admin/ko/decks/${deckId}`,
    `/admin/ko/entries/${entryId}`,
    `/admin/ko/characters/${characterId}`,
  ];

  const errors = collectPageErrors(page);
  // Sync once so the id routes find their rows locally.
  await page.goto('/decks');
  await expect(page.getByText(KOREAN_DECK_TITLE)).toBeVisible();

  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(route);
      // The page has rendered something of its own: a level-1 heading or the landing content.
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: ERROR_HEADING })).toHaveCount(0);
      await expect(page.getByText(/Page not found:|Page Not Found:/)).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(route);
    });
  }
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('the phone menu closes once a page is picked, the page already shown included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  const drawer = page.locator('#app-nav-drawer');
  await menu.click();
  await drawer.getByRole('link', { name: 'Decks' }).click();
  await expect(page).toHaveURL(/\/decks$/);
  await expect(drawer).toBeHidden();
  // The address changes at once; the page (a chunk of its own) renders when it is in, and only
  // then is the app on /decks: its link active, the path changed (which closes the drawer too).
  await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
  await menu.click();
  await expect(drawer.getByRole('link', { name: 'Decks' })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: 'Decks' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/decks$/);
});
