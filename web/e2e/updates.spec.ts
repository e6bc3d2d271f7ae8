// SPEC §4/§7: the app checks builds/latest.json periodically; a different build id offers a
// reload (UpdatePrompt, rendered by the shell). The service worker is blocked here so the check
// is seen by page.route and the reload is a plain one.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

test('a newer deployed build offers a reload', async ({ page }) => {
  let latestCalls = 0;
  await page.route('**/builds/latest.json', async (route) => {
    latestCalls += 1;
    await route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await page.clock.install();
  await page.goto('/home');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  // The periodic check (every 10 minutes).
  await page.clock.runFor(10 * 60 * 1000 + 1000);
  await expect.poll(() => latestCalls).toBeGreaterThan(0);
  await expect(page.getByText('A new version is available'), 'UpdatePrompt rendered by the shell').toBeVisible();

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
});

test('the same build id stays quiet', async ({ page }) => {
  await page.clock.install();
  await page.goto('/home');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.clock.runFor(10 * 60 * 1000 + 1000);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});
