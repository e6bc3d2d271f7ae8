// Accessibility: axe-core (@axe-core/playwright) finds no WCAG 2.1 A/AA violation on the learner's
// pages in light and in dark, nor on the admin's pages in dark, with the starter content synced.
// (Lighthouse's audit in make bench covers /home in light only; dark once had its primary colour
// at 2.9:1 on the background, app/theme.ts.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, query, signInAsAdmin, waitForFullSync, type Row } from './helpers';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations on the page at `route`, one line per element. */
async function violations(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Transitions (tabs, ripples, the loading bar) settle before the colours are read.
  await page.waitForTimeout(400);
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return found.flatMap((v) => v.nodes.map((n) => `${route} ${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`));
}

async function starterIds(request: Parameters<typeof query>[0]) {
  const decks = await query(request, 'queryDecks', { offset: 0 });
  const deck = decks.find((d: Row) => d.title === KOREAN_DECK_TITLE && !d.deleted)!;
  return { deckId: deck.id, entryId: deck.entryIds![0]! };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the learner's pages pass WCAG 2.1 AA in ${colorScheme}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const { deckId, entryId } = await starterIds(request);
    await page.goto('/home');
    await waitForFullSync(page);
    const routes = ['/', '/home', '/decks', '/entries', '/cards', '/settings', '/signin', `/decks/${deckId}`, `/decks/${deckId}/review`, `/decks/${deckId}/review?cards=writing`,
      `/decks/${deckId}/test`, `/decks/${deckId}/entries/${entryId}`, `/decks/${deckId}/entries/${entryId}/reading`,
      `/decks/${deckId}/entries/${entryId}/writing`, '/admin', '/no-such-page'];
    const found: string[] = [];
    for (const route of routes) found.push(...(await violations(page, route)));
    expect(found).toEqual([]);
  });
}

test("the admin's pages pass WCAG 2.1 AA in dark", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const { deckId, entryId } = await starterIds(request);
  await signInAsAdmin(page, request);
  await waitForFullSync(page);
  const routes = ['/admin', '/admin/ko', '/admin/ko/decks', '/admin/ko/entries', '/admin/ko/characters', `/admin/ko/decks/${deckId}`,
    `/admin/ko/entries/${entryId}`];
  const found: string[] = [];
  for (const route of routes) found.push(...(await violations(page, route)));
  expect(found).toEqual([]);
});
