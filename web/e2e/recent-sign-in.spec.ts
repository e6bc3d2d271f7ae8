// A security-sensitive change (here a new password) asks a session that signed in a while ago to
// confirm who is there: the password, then the second factor's code. Runs against a server of its
// own whose "recent" is 2 seconds (WRITEIT_RECENT_SIGN_IN_SECONDS), not the default 5 minutes.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailsTo, totp } from './helpers';
import { startServer, type RunningServer } from './server';

const PASSWORD = 'a quiet river 42';
const NEW_PASSWORD = 'a louder river 43';
const RECENT_SECONDS = 2;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer(undefined, { WRITEIT_RECENT_SIGN_IN_SECONDS: String(RECENT_SECONDS) });
});

test.afterAll(async () => {
  await server?.stop();
});

/** POSTs to the identity service; fails the test on an error answer. */
async function identity(request: APIRequestContext, endpoint: string, data: object): Promise<Record<string, unknown>> {
  const res = await request.post(`${server.url}/identity/v1/${endpoint}`, { data });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.ok(), `${endpoint}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

test('changing the password after a while asks for the password and code again', async ({ page, request }) => {
  // An account with an authenticator app, made through the API while its session is recent.
  const email = `e2e-recent-${Date.now()}@example.com`;
  const up = await identity(request, 'accounts:signUp', { email, password: PASSWORD, returnSecureToken: true });
  const started = await identity(request, 'mfaEnrollment:start', { idToken: up.idToken, totpEnrollmentInfo: {} });
  const info = started.totpSessionInfo as { sharedSecretKey: string; sessionInfo: string };
  const enrolled = await identity(request, 'mfaEnrollment:finalize', {
    idToken: up.idToken,
    totpVerificationInfo: { sessionInfo: info.sessionInfo, verificationCode: totp(info.sharedSecretKey, Date.now()) },
  });
  const recovery = enrolled.recoveryCodes as string[];

  // Signed in in the app with a recovery code (the enrolment used this 30 s step's code).
  await page.goto(`${server.url}/signin`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await step.getByLabel('Code').fill(recovery[0] ?? '');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Later: the session is no longer recent.
  await page.goto(`${server.url}/settings`);
  await page.waitForTimeout((RECENT_SECONDS + 1) * 1000);
  await page.getByRole('button', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.getByLabel('New password').fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Change password' }).click();

  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm.getByText(`enter the password of ${email} again`)).toBeVisible();
  // Without a password (an account made by email link), a sign-in link confirms instead.
  await confirm.getByRole('button', { name: 'No password? Email me a sign-in link' }).click();
  await expect(confirm.getByRole('status')).toHaveText(`A sign-in link is on its way to ${email}. Open it on this device.`);
  await expect.poll(() => mailsTo(server.dataDir, email).join('\n')).toContain('mode=signIn');
  await confirm.getByLabel('Password').fill('not my password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('The email or password is not right.');
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.getByLabel('Code').fill(recovery[1] ?? '');
  await confirm.getByRole('button', { name: 'Verify' }).click();
  await expect(confirm).toBeHidden();
  // The change the server refused ran again, now with a fresh session.
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  // The new password is the one that works.
  const old = await request.post(`${server.url}/identity/v1/accounts:signInWithPassword`, { data: { email, password: PASSWORD } });
  expect(old.status()).toBe(400);
  const fresh = await identity(request, 'accounts:signInWithPassword', { email, password: NEW_PASSWORD });
  expect(fresh.mfaPendingCredential).toBeTruthy();
});
