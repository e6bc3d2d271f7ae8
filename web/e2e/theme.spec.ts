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

test('before the app renders, the page already has the theme and the app bar band', async ({ browser }) => {
  // The app's code never arrives: what index.html paints alone.
  for (const [stored, device, expected] of [
    ['dark', 'light', 'dark'],
    ['light', 'dark', 'normal'],
    [null, 'dark', 'dark'],
    [null, 'light', 'normal'],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block', colorScheme: device, viewport: { width: 1024, height: 700 } });
    const page = await context.newPage();
    if (stored) await page.addInitScript((t) => localStorage.setItem('theme', t), stored);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/decks');
    const painted = await page.evaluate(() => {
      const band = getComputedStyle(document.getElementById('root') as Element, '::before');
      return { scheme: document.documentElement.style.colorScheme || 'normal', band: [band.height, band.backgroundColor] };
    });
    expect(painted, `stored ${stored ?? 'nothing'}, device ${device}`).toEqual({ scheme: expected, band: ['64px', 'rgb(103, 80, 164)'] });
    await context.close();
  }
});

test("before the app renders, the app bar shows the app's name where the live title will be", async ({ browser }) => {
  // Phone, tablet (both with the menu button before the title) and wide.
  for (const viewport of [{ width: 400, height: 800 }, { width: 800, height: 1000 }, { width: 1400, height: 900 }]) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport });
    const shell = await context.newPage();
    await shell.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await shell.goto('/decks');
    const before = await shell.evaluate(() => {
      const band = getComputedStyle(document.getElementById('root') as Element, '::before');
      return { text: band.content, start: band.paddingInlineStart, height: band.height, font: `${band.fontWeight} ${band.fontSize}` };
    });
    const live = await context.newPage();
    await live.goto('/decks');
    const title = live.getByRole('banner').getByRole('link', { name: 'WriteIt', exact: true });
    const after = await title.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        text: `"${el.textContent}"`,
        start: `${el.getBoundingClientRect().left}px`,
        height: `${(el.closest('header') as Element).getBoundingClientRect().height}px`,
        font: `${style.fontWeight} ${style.fontSize}`,
      };
    });
    expect(before, `${viewport.width} px wide`).toEqual(after);
    await context.close();
  }
});
