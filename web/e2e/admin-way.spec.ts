// Admins find their way (issue 37, item 3), on one admin's device that keeps Korean alone:
// - the navigation offers Admin to an admin, and not to a learner, whose /admin is a 403 page in
//   plain words (no server command);
// - leaving a deck whose title is edited but not saved asks first, inside the app (a link, the
//   back button) and on a reload: Keep editing keeps the edit, Leave leaves it unsaved;
// - a guest's link to a Greek deck, on a device holding Korean only, offers to add Greek, adds
//   it and opens the deck.
// Each ends by reading what the server stored.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { keepingOnly, query, signInAsAdmin, waitForLanguage, type Row } from './helpers';
import { openSignedIn, signUp } from './learner';

const FORBIDDEN = "This area is for the app's editors";

/** The account's role as the identity service stores it. */
async function roleOf(page: Page, idToken: string): Promise<string> {
  const res = await page.request.post('/identity/v1/accounts:lookup', { data: { idToken } });
  expect(res.ok()).toBe(true);
  const { users } = (await res.json()) as { users: { customAttributes?: string }[] };
  return (JSON.parse(users[0]?.customAttributes ?? '{}') as { role?: string }).role ?? 'user';
}

const storedIdToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { idToken: string }).idToken);

test.describe.serial('an admin finds their way', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ storageState: keepingOnly(['ko']), viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signInAsAdmin(page, page.request);
    await waitForLanguage(page, 'ko');
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('Admin is in the navigation for an admin, not for a learner, whose /admin says why in plain words', async ({ browser }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('WriteIt Admin')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Languages' }).getByRole('link', { name: /^Korean/ })).toBeVisible();
    expect(await roleOf(page, await storedIdToken(page))).toBe('admin');

    const learnerContext = await browser.newContext({ storageState: keepingOnly(['ko']), viewport: { width: 1280, height: 800 } });
    const learner = await learnerContext.newPage();
    const auth = await signUp(learner.request);
    await openSignedIn(learner, auth, '/home');
    const learnerNav = learner.getByRole('navigation', { name: 'Main navigation' });
    await expect(learnerNav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(learnerNav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await learner.goto('/admin');
    const forbidden = learner.getByTestId('admin-forbidden');
    await expect(learner.getByRole('heading', { level: 1, name: FORBIDDEN })).toBeVisible();
    await expect(forbidden).toContainText(`Your account (${auth.email}) is a learner's account.`);
    await expect(forbidden).toContainText('ask whoever runs this app to make you an editor');
    await expect(forbidden).not.toContainText('writeit');
    await expect(forbidden).not.toContainText('docs/');
    expect(await roleOf(learner, auth.idToken)).toBe('user');
    await learnerContext.close();
  });

  test('leaving a deck with an unsaved title asks first; Keep editing keeps it, Leave leaves it', async () => {
    const saved = `Leave-test deck ${Date.now()}`;
    const unsaved = `${saved} (not saved)`;
    await page.goto('/admin/ko/decks?new=1');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`${saved} draft`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${saved} draft` })).toBeVisible();
    const deckUrl = page.url();
    const details = page.getByRole('form', { name: 'Deck details' });
    const title = details.getByRole('textbox', { name: 'Title' });
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });

    // A link inside the app: asked; Keep editing stays with the edit.
    await title.fill(saved);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Decks' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    expect(page.url()).toBe(deckUrl);
    await expect(title).toHaveValue(saved);

    // The browser's back button: asked too, and the address stays.
    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toBe(deckUrl);
    await expect(title).toHaveValue(saved);
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: saved })).toBeVisible();

    // A reload asks the browser's own question: dismissed, the edit stays; accepted, it is gone.
    await title.fill(unsaved);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.reload({ timeout: 2_000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    await expect(title).toHaveValue(unsaved);
    page.once('dialog', (d) => {
      asked.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload', 'beforeunload']);
    await expect(title).toHaveValue(saved);

    // Edited again, then left: Leave without saving goes, the edit unsaved.
    await title.fill(unsaved);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Decks' }).click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin\/ko\/decks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Decks (Korean)' })).toBeVisible();

    // The server has the saved title, never the unsaved one.
    const id = deckUrl.split('/').pop();
    await expect
      .poll(async () => (await query(page.request, 'queryDecks', { offset: 0, limit: 5000, languages: ['ko'] })).find((d: Row) => d.id === id)?.title, { timeout: 15_000 })
      .toBe(saved);
  });
});

test("a guest's link to a Greek deck on a Korean-only device offers Greek, adds it and opens the deck", async ({ browser, request }) => {
  const greek = (await query(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['el'] })).filter((d: Row) => !d.deleted);
  expect(greek.length).toBeGreaterThan(0);
  const deck = greek[0]!;
  const context = await browser.newContext({ storageState: keepingOnly(['ko']) });
  const page = await context.newPage();
  await page.goto('/home');
  await waitForLanguage(page, 'ko');
  await page.goto(`/decks/${deck.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This deck is in Greek' })).toBeVisible();
  await expect(page.getByText('This deck is not on this device')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Greek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: deck.title as string })).toBeVisible({ timeout: 30_000 });
  await waitForLanguage(page, 'el');

  // What the device now holds is what the server has.
  const local = await page.evaluate(
    (id) =>
      new Promise<{ title: string; entryIds: string[] } | undefined>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const get = open.result.transaction('decks').objectStore('decks').get(id);
          get.onsuccess = () => resolve(get.result as { title: string; entryIds: string[] } | undefined);
          get.onerror = () => reject(get.error ?? new Error('get failed'));
        };
      }),
    deck.id,
  );
  expect(local?.title).toBe(deck.title);
  expect(local?.entryIds).toEqual(deck.entryIds);
  const located = await page.request.get(`/api/trpc/locateContent?input=${encodeURIComponent(JSON.stringify({ kind: 'deck', id: deck.id }))}`);
  expect(((await located.json()) as { result: { data: unknown } }).result.data).toEqual({ languageCode: 'el' });
  await context.close();
});
