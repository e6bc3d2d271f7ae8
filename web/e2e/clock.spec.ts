// Time is the server's (issue 36): a device whose clock is 26 hours ahead, or behind, answers ten
// cards; every answer reaches the server, the learner is told their clock is off, and the
// device's cards equal the server's (the answers were recorded on the server's time line). One
// device per clock, keeping Korean alone.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { keepingOnly, KOREAN_DECK_TITLE } from './helpers';
import { card, deckId, localRows, openSignedIn, reviewByKeyboard, signUp, userQuery, waitForSync, type CardRow } from './learner';

const HOURS = 3_600_000;

for (const [name, shift] of [
  ['26 hours ahead', 26 * HOURS],
  ['26 hours behind', -26 * HOURS],
] as const) {
  test(`a device clock ${name}: ten answers all stored, the clock told, the cards the server's`, async ({ browser, request, baseURL }) => {
    const deck = await deckId(request, KOREAN_DECK_TITLE);
    const auth = await signUp(request);
    const followed = await request.post('/api/trpc/saveUserDeck', { data: { deckId: deck.id }, headers: { authorization: `Bearer ${auth.idToken}` } });
    expect(followed.ok()).toBe(true);
    const context = await browser.newContext({ baseURL, storageState: keepingOnly(['ko']) });
    const page = await context.newPage();
    // The page's clock, not the server's.
    await page.clock.setSystemTime(Date.now() + shift);
    await openSignedIn(page, auth, '/decks');
    await waitForSync(page, auth.userId);
    await page.goto(`/decks/${deck.id}/review`);
    await expect(card(page)).toBeVisible();
    await expect(page.getByTestId('clock-warning')).toContainText(shift > 0 ? 'ahead of the server' : 'behind the server');

    expect(await reviewByKeyboard(page, () => '3', 10)).toBe(10);
    await expect
      .poll(async () => (await userQuery<{ deleted: boolean }>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted).length, { timeout: 20_000 })
      .toBe(10);
    const reviews = await userQuery<{ reviewedAt: number }>(request, auth.idToken, 'queryUserReviews');
    const now = Date.now();
    // On the server's time line: none in the future, none a day back.
    for (const r of reviews) expect(Math.abs(now - r.reviewedAt)).toBeLessThan(10 * 60_000);
    // The device's cards are the server's, once it has its answers back.
    const strip = (c: CardRow & { updatedAt?: number }) => ({ ...c, updatedAt: 0 });
    await expect
      .poll(async () => {
        const server = await userQuery<CardRow & { deleted: boolean }>(request, auth.idToken, 'queryUserCards');
        const local = await localRows<CardRow & { deleted: boolean }>(page, 'userCards');
        const byId = new Map(server.map((c) => [c.id, strip(c)]));
        return local.length === server.length && local.every((c) => JSON.stringify(strip(c)) === JSON.stringify(byId.get(c.id)));
      }, { timeout: 20_000 })
      .toBe(true);
    await context.close();
  });
}
