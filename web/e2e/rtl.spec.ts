// (d) SPEC §4/§9: the locale comes from the 'locale' cookie; ar, fa and he lay out right to left.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

for (const locale of ['he', 'ar']) {
  test(`the ${locale} locale flips the layout to right-to-left`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await page.goto('/home');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
    // The layout really flips: the body inherits the direction.
    const body = await page.evaluate(() => getComputedStyle(document.body).direction);
    expect(body).toBe('rtl');
  });
}

test('the en-US locale stays left-to-right', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  await page.goto('/home');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
});
