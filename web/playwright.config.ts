// Playwright: end-to-end tests in e2e/ driving Debian's Chromium (/usr/bin/chromium, installed by
// scripts/install-chromium.sh; Playwright's own browser download cannot work here, so install
// with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1) against a real `writeit serve` started by
// e2e/global-setup.ts with a temporary database. Build the app first: npm run build.
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.WRITEIT_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.WRITEIT_E2E_URL,
    // Page snapshots off (see e2e/global-setup.ts).
    storageState: process.env.WRITEIT_E2E_STORAGE,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
