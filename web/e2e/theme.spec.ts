// (c) SPEC §3/§4: the theme choice is stored under localStorage 'theme' and survives a reload.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';

/** The body's background colour as [r, g, b]. */
async function bodyBackground(page: Page): Promise<number[]> {
  const css = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

const luminance = ([r = 0, g = 0, b = 0]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

test('choosing the dark theme persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/theme');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeVisible();
  expect(luminance(await bodyBackground(page))).toBeGreaterThan(128);

  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(64);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(luminance(await bodyBackground(page))).toBeLessThan(64);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test("a stored 'dark' theme applies on start", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/home');
  await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(64);
});

test("'system' follows the device's dark-mode preference", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'system'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/home');
  await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(64);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(128);
});
