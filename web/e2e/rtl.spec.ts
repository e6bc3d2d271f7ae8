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

test('English text in a right-to-left locale still reads left to right', async ({ page, context, baseURL }) => {
  // he has a few messages of its own; the rest fall back to English, isolated left to right
  // (i18n/translate.ts). Without that, "0 days" in the home page's streak showed as "days 0".
  await context.addCookies([{ name: 'locale', value: 'he', url: baseURL! }]);
  await page.goto('/home');
  await expect(page.getByText(/\d+ days?/)).toBeVisible();
  const order = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const m = /(\d+) (days?)/.exec(text);
      if (!m) continue;
      const rect = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect();
      };
      const number = rect(m.index, m.index + m[1]!.length);
      const word = rect(m.index + m[1]!.length + 1, m.index + m[0].length);
      return { numberLeft: number.left, wordLeft: word.left };
    }
    return undefined;
  });
  expect(order).toBeDefined();
  expect(order!.numberLeft).toBeLessThan(order!.wordLeft);
});
