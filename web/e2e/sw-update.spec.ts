// SPEC §4 with the service worker: a new deploy (new builds/latest.json and sw.js) is found by the
// periodic check, the new service worker installs and waits, and "Reload" activates it and
// reloads the page. Runs against a server of its own over a copy of the build, so the "deploy"
// does not disturb the other tests.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { distDir, startServer, type RunningServer } from './server';

let server: RunningServer;
let dist: string;

test.beforeAll(async () => {
  dist = join(mkdtempSync(join(tmpdir(), 'writeit-e2e-dist-')), 'dist');
  cpSync(distDir(), dist, { recursive: true });
  server = await startServer(dist);
});

test.afterAll(async () => {
  await server?.stop();
  if (dist) rmSync(join(dist, '..'), { recursive: true, force: true });
});

test('a new deploy installs a waiting service worker that Reload activates', async ({ page }) => {
  await page.clock.install();
  await page.goto(server.url + '/home');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      message: 'an active service worker (is installOffline() called from main.tsx?)',
      timeout: 30_000,
    })
    .toBe('activated');
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

  // "Deploy": a new build id and a changed service worker script.
  writeFileSync(join(dist, 'builds/latest.json'), JSON.stringify({ id: 'deployed-later', timestamp: Date.now() }));
  appendFileSync(join(dist, 'sw.js'), '\n// deployed later\n');

  await page.clock.runFor(10 * 60 * 1000 + 1000);
  await expect(page.getByText('A new version is available')).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? 'none'), {
      timeout: 30_000,
    })
    .toBe('installed');

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, active: reg?.active?.state ?? 'none' };
      }),
    )
    .toEqual({ waiting: null, active: 'activated' });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(firstWorker);
  // The page now runs under the new worker: its script is the deployed one.
  const script = await page.evaluate(async () => (await fetch('/sw.js', { cache: 'no-store' })).text());
  expect(script).toContain('deployed later');
});
