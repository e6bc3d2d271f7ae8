// The study pages against a real server with the starter content: the lists search and filter by
// language, the deck page adds the deck to my decks and shows progress, and the entry page lists
// the characters of its text with their stroke counts.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, collectPageErrors, query, waitForStarterSync, type Row } from './helpers';

const VOCABULARY = 'Beginner vocabulary';

/** Picks a language (by its visible name) in the list's language filter. */
async function pickLanguage(page: Page, name: RegExp) {
  await page.getByRole('combobox', { name: 'Language' }).last().click();
  await page.getByRole('option', { name }).click();
}

test('the lists search and filter by language', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/entries');
  await waitForStarterSync(page);
  const list = page.getByRole('list', { name: 'Entries' });
  // Korean first (the default language).
  await expect(list.getByRole('link').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search entries' }).fill('thank you');
  await expect(list.getByRole('link', { name: /감사합니다/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /谢谢/ })).toHaveCount(0);
  // Every language: the Chinese "thank you" too.
  await pickLanguage(page, /^All languages$/);
  await expect(list.getByRole('link', { name: /감사합니다/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /谢谢/ })).toBeVisible();
  // Chinese only.
  await pickLanguage(page, /^Chinese/);
  await expect(list.getByRole('link', { name: /谢谢/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /감사합니다/ })).toHaveCount(0);

  await page.goto('/decks');
  const decks = page.getByRole('list', { name: 'Decks' });
  await expect(decks.getByRole('link', { name: new RegExp(KOREAN_DECK_TITLE.replace(/[()]/g, '\\$&')) })).toBeVisible();
  await pickLanguage(page, /^All languages$/);
  await page.getByRole('searchbox', { name: 'Search decks' }).fill('alphabet');
  // The alphabets of ar, el, en, he, ru, and the Hangul deck ("the Korean alphabet").
  await expect.poll(async () => decks.getByRole('link').count()).toBeGreaterThanOrEqual(6);
  await page.getByRole('searchbox', { name: 'Search decks' }).fill('hiragana');
  await expect(decks.getByRole('link')).toHaveCount(1);
  // Korean only: no hiragana deck.
  await pickLanguage(page, /^Korean/);
  await expect(page.getByText('No decks match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search decks' }).fill('no such deck anywhere');
  await expect(page.getByText('No decks match your search.')).toBeVisible();
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('the deck page adds the deck to my decks and shows progress', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const deck = (await query(request, 'queryDecks', { offset: 0 })).find((d: Row) => d.title === VOCABULARY && d.languageCode === 'ko');
  expect(deck, 'the Korean vocabulary deck').toBeDefined();
  await page.goto('/decks');
  await waitForStarterSync(page);
  await page.goto(`/decks/${deck!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: VOCABULARY })).toBeVisible();
  const count = deck!.entryIds!.length;
  await expect(page.getByTestId('deck-started')).toHaveText(`0 of ${count} entries started`);
  // Today's figures, those of /home and of the session Review opens: the day's new cards.
  const today = page.locator(`[data-figures="today"][data-scope="deck:${deck!.id}"]`);
  // One new card per entry a day (siblings buried), within the day's 20.
  await expect(today).toHaveAttribute('data-new-today', String(Math.min(20, count)));
  await expect(today).toHaveAttribute('data-due-now', '0');
  await expect(today).toHaveAttribute('data-later-today', '0');
  await expect(page.getByRole('link', { name: 'Review' })).toHaveAttribute('href', `/decks/${deck!.id}/review`);
  await expect(page.getByRole('link', { name: 'Test' })).toHaveAttribute('href', `/decks/${deck!.id}/test`);

  await page.getByRole('button', { name: 'Add to my decks' }).click();
  await expect(page.getByRole('button', { name: 'Remove from my decks' })).toBeVisible();
  const saved = await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('userDecks').objectStore('userDecks').get(id);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
        };
      }),
    deck!.id,
  );
  expect(saved).toMatchObject({ deckId: deck!.id, deleted: false, desiredRetention: 0.9, newPerDay: 20 });

  // Leaving an entry out: one user entry, and the progress counts it.
  const first = page.getByRole('list', { name: 'Entries' }).getByRole('switch').first();
  await first.click();
  await expect(page.getByText('1 entry left out')).toBeVisible();
  await first.click();
  await expect(page.getByText('1 entry left out')).toHaveCount(0);

  // Statistics: the desired retention of my deck, with its workload estimate.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByTestId('heatmap')).toBeVisible();
  await expect(page.getByTestId('desired-retention')).toHaveText('90%');
  await expect(page.getByTestId('workload')).toContainText('reviews a day');

  // On /home, the deck is among my decks.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: 'My decks' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Decks' }).getByRole('link', { name: new RegExp(VOCABULARY) })).toBeVisible();
  await expect(page.getByTestId('home-streak')).toHaveText('0 days');

  // Removing it again.
  await page.goto(`/decks/${deck!.id}`);
  await page.getByRole('button', { name: 'Remove from my decks' }).click();
  await expect(page.getByRole('button', { name: 'Add to my decks' })).toBeVisible();
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('the entry page shows the characters with their stroke counts', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const entries = await query<(Row & { text: string })[]>(request, 'queryEntries', { offset: 0 });
  const hello = entries.find((e) => e.text === '안녕하세요' && !e.deleted);
  expect(hello, 'the starter entry 안녕하세요').toBeDefined();
  await page.goto('/decks');
  await waitForStarterSync(page);
  await page.goto(`/entries/${hello!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '안녕하세요' })).toBeVisible();
  const chars = page.getByTestId('entry-character');
  await expect(chars).toHaveCount(5);
  await expect(chars.first()).toContainText('안');
  // Syllables are composed from the stored jamo: ㅇ (1) + ㅏ (2) + ㄴ (1).
  for (let i = 0; i < 5; i++) await expect(chars.nth(i).getByTestId('stroke-count')).toHaveText(/^\d+ strokes?$/);
  await expect(chars.first().getByTestId('stroke-count')).toHaveText('4 strokes');
  // No recording and no voice in this Chromium: the one notice, not a Listen that cannot work
  // (e2e/extras.spec.ts plays a recording); and practice links through a deck holding the entry.
  await expect(page.getByTestId('no-voice')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Listen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Practise writing' })).toHaveAttribute('href', /\/decks\/[^/]+\/entries\/[^/]+\/writing$/);
  // Enable/disable: a switch saved as a user entry.
  const toggle = page.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Left out of reviews and tests')).toBeVisible();
  await toggle.click();
  await expect(page.getByText('Studied in reviews and tests')).toBeVisible();
  expect(errors.map((e) => e.message)).toEqual([]);
});
