// (e) DESIGN §6: after one visit the service worker has precached the app shell and IndexedDB
// holds the data, so with the network cut a reload still starts the app and shows the decks.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { KOREAN_DECK_TITLE, waitForStarterSync } from './helpers';

test('the app starts and navigates offline after one visit', async ({ page, context }) => {
  await page.goto('/decks');
  await expect(page.getByText(KOREAN_DECK_TITLE)).toBeVisible();
  await waitForStarterSync(page);
  // The service worker is installed and active (precache complete). It is registered by
  // installOffline() (src/offline), which main.tsx calls.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state ?? 'none';
        }),
      { message: 'an active service worker (is installOffline() called from main.tsx?)', timeout: 30_000 },
    )
    .toBe('activated');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(KOREAN_DECK_TITLE)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Client-side navigation loads lazily loaded pages from the precache.
  await page.getByText(KOREAN_DECK_TITLE).click();
  await expect(page).toHaveURL(/\/decks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: KOREAN_DECK_TITLE })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^(Page Not Found|Internal Server Error)$/ })).toHaveCount(0);

  // A fresh navigation to another route is answered with the cached shell.
  await page.goto('/entries');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^(Page Not Found|Internal Server Error)$/ })).toHaveCount(0);

  await context.setOffline(false);
});

test('the build marker and web manifest are served', async ({ request }) => {
  const latest = await request.get('/builds/latest.json');
  expect(latest.ok()).toBe(true);
  const info = (await latest.json()) as { id: unknown; timestamp: unknown };
  expect(typeof info.id).toBe('string');
  expect(typeof info.timestamp).toBe('number');

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const m = (await manifest.json()) as { name: string; theme_color: string; icons: { sizes: string }[] };
  expect(m.name).toBe('WriteIt');
  expect(m.theme_color).toBe('#6750a4');
  expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
});
