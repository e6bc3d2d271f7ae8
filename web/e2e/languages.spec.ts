// Public data by language (issue 28, db/languages.ts): a new learner on Korean holds Korean only;
// choosing Chinese downloads it (progress shown, the app usable meanwhile) and afterwards its decks
// and a character's strokes work offline; Settings › Languages on this device removes Korean and
// says what that freed. What was pulled is checked against the server. Screenshots of the section
// (light/dark, LTR/RTL, desktop/phone) go to WRITEIT_SHOTS (default /tmp/h28c-shots).
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, collectPageErrors, goInApp, localLanguages, query, waitForFullSync, waitForLanguage, type Row } from './helpers';

const SHOTS = process.env.WRITEIT_SHOTS ?? '/tmp/h28c-shots';

async function chooseLanguage(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Studied language' }).first().click();
  await page.getByRole('option', { name }).click();
}

test('a learner holds only the languages studied, adds Chinese, uses it offline, removes Korean', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  // A new learner: not the other specs' device that keeps every language (e2e/global-setup.ts).
  await page.addInitScript(() => {
    if (localStorage.getItem('lastSync') === null) localStorage.removeItem('languageState');
  });
  const errors = collectPageErrors(page);
  await page.goto('/decks');
  await expect(page.getByText(KOREAN_DECK_TITLE)).toBeVisible();
  await waitForFullSync(page);

  // Korean only: every Korean row the server has, nothing of another language.
  const ko = { decks: await query(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['ko'] }), entries: await query(request, 'queryEntries', { offset: 0, limit: 5000, languages: ['ko'] }), characters: await query<(Row & { languageCode: string })[]>(request, 'queryCharacters', { offset: 0, limit: 5000, languages: ['ko'] }) };
  const first = await localLanguages(page);
  expect(first.decks).toEqual({ ko: ko.decks.length });
  expect(first.entries).toEqual({ ko: ko.entries.length });
  // Korean's characters, and those of other sets its entries write (Latin letters under en).
  const byLanguage: Record<string, number> = {};
  for (const c of ko.characters) byLanguage[c.languageCode] = (byLanguage[c.languageCode] ?? 0) + 1;
  expect(first.characters).toEqual(byLanguage);

  // The service worker is ready, for the offline part below.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 }).toBe('activated');

  // Choose Chinese: while its first page is held back, the decks list and the sync indicator say
  // it is downloading; then it joins.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const zhDecksPage = (url: URL) => url.pathname.includes('queryDecks') && decodeURIComponent(url.search).includes('"zh"');
  await context.route(zhDecksPage, async (route) => {
    await gate;
    await route.continue();
  });
  await chooseLanguage(page, /^Chinese/);
  await expect(page.getByText('Chinese is downloading to this device. Its decks and entries appear here as they arrive.')).toBeVisible();
  await expect(page.locator('[data-sync-adding="zh"]')).toHaveAttribute('aria-label', /Downloading Chinese… 0 rows/);
  release();
  await waitForLanguage(page, 'zh');
  await context.unroute(zhDecksPage);
  const zhDecks = await query<(Row & { title: string; entryIds: string[] })[]>(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['zh'] });
  await expect(page.getByText(zhDecks[0]!.title)).toBeVisible();
  await expect(page.locator('[data-sync-adding]')).toHaveCount(0);

  // Checked against the server: every Chinese deck, entry and character, once.
  const zh = { entries: await query<(Row & { text: string })[]>(request, 'queryEntries', { offset: 0, limit: 5000, languages: ['zh'] }), characters: await query<(Row & { value: string; strokes: unknown[] })[]>(request, 'queryCharacters', { offset: 0, limit: 5000, languages: ['zh'] }) };
  const second = await localLanguages(page);
  expect(second.decks).toEqual({ ko: ko.decks.length, zh: zhDecks.length });
  expect(second.entries).toEqual({ ko: ko.entries.length, zh: zh.entries.length });
  // Chinese's characters, and those of other sets its entries write (kana or kanji under ja).
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  expect(second.characters.zh).toBe(zh.characters.filter((c) => c.languageCode === 'zh').length);
  expect(sum(second.characters)).toBe(ko.characters.length + zh.characters.length);

  // Offline: a Chinese entry's characters with their strokes, and its writing exercise.
  const deck = zhDecks[0]!;
  const withStrokes = new Set(zh.characters.filter((c) => c.strokes.length > 0).map((c) => c.value));
  const entry = zh.entries.find((e) => deck.entryIds.includes(e.id) && [...e.text].every((ch) => withStrokes.has(ch)));
  expect(entry).toBeDefined();
  await context.setOffline(true);
  await goInApp(page, `/entries/${entry!.id}`);
  await expect(page.getByText(/^\d+ strokes?$/).first()).toBeVisible();
  await goInApp(page, `/decks/${deck.id}/entries/${entry!.id}/writing`);
  await expect(page.getByRole('group', { name: /Writing area, character 1 of/ })).toBeVisible();
  await context.setOffline(false);

  // Settings › Languages on this device.
  await goInApp(page, '/settings');
  const section = page.getByRole('region', { name: 'Languages on this device' });
  const koRow = section.locator('li[data-language="ko"]');
  const zhRow = section.locator('li[data-language="zh"]');
  await expect(zhRow.getByText('Complete')).toBeVisible();
  await expect(zhRow.getByRole('button', { name: 'Remove from this device' })).toBeDisabled();
  await expect(zhRow.getByText('This is the language you are studying now.')).toBeVisible();
  await koRow.getByRole('button', { name: 'Show space used' }).click();
  await zhRow.getByRole('button', { name: 'Show space used' }).click();
  await expect(koRow.getByText(/Takes about [\d.,]+ (kB|MB)/)).toBeVisible();
  await expect(zhRow.getByText(/Takes about [\d.,]+ (kB|MB)/)).toBeVisible();
  await shoot(page, 'settings-languages');

  await koRow.getByRole('button', { name: 'Remove from this device' }).click();
  await expect(section.getByText(/^Korean removed from this device: [\d.,]+ (kB|MB) freed\.$/)).toBeVisible();
  await expect(koRow).toHaveCount(0);
  const third = await localLanguages(page);
  expect(third.decks).toEqual({ zh: zhDecks.length });
  expect(third.entries).toEqual({ zh: zh.entries.length });
  expect(sum(third.characters)).toBe(zh.characters.length);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('languageState') ?? 'null'))).toEqual({ held: { zh: { joined: true } }, keep: [] });
  expect(errors).toEqual([]);
});

/** The section in light and dark, LTR and RTL (Hebrew), at 1280×800 and 390×844. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const dir of ['ltr', 'rtl'] as const) {
    if (dir === 'rtl') {
      await page.context().addCookies([{ name: 'locale', value: 'he', url: page.url() }]);
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      for (const row of await page.locator('#settings-languages').locator('..').locator('li').all()) {
        const measure = row.getByRole('button').first();
        if ((await measure.textContent()) === 'הצגת הנפח בשימוש') await measure.click();
      }
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [w, h] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: h });
        const section = page.locator('section[aria-labelledby="settings-languages"]');
        await section.scrollIntoViewIfNeeded();
        await page.waitForTimeout(150);
        await section.screenshot({ path: `${SHOTS}/${name}-${dir}-${scheme}-${w}.png` });
      }
    }
  }
  await page.context().clearCookies({ name: 'locale' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
}
