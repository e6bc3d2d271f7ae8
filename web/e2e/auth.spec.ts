// Accounts end to end (issue 4): sign up, verify the email through the mailed link (the server's
// outbox folder), sign out (the user's local data is gone), sign in again (it syncs back); reset a
// forgotten password; turn on two-step verification and sign in with a TOTP code. Issue 37: a
// breached password refused with its reason; the old address's link undoing a change of email.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { localCounts, mailsTo, totp, waitForStarterSync } from './helpers';

const PASSWORD = 'a quiet river 42';
const newEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The link of the newest mail to `email` of a kind (mode=…), polling the outbox folder. */
async function mailedLink(email: string, mode: string): Promise<string> {
  const dataDir = process.env.WRITEIT_E2E_DATA ?? '';
  for (let i = 0; i < 100; i++) {
    for (const text of mailsTo(dataDir, email)) {
      const link = text.match(new RegExp(`https?://\\S*[?&]mode=${mode}&oobCode=[^\\s&]+\\S*`))?.[0];
      if (link) return link;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`no ${mode} mail to ${email} in ${dataDir}/outbox`);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signUp(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  // A new account lands on Home, with a note to check the inbox (the address is not verified).
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('check-inbox')).toContainText(`we sent a link to ${email}`);
  await page.goto('/settings');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  // The sync after signing out is a guest's: no failed user calls.
  await expect
    .poll(async () => page.locator('[data-sync-status="error"]').getAttribute('title', { timeout: 1000 }).catch(() => null))
    .toBeNull();
}

/** Waits until the local database holds `n` user decks (a sync ran). */
async function expectUserDecks(page: Page, n: number) {
  await expect.poll(async () => (await localCounts(page)).userDecks ?? 0, { timeout: 15_000 }).toBe(n);
}

test('sign up, verify by mail, sign out, sign in again', async ({ page }) => {
  const email = newEmail();
  await page.goto('/home');
  await waitForStarterSync(page);
  await signUp(page, email);
  await expect(page.getByText('Not verified')).toBeVisible();

  await page.goto(await mailedLink(email, 'verifyEmail'));
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Some user data on the server, pulled by the next sync.
  const deckId = await page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { idToken: string };
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const open = indexedDB.open('writeit');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error ?? new Error('open'));
    });
    const deck = await new Promise<{ id: string }>((ok) => {
      const req = db.transaction('decks').objectStore('decks').openCursor();
      req.onsuccess = () => ok(req.result?.value as { id: string });
    });
    db.close();
    const res = await fetch('/api/trpc/saveUserDeck', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.idToken}` },
      body: JSON.stringify({ deckId: deck.id, newPerDay: 7 }),
    });
    if (!res.ok) throw new Error(`saveUserDeck: ${res.status}`);
    return deck.id;
  });
  expect(deckId).toBeTruthy();
  await page.reload();
  await expectUserDecks(page, 1);

  await signOut(page);
  await expectUserDecks(page, 0);
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expectUserDecks(page, 1);
  // Verified: no note to check the inbox.
  await expect(page.getByTestId('check-inbox')).toHaveCount(0);
});

test('reset a forgotten password', async ({ page, request }) => {
  const email = newEmail();
  const res = await request.post('/identity/v1/accounts:signUp', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok()).toBe(true);

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const form = page.getByRole('form', { name: 'Forgot password?' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(`If ${email} has an account`)).toBeVisible();

  await page.goto(await mailedLink(email, 'resetPassword'));
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('New password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed. Sign in with it now.')).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('The email or password is not right.')).toBeVisible();
  await signIn(page, email, 'a brand new passphrase');
  await expect(page).toHaveURL(/\/home$/);
});

test('turn on two-step verification and sign in with a code', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step verification' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByLabel('Setup key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await dialog.getByLabel('Code').fill(totp(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes.first()).toBeVisible();
  expect(await codes.count()).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('button', { name: 'Turn off two-step verification' })).toBeVisible();

  await signOut(page);
  await signIn(page, email, PASSWORD);
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await expect(step).toBeVisible();
  // The enrolment used this 30 s step; a used step is refused (replay), so the next one is sent
  // (the server accepts one step either side of now).
  await step.getByLabel('Code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.')).toBeVisible();
  await step.getByLabel('Code').fill(totp(secret, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: `Signed in as ${email}` })).toBeVisible();
});

test('a common password with a year added is refused, saying why', async ({ page, request }) => {
  const email = newEmail();
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('Summer2024!');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This is a common password with digits or symbols added, which is what attackers try first.', { exact: false })).toBeVisible();
  // The server made no account.
  const res = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email, password: 'Summer2024!' } });
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe('INVALID_LOGIN_CREDENTIALS');
});

test('the old address takes back an email change it did not make', async ({ page, request }) => {
  const email = newEmail();
  const up = (await (await request.post('/identity/v1/accounts:signUp', { data: { email, password: PASSWORD } })).json()) as { idToken: string };
  // Someone holding the session moves the account to their own address.
  const theirs = newEmail();
  const moved = await request.post('/identity/v1/accounts:update', { data: { idToken: up.idToken, email: theirs } });
  expect(moved.ok()).toBe(true);

  await page.goto(await mailedLink(email, 'recoverEmail'));
  await expect(page.getByRole('heading', { name: "Your account's email" })).toBeVisible();
  await expect(page.getByText(`${email} is your account's address again, and every device is signed out.`)).toBeVisible();
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(`If ${email} has an account`)).toBeVisible();
  await mailedLink(email, 'resetPassword');

  // The server holds the old address again, verified; the new one signs in no more.
  const back = (await (await request.post('/identity/v1/accounts:signInWithPassword', { data: { email, password: PASSWORD } })).json()) as { idToken: string };
  const lookup = (await (await request.post('/identity/v1/accounts:lookup', { data: { idToken: back.idToken } })).json()) as {
    users: { email: string; emailVerified: boolean }[];
  };
  expect(lookup.users[0]).toMatchObject({ email, emailVerified: true });
  const gone = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email: theirs, password: PASSWORD } });
  expect(gone.ok()).toBe(false);
});
