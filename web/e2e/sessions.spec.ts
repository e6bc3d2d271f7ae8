// A session that ends is a step back in, not a trap (issue 37), and sessions a learner sees and
// ends. Device 1 and device 2 are two browser contexts of one account, keeping Korean alone:
// (a) the password changed on device 2 while device 1 answers offline; back online, device 1 says
// its session ended, on every page, signs in again in place, and its answers reach the server;
// (b) device 1 signs out all other devices from Settings, and device 2, syncing as a learner's
// tab does when focused, stops within the status window (measured). Each ends by reading what the
// server stored.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { keepingOnly, KOREAN_DECK_TITLE, type Row } from './helpers';
import { card, deckId, localRows, openSignedIn, PASSWORD, signIn, signUp, toAuth, userQuery, waitForSync, type Auth, type TokenAnswer } from './learner';

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'another long river 77';

let device1: BrowserContext;
let device2: BrowserContext;
let page1: Page;
let page2: Page;
let auth: Auth;
let deck: Row & { entryIds: string[] };

/** A fresh session of the account (through the API), to read what the server stored. */
async function freshSession(request: APIRequestContext, password: string): Promise<Auth> {
  const res = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email: auth.email, password, returnSecureToken: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return toAuth((await res.json()) as TokenAnswer);
}

test.beforeAll(async ({ browser, request, baseURL }) => {
  deck = await deckId(request, KOREAN_DECK_TITLE);
  auth = await signUp(request);
  const res = await request.post('/api/trpc/saveUserDeck', { data: { deckId: deck.id }, headers: { authorization: `Bearer ${auth.idToken}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const options = { baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: keepingOnly(['ko']) };
  device1 = await browser.newContext(options);
  device2 = await browser.newContext(options);
  page1 = await device1.newPage();
  page2 = await device2.newPage();
  await openSignedIn(page1, auth, `/decks/${deck.id}/review`);
  await openSignedIn(page2, await signIn(request, auth.email), '/home');
  await Promise.all([waitForSync(page1, auth.userId), waitForSync(page2, auth.userId)]);
});

test.afterAll(async () => {
  await device1.close();
  await device2.close();
});

test('the password changed on device 2: device 1 answers offline, signs in again in place, and its answers reach the server', async ({ request }) => {
  // Device 1 goes offline and goes on studying.
  await device1.setOffline(true);
  await expect(card(page1)).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await expect(page1.locator('[data-revealed="false"]')).toHaveCount(1);
    await page1.keyboard.press('Space');
    await expect(page1.getByTestId('card-back')).toBeVisible();
    await page1.keyboard.press('3');
    await expect(page1.locator('[data-revealed="true"]')).toHaveCount(0);
  }
  const answered = (await localRows<{ id: string }>(page1, 'userReviews')).map((r) => r.id).sort();
  expect(answered).toHaveLength(3);

  // Meanwhile the password is changed on device 2 (a recent sign-in: no confirmation asked).
  await page2.goto('/settings#account');
  await page2.getByRole('button', { name: 'Change password' }).click();
  const dialog = page2.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('New password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page2.getByText('Your password is changed.')).toBeVisible();

  // Back online, device 1 finds its session ended, and every page says so in words.
  await device1.setOffline(false);
  const banner = page1.getByTestId('session-ended');
  await expect(banner).toContainText('This device was signed out: your password was changed');
  await expect(banner).toContainText(`${answered.length} changes made here are waiting to be sent to ${auth.email}.`);
  const syncLabel = (await page1.locator('[data-sync-status]').getAttribute('aria-label')) ?? '';
  expect(syncLabel).not.toMatch(/token|revoked|UNAUTHORIZED/i);
  await page1.goto('/home');
  await expect(banner).toBeVisible();
  // Settings neither claims the session nor offers what it cannot keep.
  await page1.goto('/settings');
  await expect(banner).toBeVisible();
  await expect(page1.getByText('Signed in as')).toHaveCount(0);
  await expect(page1.getByRole('button', { name: 'Turn on two-step verification' })).toHaveCount(0);

  // Sign in again, in place: the email filled in.
  await banner.getByRole('link', { name: 'Sign in again' }).click();
  const form = page1.getByRole('form', { name: 'Sign in' });
  await expect(form.getByLabel('Email')).toHaveValue(auth.email);
  await form.getByLabel('Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page1).toHaveURL(/\/home$/);
  await expect(banner).toHaveCount(0);

  // Every answer made offline is on the server.
  const reader = await freshSession(request, NEW_PASSWORD);
  await expect
    .poll(async () => (await userQuery<{ id: string }>(request, reader.idToken, 'queryUserReviews')).map((r) => r.id).filter((id) => answered.includes(id)).length, {
      timeout: 15_000,
    })
    .toBe(3);
  expect((await request.post('/identity/v1/accounts:signOut', { data: { refreshToken: reader.refreshToken } })).ok()).toBe(true);
  console.log(`unsent answers kept through a session ending and signing in again: 3 of ${answered.length}`);
  // The old password no longer signs in.
  const old = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email: auth.email, password: PASSWORD, returnSecureToken: true } });
  expect(old.status()).toBe(400);
});

test("signing out all other devices ends device 2's sync within the status window", async ({ request }) => {
  // Device 2 is in use: each focus of its tab syncs, as a learner's does.
  await page2.goto('/home');
  await expect(page2.getByTestId('session-ended')).toHaveCount(0);
  await page1.goto('/settings#account');
  const rows = page1.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.first()).toContainText(/on Linux|on Windows|Unknown device/);

  const started = Date.now();
  await page1.getByRole('button', { name: 'Sign out all other devices' }).click();
  let stoppedAfter = 0;
  await expect
    .poll(
      async () => {
        await page2.evaluate(() => window.dispatchEvent(new Event('focus')));
        if (await page2.getByTestId('session-ended').isVisible()) stoppedAfter = Date.now() - started;
        return stoppedAfter > 0;
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe(true);
  console.log(`device 2 stopped syncing ${(stoppedAfter / 1000).toFixed(2)} s after "Sign out all other devices" (status window: 5 s)`);
  expect(stoppedAfter).toBeLessThan(5_000);
  await expect(page1.getByText('1 other device was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The server: device 1's session alone is live, and device 2's last token is refused.
  const stored = await page2.evaluate(() => localStorage.getItem('auth'));
  expect(stored).toBeNull();
  const reader = await freshSession(request, NEW_PASSWORD);
  const listed = (await (await request.post('/identity/v1/accounts:listSessions', { data: { idToken: reader.idToken } })).json()) as { sessions: unknown[] };
  expect(listed.sessions).toHaveLength(2); // device 1 and the API session just made
  await page1.reload();
  await expect(page1.getByTestId('session-ended')).toHaveCount(0);
  await expect(page1.getByText(`Signed in as ${auth.email}`)).toBeVisible();
});
