// Writing practice end to end (issue 7): synthetic pointer strokes along each character's medians
// write a Hangul syllable (composed from jamo), a kanji, a Latin and an Arabic letter to the end;
// three wrong strokes bring up the stroke, which the finished character then marks as shown (the
// one kind of wrong stroke, issue 35).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { composeSyllable } from '../src/characters/hangul';
import { drawOnCanvas, waitForFullSync } from './helpers';
import { entryIds, strokesOf, writeAll } from './learner';

async function open(page: Page, languageCode: string, text: string) {
  const { deckId, entryId } = await entryIds(page, languageCode, text);
  await page.goto(`/decks/${deckId}/entries/${entryId}/writing`);
  await expect(page.getByRole('group', { name: /Writing area, character 1 of/ })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await waitForFullSync(page);
});

test('writes a Hangul syllable composed from its jamo', async ({ page }) => {
  await open(page, 'ko', '나');
  const jamo = (j: string) => strokesOf('ko-jamo', j);
  const strokes = composeSyllable('나', jamo);
  expect(strokes?.length).toBe(3);
  await writeAll(page, strokes ?? []);
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
  await expect(page.getByText(/Score 100%/)).toBeVisible();
});

test('writes a kanji, and shows the stroke after three misses', async ({ page }) => {
  await open(page, 'ja', '二');
  const strokes = strokesOf('ja-starter', '二');
  // A vertical line is neither of 二's strokes.
  for (let i = 0; i < 3; i++) {
    await drawOnCanvas(page, [[512, 150], [512, 500], [512, 880]]);
    await expect(page.getByText(/Not quite|later stroke|backwards/)).toBeVisible();
  }
  await expect(page.locator('[data-hint="0"]')).toHaveCount(1);
  await writeAll(page, strokes);
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
  // One figure, once: 1 − (1 shown + 3 × 0.4 refused) ÷ 2 strokes, at least 0.
  await expect(page.getByTestId('character-score')).toHaveAttribute('data-score', '0');
  await expect(page.getByTestId('stroke-outcomes')).toHaveText('Stroke 1 was shown to you (marked in red).');
  await expect(page.getByTestId('ink-overlay')).toHaveAttribute('data-wrong', '0');
  // Guided practice is tracing: it never changes the schedule.
  await expect(page.getByTestId('practice-outcome')).toHaveText('Tracing is practice: it does not change your schedule.');
});

test('writes a Latin pair of letters and an Arabic letter', async ({ page }) => {
  await open(page, 'en', 'Aa');
  await writeAll(page, strokesOf('en', 'A'));
  // The finished A stays on the canvas until the learner goes on.
  await expect(page.getByTestId('ink-overlay')).toBeVisible();
  await page.getByRole('button', { name: 'Next character' }).click();
  await expect(page.getByRole('group', { name: 'Writing area, character 2 of 2' })).toBeVisible();
  await writeAll(page, strokesOf('en', 'a'));
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();

  await open(page, 'ar', 'ب');
  await writeAll(page, strokesOf('ar', 'ب'));
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
});

test('a stroke drawn backwards is told apart', async ({ page }) => {
  await open(page, 'ja', '二');
  const [first] = strokesOf('ja-starter', '二');
  await drawOnCanvas(page, [...(first?.median ?? [])].reverse());
  await expect(page.getByText('Right stroke, but drawn backwards. Start from the other end.')).toBeVisible();
});

test('the canvas keeps its size in every mode and on finishing', async ({ page }) => {
  await open(page, 'ru', 'Дд');
  const size = async () => Math.round((await page.getByTestId('ink').boundingBox())!.width);
  const first = await size();
  expect(first).toBeGreaterThan(300);
  // Every mode the page offers: Dictation only where the word can be heard (this Chromium has no
  // voice, and Дд no recording, so it is hidden here).
  const modes = await page.getByRole('tab').allInnerTexts();
  expect(modes.map((m) => m.toLowerCase())).toEqual(['guided', 'recall']);
  for (const mode of ['Recall', 'Guided']) {
    await page.getByRole('tab', { name: mode }).click();
    expect(await size(), mode).toBe(first);
  }
  // A refused stroke's message, then the finished Д over its model, keep it too.
  await page.getByTestId('ink').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await drawOnCanvas(page, [[200, 200], [800, 800]]);
  await expect(page.getByText(/Not quite|later stroke|backwards/)).toBeVisible();
  expect(await size()).toBe(first);
  await writeAll(page, strokesOf('ru', 'Д'));
  await expect(page.getByTestId('ink-overlay')).toBeVisible();
  expect(await size()).toBe(first);
  await page.getByRole('button', { name: 'Next character' }).click();
  await writeAll(page, strokesOf('ru', 'д'));
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
  expect(await size()).toBe(first);
});
