// (a) A first visit syncs the public starter content into IndexedDB and the decks page lists it.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { KOREAN_DECK_TITLE, collectPageErrors, localCounts, waitForStarterSync } from './helpers';

test('a first visit syncs the starter content', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/decks');
  await expect(page.getByText(KOREAN_DECK_TITLE)).toBeVisible();
  await waitForStarterSync(page);

  const counts = await localCounts(page);
  // SPEC §3: ten tables keyed by id.
  for (const table of ['characters', 'decks', 'entries', 'languages', 'userCards', 'userDecks', 'userEntries', 'userReviews', 'userParameters', 'userTests']) {
    expect(counts, `table ${table}`).toHaveProperty(table);
  }
  expect(counts.languages).toBe(8);
  expect(counts.decks).toBeGreaterThan(0);
  expect(counts.entries).toBeGreaterThan(0);
  // Public data only: a guest has no user rows.
  expect(counts.userCards).toBe(0);
  // SPEC §4: the sync marker is stored.
  const lastSync = await page.evaluate(() => localStorage.getItem('lastSync'));
  expect(Number(lastSync)).toBeGreaterThan(0);
  // The public tables came through the sync worker (db/workerPull.ts), not the main thread's
  // fallback.
  expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/\/assets\/pull\.worker-[\w-]+\.js$/));
  expect(errors).toEqual([]);
});
