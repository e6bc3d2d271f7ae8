// Import in the admin area (issue 8): a CSV goes through preview, mapping and progress into a new
// deck that then lists its entries; a file with a bad row is refused whole, with the row named;
// importing words the language already has reuses its entries. Issue 37: every refused row is
// listed by its line in the file, the result says what was made, and the languages table counts
// the server's rows.
import { expect, test } from '@playwright/test';
import { keepingOnly, query, signInAsAdmin, waitForFullSync, type Row } from './helpers';

/** Words no other run made (a retry runs against the same server). */
const RUN = Date.now().toString(36);

function csv(rows: number, bad?: number): Buffer {
  const lines = ['Hangul,Romanization,English'];
  for (let i = 1; i <= rows; i++) lines.push(i === bad ? `,missing ${i},no text` : `단어${RUN}-${i},daneo ${i},word ${i}`);
  return Buffer.from(lines.join('\n') + '\n');
}

test('imports a CSV into a new deck, and refuses a file with a bad row whole', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, request);
  await waitForFullSync(page);
  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import entries into ko' });
  await dialog.getByTestId('import-file').setInputFiles({ name: 'words.csv', mimeType: 'text/csv', buffer: csv(3000) });
  await expect(dialog.getByText('3,000 rows (CSV). The first ones:')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'First rows of the file' }).getByText(`단어${RUN}-1`, { exact: true })).toBeVisible();
  await dialog.getByLabel('Title of the new deck').fill('Imported words');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Created the deck “Imported words” with 3,000 entries.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('link', { name: 'Open the deck' }).click();
  // The deck arrives with the sync the import started (3,000 entries).
  await expect(page.getByRole('heading', { name: 'Imported words' })).toBeVisible({ timeout: 45_000 });
  // 3,000 rows are shown a hundred at a time (all at once, their drag-and-drop froze the page).
  const rows = page.getByRole('list', { name: 'Entries of the deck, in order' }).getByRole('listitem');
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Show 100 more (2,900 not shown)' }).click();
  await expect(rows).toHaveCount(200);
  await expect(rows.nth(199)).toContainText(`단어${RUN}-200`);

  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const again = page.getByRole('dialog', { name: 'Import entries into ko' });
  await again.getByTestId('import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csv(50, 42) });
  await again.getByLabel('Title of the new deck').fill('Never made');
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  // Row 42 is line 43: the header is line 1.
  await expect(again.getByRole('alert')).toContainText('1 row is refused, so nothing was imported.');
  await expect(again.getByRole('list', { name: 'Refused rows' }).getByRole('listitem')).toHaveText(['Line 43, column “Hangul”: Required.']);
  const decks = await request.get(`/api/trpc/queryDecks?input=${encodeURIComponent(JSON.stringify({ offset: 0 }))}`);
  const titles = ((await decks.json()) as { result: { data: { title: string }[] } }).result.data.map((d) => d.title);
  expect(titles).toContain('Imported words');
  expect(titles).not.toContain('Never made');

  // The first 20 words again: the language has them, so its entries are listed, none made.
  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const third = page.getByRole('dialog', { name: 'Import entries into ko' });
  await third.getByTestId('import-file').setInputFiles({ name: 'some.csv', mimeType: 'text/csv', buffer: csv(20) });
  await third.getByLabel('Title of the new deck').fill('The first twenty');
  await expect(third.getByRole('checkbox', { name: /Use the entries this language already has/ })).toBeChecked();
  await third.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(third.getByText('Created the deck “The first twenty” with 20 entries. 20 entries were already in this language and are left as they were.')).toBeVisible({
    timeout: 30_000,
  });
});

test.describe('refused rows and the result in words (issue 37)', () => {
  // One device that keeps Korean alone: the other languages' rows are not on it.
  test.use({ storageState: keepingOnly(['ko']) });

  test('lists every refused row by its line, then says what the fixed file made', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, request);
    await waitForFullSync(page);

    // The languages table counts the server's rows, also of a language this device does not hold.
    await page.goto('/admin');
    const jaDecks = (await query(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['ja'] })).filter((d: Row) => d.languageCode === 'ja' && !d.deleted);
    expect(jaDecks.length).toBeGreaterThan(0);
    const ja = page.getByRole('table', { name: 'Languages' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'ja', exact: true }) });
    await expect(ja.getByRole('cell').nth(2)).toHaveText(String(jaDecks.length));
    // Without the server, the table says it cannot count rather than showing this device's rows.
    await page.route('**/api/trpc/queryLanguageCounts*', (route) => route.abort());
    await page.reload();
    await expect(page.getByText('The server cannot be reached, so the counts are not shown')).toBeVisible();
    await expect(ja.getByRole('cell').nth(2)).toHaveText('—');
    await page.unroute('**/api/trpc/queryLanguageCounts*');

    // Three bad rows between good ones, two of them after a quoted cell that spans two lines.
    const tag = Date.now().toString(36);
    const lines = (bad: boolean) =>
      [
        'Hangul,Romanization,English',
        `책상${tag},chaeksang,"desk`,
        'table"',
        bad ? ',missing,no text' : `연필${tag},yeonpil,pencil`,
        `의자${tag},uija,chair`,
        bad ? `${'가'.repeat(201)},long,too long` : `공책${tag},gongchaek,notebook`,
        `창문${tag},changmun,"window`,
        'pane"',
        bad ? ',also missing,no text' : `가위${tag},gawi,scissors`,
      ].join('\n') + '\n';
    await page.goto('/admin/ko/decks');
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Import entries into/ });
    await dialog.getByTestId('import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(lines(true)) });
    const title = `Fixed words ${tag}`;
    await dialog.getByLabel('Title of the new deck').fill(title);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('3 rows are refused, so nothing was imported.');
    await expect(alert.getByRole('list', { name: 'Refused rows' }).getByRole('listitem')).toHaveText([
      'Line 4, column “Hangul”: Required.',
      'Line 6, column “Hangul”: At most 200 characters.',
      'Line 9, column “Hangul”: Required.',
    ]);

    // The same file fixed: a new deck of six entries.
    await dialog.getByTestId('import-file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(lines(false)) });
    await dialog.getByLabel('Title of the new deck').fill(title);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText(`Created the deck “${title}” with 6 entries.`, { exact: true })).toBeVisible({ timeout: 30_000 });

    // What the server stored: the deck, its six entries in file order (stamped with the deck, in
    // the import's one transaction).
    const decks = await query<(Row & { entryIds: string[]; updatedAt: number })[]>(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['ko'] });
    const deck = decks.find((d) => d.title === title && !d.deleted);
    expect(deck?.entryIds).toHaveLength(6);
    const stamp = deck!.updatedAt;
    const entries = await query<(Row & { text: string; meanings: string[] })[]>(request, 'queryEntries', { offset: stamp - 1, until: stamp, limit: 5000, languages: ['ko'] });
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(deck?.entryIds.map((id) => byId.get(id)?.text)).toEqual(['책상', '연필', '의자', '공책', '창문', '가위'].map((w) => w + tag));
    expect(byId.get(deck!.entryIds[0]!)?.meanings).toEqual(['desk', 'table']);
  });
});
