// (f) SPEC §8: an unmatched route shows the non-fatal 404 inside the layout; a route whose
// parameters fail validation shows the fatal 404.
import { expect, test } from '@playwright/test';

test('an unknown route shows "Page not found"', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('an invalid deck id shows "Page Not Found"', async ({ page }) => {
  await page.goto('/decks/not-a-uuid');
  await expect(page.getByText('Page Not Found: /decks/not-a-uuid')).toBeVisible();
});

test('an unknown admin route shows "Page not found"', async ({ page }) => {
  await page.goto('/admin/ko/nothing/here');
  await expect(page.getByText('Page not found: /admin/ko/nothing/here')).toBeVisible();
});

test('the server answers 404 for a missing asset, not the app', async ({ request }) => {
  const res = await request.get('/assets/no-such-chunk.js');
  expect(res.status()).toBe(404);
});
