// (d) SPEC §4/§9: the locale comes from the 'locale' cookie; ar, fa and he lay out right to left.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';

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

/** Where two parts of the first text node matching `pattern` are drawn once the layout has
 * settled (two reads 100 ms apart agree; a page's first layout can still move): the left edge of
 * the match's group 1 and group 2 (bidi reordering shows in these, not in the DOM's order). */
async function lefts(page: Page, pattern: RegExp): Promise<[number, number] | undefined> {
  let last = await leftsNow(page, pattern);
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const now = await leftsNow(page, pattern);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error(`the layout of ${pattern} did not settle`);
}

async function leftsNow(page: Page, pattern: RegExp): Promise<[number, number] | undefined> {
  return page.evaluate(({ source, flags }) => {
    const re = new RegExp(source, flags);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const m = re.exec(node.textContent ?? '');
      if (!m) continue;
      const left = (part: string) => {
        const start = m.index + m[0].indexOf(part);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + part.length);
        return range.getBoundingClientRect().left;
      };
      return [left(m[1]!), left(m[2]!)] as [number, number];
    }
    return undefined;
  }, { source: pattern.source, flags: pattern.flags });
}

test('Hebrew messages read right to left, English content left to right', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'he', url: baseURL! }]);
  // The UI speaks Hebrew (messages/he.json): the streak's "0 ימים" starts at the right, its number
  // right of its word.
  await page.goto('/home');
  await expect(page.getByText(/\d+ ימים/)).toBeVisible();
  const streak = await lefts(page, /(\d+) (ימים)/);
  expect(streak).toBeDefined();
  expect(streak![0]).toBeGreaterThan(streak![1]);
  // Content from the data keeps its own direction (<bdi>): an English deck description's full stop
  // stays at its end, right of its last word, instead of moving to the start of the line (here in
  // Home's suggested deck).
  await expect(page.getByText(/compound vowels\./)).toBeVisible();
  const description = await lefts(page, /(vowels)(\.)$/);
  expect(description).toBeDefined();
  expect(description![0]).toBeLessThan(description![1]);
});

test('a content line too long for its row shows its start in a right-to-left page', async ({ page, context, baseURL }) => {
  // A deck row's description runs in its own direction (app/contentLine.ts), so the English one
  // shows "The 40 basic…" and ends in the ellipsis, instead of "…compound vowels." as before.
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: 'locale', value: 'he', url: baseURL! }]);
  await page.goto('/decks');
  const text = page.getByText(/^The 40 basic letters/);
  await expect(text).toBeVisible();
  // The line's block: its visible box, which a too-long text overflows.
  const box = (await text.locator('xpath=ancestor-or-self::*[contains(@class, "MuiListItemText-secondary")]').boundingBox())!;
  const first = await lefts(page, /^(The) (40)/);
  expect(first).toBeDefined();
  // "The" is inside the line's visible box, and drawn before "40".
  expect(first![0]).toBeGreaterThanOrEqual(box.x - 1);
  expect(first![0]).toBeLessThan(first![1]);
  expect(first![1]).toBeLessThan(box.x + box.width);
});

test('the first render in a right-to-left locale already has the right-to-left styles', async ({ page, context, baseURL }) => {
  // Before, <html dir="rtl"> came with the messages and the mirrored styles one render later: the
  // first frames had the direction of one and the margins of the other.
  await context.addCookies([{ name: 'locale', value: 'he', url: baseURL! }]);
  await context.addInitScript(() => {
    const w = window as unknown as { firstRender?: { dir: string; caches: string[] } };
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      const caches = Array.from(document.querySelectorAll('style[data-emotion]')).map((s) => (s.getAttribute('data-emotion') ?? '').split(' ')[0]!);
      w.firstRender = { dir: document.documentElement.dir, caches };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/home');
  await expect.poll(() => page.evaluate(() => (window as unknown as { firstRender?: unknown }).firstRender)).toBeTruthy();
  const first = await page.evaluate(() => (window as unknown as { firstRender: { dir: string; caches: string[] } }).firstRender);
  expect(first.dir).toBe('rtl');
  expect(first.caches).toContain('muirtl');
});
