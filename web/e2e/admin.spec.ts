// The admin area end to end (issue 8): an editor of ko (signed up, granted with `writeit users
// grant`, signed in through the UI) edits an entry, and a learner's browser sees it on its next
// sync; the same editor, and a guest, get the 403 page where they may not curate.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, collectPageErrors, localCounts, query, type Row } from './helpers';
import { repoDir } from './server';

const PASSWORD = 'a quiet river 42';
const newEmail = () => `admin-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An account made an editor of `languages` by the CLI, as an admin would. */
async function makeEditor(request: APIRequestContext, languages: string[]): Promise<string> {
  const email = newEmail();
  const res = await request.post('/identity/v1/accounts:signUp', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok(), `signUp: HTTP ${res.status()}`).toBe(true);
  const bin = process.env.WRITEIT_BIN ? resolve(process.env.WRITEIT_BIN) : join(repoDir, 'target/debug/writeit');
  const dataDir = process.env.WRITEIT_E2E_DATA;
  if (!dataDir) throw new Error('WRITEIT_E2E_DATA is not set (e2e/global-setup.ts)');
  execFileSync(bin, ['users', '--data-dir', dataDir, 'grant', email, 'editor', ...languages], { stdio: 'pipe' });
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The first entry of the Korean starter deck. */
async function koreanEntryId(request: APIRequestContext): Promise<string> {
  const decks = await query(request, 'queryDecks', { offset: 0 });
  const deck = decks.find((d: Row) => d.title === KOREAN_DECK_TITLE && !d.deleted);
  expect(deck, 'the Korean starter deck').toBeDefined();
  return deck!.entryIds![0]!;
}

test('an editor of ko edits an entry and another browser sees it after its next sync', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const entryId = await koreanEntryId(request);
  const reading = `e2e reading ${Date.now()}`;

  // A learner's browser, synced before the edit.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(`/entries/${entryId}`);
  await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(learner.getByText(reading)).toHaveCount(0);

  const email = await makeEditor(request, ['ko']);
  await signIn(page, email);
  await page.goto(`/admin/ko/entries/${entryId}`);
  await expect(page.getByText('WriteIt Admin')).toBeVisible();
  const form = page.getByRole('form', { name: 'Entry' });
  const field = form.getByRole('textbox', { name: 'Reading' });
  await expect(field).not.toHaveValue('');
  // A problem shows next to its field, and nothing is saved meanwhile.
  await form.getByRole('textbox', { name: 'Audio URL' }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('An https:// address, or an audio file of this app (/media/…).')).toBeVisible();
  await form.getByRole('textbox', { name: 'Audio URL' }).fill('');
  await field.fill(reading);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved. It reaches learners on their next sync.')).toBeVisible();
  // The server took it: the outbox empties and nothing was refused.
  await expect.poll(async () => (await localCounts(page)).outbox ?? 0, { timeout: 20_000 }).toBe(0);
  await expect(page.locator('[data-sync-status="error"]')).toHaveCount(0);
  const rows = await query<Row[]>(request, 'queryEntries', { offset: 0, limit: 5000 });
  expect((rows.find((r) => r.id === entryId) as { reading?: string } | undefined)?.reading).toBe(reading);

  // The learner's next sync (the app syncs when it starts) brings the new reading.
  await learner.reload();
  await expect(learner.getByText(reading)).toBeVisible({ timeout: 20_000 });
  await learnerContext.close();
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('an editor of ko is refused on /admin/ja, and a guest on /admin', async ({ page, request }) => {
  const email = await makeEditor(request, ['ko']);
  await signIn(page, email);
  await page.goto('/admin/ja');
  await expect(page.getByRole('heading', { level: 1, name: "This area is for the app's editors" })).toBeVisible();
  await expect(page.getByText(`Your account (${email}) edits other languages, not Japanese.`, { exact: false })).toBeVisible();
  await expect(page.getByText('WriteIt Admin')).toHaveCount(0);
  await expect(page.getByTestId('admin-forbidden').getByRole('link', { name: 'Sign in with another account' })).toBeVisible();
  await expect(page.getByTestId('admin-forbidden').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');

  // Their own language opens in the admin layout.
  await page.goto('/admin/ko');
  await expect(page.getByText('WriteIt Admin')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Korean/ })).toBeVisible();

  // A guest gets the same page, with a way to sign in.
  const guest = await page.context().browser()!.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/admin');
  await expect(guestPage.getByRole('heading', { level: 1, name: "This area is for the app's editors" })).toBeVisible();
  await expect(guestPage.getByTestId('admin-forbidden').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin?continueUrl=%2Fadmin');
  await guest.close();
});

test('an editor makes a deck: adds entries by search and in bulk, reorders by keyboard, undoes, deletes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const email = await makeEditor(request, ['ko']);
  await signIn(page, email);
  const title = `E2E deck ${Date.now()}`;
  await page.goto('/admin/ko/decks?new=1');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Two entries by search.
  const search = page.getByRole('searchbox', { name: 'Find entries by text, reading or meaning' });
  const rows = page.getByRole('list', { name: 'Entries of the deck, in order' }).getByRole('listitem');
  let added = '';
  for (const [i, q] of ['ㄱ', 'ㄴ'].entries()) {
    await search.fill(q);
    // The matches of this query, not the last one's (whose first entry is now in the deck).
    const add = page.getByRole('list', { name: 'Matching entries' }).getByRole('button', { name: /^Add / }).first();
    await expect(add).not.toHaveAttribute('aria-label', added);
    added = (await add.getAttribute('aria-label')) ?? '';
    await add.click();
    await expect(rows).toHaveCount(i + 1);
  }
  const before = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-entry-id')));

  // Keyboard drag: space picks up the first, arrow down, space drops.
  await rows.first().getByRole('button', { name: /^Move .*, 1 of 2$/ }).focus();
  // (dnd-kit measures between steps: a beat between the keys, as a person leaves.)
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-entry-id')))).toEqual([before[1], before[0]]);

  // Undo puts the order back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-entry-id')))).toEqual(before);

  // A new entry (every starter entry is in some deck)…
  const text = `새말${Date.now() % 100000}`;
  await page.goto('/admin/ko/entries');
  await page.getByRole('button', { name: 'New entry' }).click();
  const form = page.getByRole('form', { name: 'Entry' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Text' }).fill(text);
  await form.getByRole('textbox', { name: 'Meaning 1' }).fill('a new word');
  await form.getByRole('button', { name: 'Add an example' }).click();
  await form.getByRole('textbox', { name: 'Example 1' }).fill(`${text}이에요`);
  await form.getByRole('textbox', { name: 'Translation 1' }).fill('It is a new word');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/ko\/entries\/[0-9a-f-]{36}$/);

  // …found in the list by the "in no deck" filter, and added to the deck in bulk.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Entries' }).click();
  await page.getByRole('button', { name: 'In no deck' }).click();
  await page.getByRole('searchbox', { name: 'Search entries' }).fill(text);
  const list = page.getByRole('list', { name: 'Entries' });
  await expect(list.getByRole('checkbox')).toHaveCount(1);
  await list.getByRole('checkbox', { name: `Select ${text}` }).check();
  await page.getByRole('button', { name: 'Add to deck…' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Deck' }).click();
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Added 1 entry to ${title}.`)).toBeVisible();

  // Delete the deck, then undo from the list.
  await page.goto('/admin/ko/decks');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete deck' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted “${title}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect.poll(async () => (await localCounts(page)).outbox ?? 0, { timeout: 20_000 }).toBe(0);
  await expect(page.locator('[data-sync-status="error"]')).toHaveCount(0);
  expect(errors.map((e) => e.message)).toEqual([]);
});
